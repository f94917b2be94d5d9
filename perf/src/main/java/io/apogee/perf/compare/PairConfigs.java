package io.apogee.perf.compare;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The configs of a master-slave pair, for each broker in its own keys (Apogee reads RocketMQ's names): one broker
 * group, the master as brokerId 0 in the scenario's role, the slave as brokerId 1 with its own store and ports. Both
 * take the comparison's flush mode; only the master exports metrics. Apogee's slave is given its master's HA address
 * ({@code haMasterAddress}). RocketMQ's learns it from the name server's answer to its registration, as its
 * deployments do: with haMasterAddress in its file, 5.4.0's HA client tried to connect to "null". Stateless.
 */
final class PairConfigs {
    /** The broker group both brokers of a pair belong to. */
    static final String BROKER_NAME = "broker-a";
    /**
     * RocketMQ 5.4.0's classic SYNC_MASTER waits for a slave only when inSyncReplicas (master included) is 2 or more;
     * with its default of 1 it acknowledges at once. Apogee's always waits, so RocketMQ's gets 2 to do the same work.
     */
    static final String ROCKETMQ_SYNC_REPLICAS = "2";

    private PairConfigs() {
    }

    /**
     * Apogee's ports of a pair.
     *
     * @param nameServer the master's embedded name server, where the slave registers too
     * @param master     the master's broker port
     * @param masterHa   the master's HA port, where the slave connects
     * @param slave      the slave's broker port
     */
    record ApogeePorts(int nameServer, int master, int masterHa, int slave) {
    }

    /** Apogee master's broker.conf: its embedded name server, its HA port, the role, the flush mode and metrics. */
    static String apogeeMaster(BrokerSettings settings, MasterRole role, Path store, ApogeePorts ports) {
        List<String> lines = apogeeCommon(settings, store, ports.master());
        lines.addAll(List.of(
            "namesrvListenPort=" + ports.nameServer(),
            "haListenPort=" + ports.masterHa(),
            "brokerId=0",
            "brokerRole=" + role.name()));
        settings.metricsSettings().forEach((key, value) -> lines.add(key + "=" + value));
        return String.join("\n", lines) + "\n";
    }

    /** Apogee slave's broker.conf: registered with the master's name server, following the master's HA port. */
    static String apogeeSlave(BrokerSettings settings, Path store, ApogeePorts ports) {
        List<String> lines = apogeeCommon(settings, store, ports.slave());
        lines.addAll(List.of(
            "namesrvAddr=127.0.0.1:" + ports.nameServer(),
            "haListenPort=0",
            "brokerId=1",
            "brokerRole=SLAVE",
            "haMasterAddress=127.0.0.1:" + ports.masterHa()));
        return String.join("\n", lines) + "\n";
    }

    private static List<String> apogeeCommon(BrokerSettings settings, Path store, int brokerPort) {
        List<String> lines = new ArrayList<>(List.of(
            "listenPort=" + brokerPort,
            "streamListenPort=0",
            "brokerIP1=127.0.0.1",
            "brokerName=" + BROKER_NAME,
            "storePathRootDir=" + store,
            "flushDiskType=" + settings.flushDiskType()));
        lines.addAll(settings.apogeeTlsSettings());
        return lines;
    }

    /**
     * Apache RocketMQ master's keys over the launcher's: a single run's keys, the role, its HA port (listenPort + 1,
     * RocketMQ's default, said aloud), and for a SYNC_MASTER the replica count that makes it wait for the slave.
     */
    static Map<String, String> rocketMqMaster(BrokerSettings settings, MasterRole role, int brokerPort) {
        Map<String, String> keys = new LinkedHashMap<>(RocketMqRun.brokerConf(settings));
        keys.put("brokerName", BROKER_NAME);
        keys.put("brokerRole", role.name());
        // the HA address the master registers (brokerIP2:haListenPort); RocketMQ's default is the host's address
        keys.put("brokerIP2", "127.0.0.1");
        keys.put("haListenPort", Integer.toString(rocketMqHaPort(brokerPort)));
        if (role.waitsForSlave()) {
            keys.put("inSyncReplicas", ROCKETMQ_SYNC_REPLICAS);
        }
        return keys;
    }

    /** Apache RocketMQ slave's keys over the launcher's: brokerId 1 of the same group. */
    static Map<String, String> rocketMqSlave(BrokerSettings settings) {
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("flushDiskType", settings.flushDiskType());
        keys.put("brokerName", BROKER_NAME);
        keys.put("brokerId", "1");
        keys.put("brokerRole", "SLAVE");
        return keys;
    }

    /** A RocketMQ broker's HA port: listenPort + 1, which {@link io.apogee.launcher.Ports#freeRocketMqBrokerPort()} keeps free. */
    static int rocketMqHaPort(int brokerPort) {
        return brokerPort + 1;
    }
}
