package io.apogee.perf.compare;

import io.apogee.broker.server.BrokerConfig;
import io.apogee.broker.server.BrokerRole;
import io.apogee.perf.compare.PairConfigs.ApogeePorts;
import org.apache.rocketmq.common.MixAll;
import org.apache.rocketmq.store.config.FlushDiskType;
import org.apache.rocketmq.store.config.MessageStoreConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The configs of (i) and (j)'s pairs, each read back by the broker that takes it: Apogee's {@link BrokerConfig}, and
 * Apache RocketMQ's own {@code BrokerConfig} and {@link MessageStoreConfig} filled as its BrokerStartup fills them.
 */
class PairConfigsTest {
    private static final ApogeePorts PORTS = new ApogeePorts(21001, 21002, 21003, 21004);
    private static final int ROCKETMQ_MASTER_PORT = 30911;

    @TempDir
    Path dir;

    @Test
    void apogeesMasterServesItsNameServerAndItsSlaveInTheScenariosRole() throws IOException {
        BrokerConfig master = apogee(PairConfigs.apogeeMaster(settings(false), MasterRole.SYNC_MASTER,
            dir.resolve("master"), PORTS));
        assertThat(master.replication().role()).isEqualTo(BrokerRole.SYNC_MASTER);
        assertThat(master.replication().brokerId()).isZero();
        assertThat(master.replication().haListenPort()).isEqualTo(PORTS.masterHa());
        assertThat(master.nameServerPort()).isEqualTo(PORTS.nameServer());
        assertThat(master.listenPort()).isEqualTo(PORTS.master());
        assertThat(master.storeRoot()).isEqualTo(dir.resolve("master"));
        assertThat(master.brokerName()).isEqualTo(PairConfigs.BROKER_NAME);

        assertThat(apogee(PairConfigs.apogeeMaster(settings(false), MasterRole.ASYNC_MASTER, dir.resolve("master"), PORTS))
            .replication().role()).isEqualTo(BrokerRole.ASYNC_MASTER);
    }

    @Test
    void apogeesSlaveRegistersWithTheMastersNameServerAndFollowsItsHaPort() throws IOException {
        BrokerConfig slave = apogee(PairConfigs.apogeeSlave(settings(false), dir.resolve("slave"), PORTS));
        assertThat(slave.replication().role()).isEqualTo(BrokerRole.SLAVE);
        assertThat(slave.replication().brokerId()).isEqualTo(1);
        assertThat(slave.replication().haMasterAddress()).isEqualTo("127.0.0.1:" + PORTS.masterHa());
        assertThat(slave.nameServerAddresses()).containsExactly("127.0.0.1:" + PORTS.nameServer());
        assertThat(slave.nameServerPort()).as("no name server of its own").isZero();
        assertThat(slave.listenPort()).isEqualTo(PORTS.slave());
        assertThat(slave.storeRoot()).isEqualTo(dir.resolve("slave"));
        assertThat(slave.brokerName()).isEqualTo(PairConfigs.BROKER_NAME);
    }

    @Test
    void bothApogeeBrokersTakeTheComparisonsFlushModeAndOnlyTheMasterExportsMetrics() throws IOException {
        BrokerSettings settings = new BrokerSettings(dir, "256m", true, CpuPinning.NONE, false, 15557);
        Properties master = properties(PairConfigs.apogeeMaster(settings, MasterRole.SYNC_MASTER, dir, PORTS));
        Properties slave = properties(PairConfigs.apogeeSlave(settings, dir, PORTS));
        assertThat(master).containsEntry("flushDiskType", "SYNC_FLUSH").containsEntry("metricsPromExporterPort", "15557");
        assertThat(slave).containsEntry("flushDiskType", "SYNC_FLUSH").doesNotContainKey("metricsExporterType");
    }

