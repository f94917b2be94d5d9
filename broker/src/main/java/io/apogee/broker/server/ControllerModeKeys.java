package io.apogee.broker.server;

import io.apogee.broker.failover.ControllerMode;
import java.util.List;

/**
 * The controller-mode keys of {@code broker.conf}, under RocketMQ 5's names: whether the controller decides the
 * broker's role, where its replicas are, and how often the broker reports to it and reads from it. See
 * docs/failover.md.
 *
 * <p>Immutable; safe for any thread.
 */
final class ControllerModeKeys {
    private static final int MAX = Integer.MAX_VALUE;
    private static final String MILLIS = "ms";

    static final ConfigKey<Boolean> ENABLED = ConfigKey.bool("enableControllerMode", false)
        .doc("Whether the controllers of controllerAddr decide which broker of the group is master. brokerId and"
            + " brokerRole's master or slave are then ignored: the broker applies for an id, keeps it in"
            + " `<storePathRootDir>/brokerIdentity`, and turns master or slave as the controller says. See"
            + " docs/failover.md.");
    static final ConfigKey<List<String>> ADDRESSES = ConfigKey.of("controllerAddr", "list", "",
            "`host:port` entries separated by `;`", BrokerConfig::addresses)
        .unlikeRocketMq("RocketMQ can also look the addresses up in DNS (fetchControllerAddrByDnsLookup); Apogee"
            + " reads only the list.")
        .doc("The remoting address of every controller replica. Needed with enableControllerMode.");
    static final ConfigKey<Integer> SYNC_BROKER_METADATA = ConfigKey.integer("syncBrokerMetadataPeriod", 5_000, 10, MAX)
        .unit(MILLIS)
        .doc("How often a broker in controller mode reads its group (master, epoch) from the controller, and turns"
            + " master or slave when it changed.");
    static final ConfigKey<Integer> HEARTBEAT_INTERVAL = ConfigKey.integer("brokerHeartbeatInterval", 1_000, 10, MAX)
        .unit(MILLIS)
        .doc("How often a broker in controller mode sends BROKER_HEARTBEAT to the leading controller replica.");
    static final ConfigKey<Integer> HEARTBEAT_TIMEOUT = ConfigKey.integer("controllerHeartBeatTimeoutMills", 10_000, 1,
            MAX).unit(MILLIS)
        .doc("How long the controller may go without this broker's heartbeat before it counts the broker as gone; sent"
            + " in every heartbeat. A master gone that long is replaced.");

    static final ConfigKey<Integer> CHECK_SYNC_STATE_SET = ConfigKey.integer("checkSyncStateSetPeriod", 5_000, 10, MAX)
        .unit(MILLIS)
        .doc("How often a master in controller mode checks which slaves are in sync, and asks the controller to change"
            + " its sync-state set when they changed.");
    static final ConfigKey<Integer> MAX_NOT_CATCHUP = ConfigKey.integer("haMaxTimeSlaveNotCatchup", 15_000, 1, MAX)
        .unit(MILLIS)
        .doc("How long a slave may go without holding the whole log of the master's previous check and still be in"
            + " the sync-state set. Controller mode only.");

    static final ConfigKey<Boolean> ALL_ACK = ConfigKey.bool("allAckInSyncStateSet", false)
        .doc("Controller mode: a send is acknowledged only once every member of the sync-state set holds it (the master"
            + " is then a SYNC_MASTER). Off: brokerRole says when a master acknowledges.");
    static final ConfigKey<Integer> MIN_IN_SYNC = ConfigKey.integer("minInSyncReplicas", 1, 1, MAX)
        .doc("Controller mode: the fewest members, the master included, the sync-state set needs for a master to take"
            + " sends. With fewer, a send is refused (SYSTEM_ERROR, \"in-sync replicas not enough\") and not stored.");

    private ControllerModeKeys() {
    }

    /** The controller-mode settings of {@code values}; controllerAddr is needed when the mode is on. */
    static ControllerMode settings(ConfigValues values) {
        boolean enabled = values.get(ENABLED);
        List<String> controllers = values.get(ADDRESSES);
        if (enabled && controllers.isEmpty()) {
            throw new BrokerConfigException(ADDRESSES.name(), "enableControllerMode=true needs the controller replicas'"
                + " addresses");
        }
        return new ControllerMode(enabled, controllers, values.get(SYNC_BROKER_METADATA), values.get(HEARTBEAT_INTERVAL),
            values.get(HEARTBEAT_TIMEOUT), values.get(CHECK_SYNC_STATE_SET), values.get(MAX_NOT_CATCHUP),
            values.get(ALL_ACK), values.get(MIN_IN_SYNC));
    }
}
