package io.apogee.controller.server;

import io.apogee.common.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Which brokers the leading controller hears from, as RocketMQ's BrokerHeartbeatManager keeps it: the time of each
 * broker's last heartbeat, its own timeout and the commit-log offset it reported. Lives only on the leader and never
 * in the Raft log; a replica that starts to lead begins empty and gives every known broker a full timeout of grace
 * ({@link #graceIfUnknown}). Thread-safe: heartbeats arrive on event loops, the scan runs on the scheduler.
 */
public final class BrokerLiveness {
    private final Clock clock;
    private final long defaultTimeoutNanos;
    private final Map<String, Map<Long, Beat>> groups = new ConcurrentHashMap<>();

    /** What the last heartbeat of one broker said, and when it came. */
    private record Beat(long atNanos, long timeoutNanos, long maxOffset) {
    }

    /** Liveness on {@code clock}, with {@code defaultTimeoutMillis} for heartbeats that name no timeout. */
    public BrokerLiveness(Clock clock, long defaultTimeoutMillis) {
        this.clock = clock;
        this.defaultTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(defaultTimeoutMillis);
    }

    /** Broker {@code brokerId} of {@code brokerName} is alive now; {@code timeoutMillis} 0 takes the default. */
    public void onHeartbeat(String brokerName, long brokerId, long timeoutMillis, long maxOffset) {
        long timeout = timeoutMillis > 0 ? TimeUnit.MILLISECONDS.toNanos(timeoutMillis) : defaultTimeoutNanos;
        groups.computeIfAbsent(brokerName, name -> new ConcurrentHashMap<>())
            .put(brokerId, new Beat(clock.nanos(), timeout, maxOffset));
    }

    /** Starts the clock for a broker never heard from since this replica began to lead. */
    public void graceIfUnknown(String brokerName, long brokerId) {
        groups.computeIfAbsent(brokerName, name -> new ConcurrentHashMap<>())
            .putIfAbsent(brokerId, new Beat(clock.nanos(), defaultTimeoutNanos, -1));
    }

    /** True when {@code brokerId} of {@code brokerName} was heard from within its timeout. */
    public boolean isAlive(String brokerName, long brokerId) {
        Beat beat = groups.getOrDefault(brokerName, Map.of()).get(brokerId);
        return beat != null && clock.nanos() - beat.atNanos() <= beat.timeoutNanos();
    }

    /** The live brokers of {@code brokerName}, the one with the highest reported offset first, then by id. */
    public List<Long> alive(String brokerName) {
        long now = clock.nanos();
        List<Map.Entry<Long, Beat>> live = new ArrayList<>();
        for (Map.Entry<Long, Beat> entry : groups.getOrDefault(brokerName, Map.of()).entrySet()) {
            if (now - entry.getValue().atNanos() <= entry.getValue().timeoutNanos()) {
                live.add(entry);
            }
        }
        live.sort(Comparator.<Map.Entry<Long, Beat>>comparingLong(e -> -e.getValue().maxOffset())
            .thenComparingLong(Map.Entry::getKey));
        List<Long> ids = new ArrayList<>(live.size());
        for (Map.Entry<Long, Beat> entry : live) {
            ids.add(entry.getKey());
        }
        return ids;
    }

    /** Forgets everything: this replica no longer leads. */
    public void clear() {
        groups.clear();
    }
}