    @Test
    void rocketMqsSyncMasterWaitsForOneSlaveAsApogeesDoes() {
        Map<String, String> keys = PairConfigs.rocketMqMaster(settings(false), MasterRole.SYNC_MASTER, ROCKETMQ_MASTER_PORT);
        MessageStoreConfig store = rocketMqStore(keys);
        assertThat(store.getBrokerRole()).isEqualTo(org.apache.rocketmq.store.config.BrokerRole.SYNC_MASTER);
        assertThat(store.getInSyncReplicas()).as("the master and one slave").isEqualTo(2);
        assertThat(store.getHaListenPort()).isEqualTo(ROCKETMQ_MASTER_PORT + 1);
        assertThat(store.getFlushDiskType()).isEqualTo(FlushDiskType.ASYNC_FLUSH);
        org.apache.rocketmq.common.BrokerConfig broker = rocketMqBroker(keys);
        assertThat(broker.getBrokerIP2()).isEqualTo("127.0.0.1");
        assertThat(broker.getBrokerName()).isEqualTo(PairConfigs.BROKER_NAME);

        MessageStoreConfig async = rocketMqStore(PairConfigs.rocketMqMaster(settings(false), MasterRole.ASYNC_MASTER,
            ROCKETMQ_MASTER_PORT));
        assertThat(async.getBrokerRole()).isEqualTo(org.apache.rocketmq.store.config.BrokerRole.ASYNC_MASTER);
        assertThat(async.getInSyncReplicas()).as("RocketMQ's default").isEqualTo(new MessageStoreConfig().getInSyncReplicas());
    }

    @Test
    void rocketMqsSlaveIsBrokerOneOfTheGroupAndLearnsItsMasterFromTheNameServer() {
        BrokerSettings syncFlush = new BrokerSettings(dir, "256m", true, CpuPinning.NONE, false, 0);
        Map<String, String> keys = PairConfigs.rocketMqSlave(syncFlush);
        MessageStoreConfig store = rocketMqStore(keys);
        assertThat(store.getBrokerRole()).isEqualTo(org.apache.rocketmq.store.config.BrokerRole.SLAVE);
        assertThat(store.getHaMasterAddress()).as("taken from the registration's answer").isNull();
        assertThat(store.getFlushDiskType()).isEqualTo(FlushDiskType.SYNC_FLUSH);
        org.apache.rocketmq.common.BrokerConfig broker = rocketMqBroker(keys);
        assertThat(broker.getBrokerId()).isEqualTo(1);
        assertThat(broker.getBrokerName()).isEqualTo(PairConfigs.BROKER_NAME);
        assertThat(PairConfigs.rocketMqMaster(syncFlush, MasterRole.SYNC_MASTER, ROCKETMQ_MASTER_PORT))
            .as("both brokers of a pair flush alike").containsEntry("flushDiskType", "SYNC_FLUSH");
    }

    private BrokerConfig apogee(String conf) throws IOException {
        return BrokerConfig.of(properties(conf), dir);
    }

    private static Properties properties(String conf) throws IOException {
        Properties properties = new Properties();
        properties.load(new StringReader(conf));
        return properties;
    }

    private static MessageStoreConfig rocketMqStore(Map<String, String> keys) {
        MessageStoreConfig config = new MessageStoreConfig();
        MixAll.properties2Object(asProperties(keys), config);
        return config;
    }

    private static org.apache.rocketmq.common.BrokerConfig rocketMqBroker(Map<String, String> keys) {
        org.apache.rocketmq.common.BrokerConfig config = new org.apache.rocketmq.common.BrokerConfig();
        MixAll.properties2Object(asProperties(keys), config);
        return config;
    }

    private static Properties asProperties(Map<String, String> keys) {
        Properties properties = new Properties();
        properties.putAll(keys);
        return properties;
    }

    private BrokerSettings settings(boolean syncFlush) {
        return new BrokerSettings(dir, "256m", syncFlush, CpuPinning.NONE, false, 0);
    }
}
