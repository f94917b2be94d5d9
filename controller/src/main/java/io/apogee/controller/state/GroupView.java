package io.apogee.controller.state;

import java.util.SortedMap;
import java.util.SortedSet;

/**
 * A copy of one broker group as the controller knows it: its replicas by broker id, the master (-1 and a null address
 * when there is none), the master epoch and the sync-state set with its epoch. Epochs start at 0 and grow by one on
 * every change. Immutable.
 */
public record GroupView(String clusterName, String brokerName, SortedMap<Long, String> replicas, long masterBrokerId,
                        String masterAddress, int masterEpoch, SortedSet<Long> syncStateSet, int syncStateSetEpoch) {
    /** The id that stands for "no master". */
    public static final long NO_MASTER = -1;

    /** True when the group has a master now. */
    public boolean hasMaster() {
        return masterBrokerId != NO_MASTER;
    }
}
