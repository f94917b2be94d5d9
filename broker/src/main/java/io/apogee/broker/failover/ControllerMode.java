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
 */
public record ControllerMode(boolean enabled, List<String> controllers, int syncBrokerMetadataMillis,
    int heartbeatIntervalMillis, int heartbeatTimeoutMillis) {
    /** No controller: the classic roles of brokerRole. */
    public static final ControllerMode OFF = new ControllerMode(false, List.of(), 5_000, 1_000, 10_000);

    /** Copies the list. */
    public ControllerMode {
        controllers = List.copyOf(controllers);
    }
}
