package io.apogee.broker.failover;

import io.apogee.broker.ha.SlaveStatus;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which slaves a master counts as in sync, for its sync-state set: a slave that held the whole log as it stood at the
 * previous check has caught up then, and stays in sync until it has not caught up for {@code haMaxTimeSlaveNotCatchup}
 * (RocketMQ's rule and key). Comparing with the previous check's end, not the end now, keeps a slave that follows a
 * master under load in sync. Only slaves that named their broker id count.
 *
 * <p>Not thread-safe: the controller-mode broker's role thread owns it.
 */
public final class InSyncTracker {
    private final long maxNotCatchupMillis;
    private final Map<Long, Long> lastCaughtUpMillis = new HashMap<>();
    private long previousEnd;

    /** A tracker of a master whose log ends at {@code logEnd} as it starts. */
    public InSyncTracker(long maxNotCatchupMillis, long logEnd) {
        this.maxNotCatchupMillis = maxNotCatchupMillis;
        this.previousEnd = logEnd;
    }

    /** The ids of the slaves in sync at {@code nowMillis}, given their status and the log's end now. */
    public Set<Long> check(List<SlaveStatus> slaves, long logEnd, long nowMillis) {
        for (SlaveStatus slave : slaves) {
            if (slave.brokerId() >= 0 && slave.authenticated() && slave.ackedOffset() >= previousEnd) {
                lastCaughtUpMillis.put(slave.brokerId(), nowMillis);
            }
        }
        previousEnd = logEnd;
        Set<Long> inSync = new TreeSet<>();
        lastCaughtUpMillis.forEach((id, caughtUp) -> {
            if (nowMillis - caughtUp <= maxNotCatchupMillis) {
                inSync.add(id);
            }
        });
        return inSync;
    }
}
