package io.apogee.broker.order;

import io.apogee.common.time.Clock;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The rebalance locks of orderly consumers, as RocketMQ's {@code RebalanceLockManager} keeps them: per group, each
 * queue is held by at most one client id. A lock call takes a queue that is free, already held by the caller (which
 * renews it) or expired ({@code maxLiveMillis} after its holder last locked it, 60 s by default: clients renew every
 * 20 s); an unlock frees only the caller's own queues. Locks live in memory only, as RocketMQ's do: after a restart
 * clients lock again. An expired lock is dropped when its group is locked again and by {@link #sweep()}, and a group
 * left with no lock goes too, so clients that come and go cannot grow the table without bound.
 *
 * <p>Thread-safe: every method is synchronized (lock calls are rare: a rebalance, or every 20 s per client).
 */
public final class RebalanceLocks {
    /** RocketMQ's {@code rocketmq.broker.rebalance.lockMaxLiveTime} default. */
    public static final long DEFAULT_MAX_LIVE_MILLIS = 60_000;

    private final Clock clock;
    private final long maxLiveMillis;
    private final Map<String, Map<QueueLock, Holder>> groups = new HashMap<>();

    /** Locks that expire {@code maxLiveMillis} after their last renewal by {@code clock}. */
    public RebalanceLocks(Clock clock, long maxLiveMillis) {
        this.clock = clock;
        this.maxLiveMillis = maxLiveMillis;
    }

    /** Locks what it can of {@code queues} for {@code clientId} in {@code group}; returns the queues it now holds. */
    public synchronized Set<QueueLock> lock(String group, String clientId, Set<QueueLock> queues) {
        Map<QueueLock, Holder> held = groups.computeIfAbsent(group, name -> new HashMap<>());
        long now = clock.millis();
        dropExpired(held, now);
        Set<QueueLock> locked = new LinkedHashSet<>();
        for (QueueLock queue : queues) {
            Holder holder = held.get(queue);
            if (holder == null || holder.clientId.equals(clientId)) {
                held.put(queue, new Holder(clientId, now));
                locked.add(queue);
            }
        }
        if (held.isEmpty()) {
            groups.remove(group); // nothing asked for: keep no empty group
        }
        return locked;
    }

    /** Frees those of {@code queues} that {@code clientId} holds in {@code group}. */
    public synchronized void unlock(String group, String clientId, Set<QueueLock> queues) {
        Map<QueueLock, Holder> held = groups.get(group);
        if (held == null) {
            return;
        }
        for (QueueLock queue : queues) {
            Holder holder = held.get(queue);
            if (holder != null && holder.clientId.equals(clientId)) {
                held.remove(queue);
            }
        }
        if (held.isEmpty()) {
            groups.remove(group);
        }
    }

    /** The client holding {@code queue} in {@code group} now (unexpired), or null. */
    public synchronized String holder(String group, QueueLock queue) {
        Map<QueueLock, Holder> held = groups.get(group);
        Holder holder = held == null ? null : held.get(queue);
        return holder == null || clock.millis() - holder.lastLockMillis > maxLiveMillis ? null : holder.clientId;
    }

    /** Whether any queue of {@code group} is locked now (unexpired): the group consumes orderly. */
    public synchronized boolean holdsAny(String group) {
        Map<QueueLock, Holder> held = groups.get(group);
        if (held == null) {
            return false;
        }
        long now = clock.millis();
        for (Holder holder : held.values()) {
            if (now - holder.lastLockMillis <= maxLiveMillis) {
                return true;
            }
        }
        return false;
    }

    /** Drops every expired lock, and every group left with none. Run periodically, every lock lifetime. */
    public synchronized void sweep() {
        long now = clock.millis();
        groups.values().removeIf(held -> {
            dropExpired(held, now);
            return held.isEmpty();
        });
    }

    private void dropExpired(Map<QueueLock, Holder> held, long now) {
        held.values().removeIf(holder -> now - holder.lastLockMillis > maxLiveMillis);
    }

    /** How many locks the table holds, expired ones not yet dropped included. */
    public synchronized int lockCount() {
        int count = 0;
        for (Map<QueueLock, Holder> held : groups.values()) {
            count += held.size();
        }
        return count;
    }

    /** How many groups the table holds. */
    public synchronized int groupCount() {
        return groups.size();
    }

    /** Who holds a queue and when it last locked it. */
    private record Holder(String clientId, long lastLockMillis) {
    }
}
