package io.apogee.broker.failover;

import java.util.List;

/**
 * The controller-mode settings of a broker, RocketMQ 5's keys (docs/failover.md). Immutable.
 *
 * @param enabled                 enableControllerMode: the controller, not brokerRole, decides master and slave
 * @param controllers             controllerAddr: every controller replica's remoting "host:port"
 * @param syncBrokerMetadataMillis syncBrokerMetadataPeriod: how often the broker reads its group from the controller
 * @param heartbeatIntervalMillis brokerHeartbeatInterval: how often the broker tells the controller it lives
 * @param heartbeatTimeoutMillis  controllerHeartBeatTimeoutMills: how long the controller waits for a heartbeat
 * @param checkSyncStateSetMillis checkSyncStateSetPeriod: how often a master checks which slaves are in sync
 * @param maxNotCatchupMillis     haMaxTimeSlaveNotCatchup: how long a slave may go without catching up and stay in sync
 * @param allAckInSyncStateSet    whether a send is acknowledged only once every member of the sync-state set holds it
 * @param minInSyncReplicas       the fewest members (the master included) the sync-state set needs for sends
 */
public record ControllerMode(boolean enabled, List<String> controllers, int syncBrokerMetadataMillis,
    int heartbeatIntervalMillis, int heartbeatTimeoutMillis, int checkSyncStateSetMillis, int maxNotCatchupMillis,
    boolean allAckInSyncStateSet, int minInSyncReplicas) {

    /** Copies the list. */
    public ControllerMode {
        controllers = List.copyOf(controllers);
    }
}
