package io.apogee.broker.failover;

import java.util.Set;

/**
 * A broker group as the controller answers it: its master, if any, and the epochs. Immutable.
 *
 * @param masterBrokerId    the master's id, or {@link #NO_MASTER}
 * @param masterAddress     the master's broker address, or empty
 * @param masterEpoch       the master epoch: each new master bumps it
 * @param syncStateSetEpoch the sync-state set's epoch
 * @param syncStateSet      the ids in the sync-state set, when the answer named them; else empty
 */
public record GroupState(long masterBrokerId, String masterAddress, int masterEpoch, int syncStateSetEpoch,
    Set<Long> syncStateSet) {
    /** Copies the set. */
    public GroupState {
        syncStateSet = Set.copyOf(syncStateSet);
    }

    /** The id of no broker: the group has no master. */
    public static final long NO_MASTER = -1;

    /** Whether the group has a master. */
    public boolean hasMaster() {
        return masterBrokerId != NO_MASTER;
    }
}
