package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.filter.SqlLimits;
import io.apogee.broker.namesrv.KvConfigLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BrokerConfigTest {
    @TempDir
    Path dir;

    @Test
    void defaultsAreRocketMqs() {
        BrokerConfig config = BrokerConfig.of(new Properties(), dir);
        assertThat(config.listenPort()).isEqualTo(10911);
        assertThat(config.nameServerPort()).isEqualTo(9876);
        assertThat(config.brokerName()).isEqualTo("broker-a");
        assertThat(config.clusterName()).isEqualTo("DefaultCluster");
        assertThat(config.storeRoot()).isEqualTo(dir);
        assertThat(config.flushDiskType()).isEqualTo(FlushDiskType.ASYNC_FLUSH);
        assertThat(config.autoCreateTopicEnable()).isTrue();
        assertThat(config.defaultTopicQueueNums()).isEqualTo(8);
        assertThat(config.maxMessageSize()).isEqualTo(4 * 1024 * 1024);
        assertThat(config.suspendMaxMillis()).isEqualTo(15_000);
        assertThat(config.fileReservedHours()).isEqualTo(72);
        assertThat(config.enablePropertyFilter()).isFalse();
        assertThat(config.bindAddress()).isEqualTo("0.0.0.0");
        assertThat(config.filterLimits()).isEqualTo(new SqlLimits(16_384, 100));
        assertThat(config.kvConfigLimits()).isEqualTo(new KvConfigLimits(255, 1024, 65_536, 4 << 20));
    }

    @Test
    void readsBrokerConfNames() throws IOException {
        Path file = dir.resolve("broker.conf");
        Files.writeString(file, """
            # a RocketMQ broker.conf
            brokerClusterName = ProdCluster
            brokerName=broker-b
            listenPort=20911
            brokerIP1=127.0.0.1
            storePathRootDir=%s
            flushDiskType=SYNC_FLUSH
            autoCreateTopicEnable=false
            defaultTopicQueueNums=4
            fileReservedTime=48
            maxMessageSize=65536
            brokerSuspendMaxTimeMillis=5000
            namesrvListenPort=0
            namesrvAddr=10.0.0.1:9876; 10.0.0.2:9876
            registerNameServerPeriod=10000
            enablePropertyFilter=true
            bindAddress=127.0.0.1
            filterExpressionMaxLength=1024
            filterExpressionMaxDepth=20
            """.formatted(dir.resolve("data").toString().replace("\\", "/")));
        BrokerConfig config = BrokerConfig.load(file, dir);
        assertThat(config.clusterName()).isEqualTo("ProdCluster");
        assertThat(config.brokerName()).isEqualTo("broker-b");
        assertThat(config.listenPort()).isEqualTo(20911);
        assertThat(config.storeRoot()).isEqualTo(dir.resolve("data"));
        assertThat(config.flushDiskType()).isEqualTo(FlushDiskType.SYNC_FLUSH);
        assertThat(config.autoCreateTopicEnable()).isFalse();
        assertThat(config.defaultTopicQueueNums()).isEqualTo(4);
        assertThat(config.fileReservedHours()).isEqualTo(48);
        assertThat(config.maxMessageSize()).isEqualTo(65536);
        assertThat(config.suspendMaxMillis()).isEqualTo(5000);
        assertThat(config.nameServerPort()).isZero();
        assertThat(config.nameServerAddresses()).containsExactly("10.0.0.1:9876", "10.0.0.2:9876");
        assertThat(config.registerPeriodMillis()).isEqualTo(10_000);
        assertThat(config.enablePropertyFilter()).isTrue();
        assertThat(config.bindAddress()).isEqualTo("127.0.0.1");
        assertThat(config.filterLimits()).isEqualTo(new SqlLimits(1024, 20));
    }

    @Test
    void aSeparateNameServerReplacesTheEmbeddedOneUnlessAPortIsGiven() {
        Properties properties = new Properties();
        properties.setProperty("namesrvAddr", "127.0.0.1:9876");
        assertThat(BrokerConfig.of(properties, dir).nameServerPort()).isZero();
        assertThat(BrokerConfig.of(properties, dir).registerPeriodMillis()).isEqualTo(30_000);
        properties.setProperty("namesrvListenPort", "19876");
        assertThat(BrokerConfig.of(properties, dir).nameServerPort()).isEqualTo(19876);
    }

    @Test
    void authorizationKeysTakeRocketMqsNamesAndProviderClasses() {
        Properties properties = new Properties();
        assertThat(BrokerConfig.of(properties, dir).authorization().enabled()).isFalse();
        properties.setProperty("authorizationEnabled", "true");
        properties.setProperty("authorizationProvider",
            "org.apache.rocketmq.auth.authorization.provider.DefaultAuthorizationProvider");
        properties.setProperty("authorizationMetadataProvider",
            "org.apache.rocketmq.auth.authorization.provider.LocalAuthorizationMetadataProvider");
        properties.setProperty("authorizationWhitelist", "34, 35,");
        BrokerConfig config = BrokerConfig.of(properties, dir);
        assertThat(config.authorization().enabled()).isTrue();
        assertThat(config.authorization().whitelist()).containsExactlyInAnyOrder(34, 35);

        properties.setProperty("authorizationProvider", "com.example.MyProvider");
        assertThatThrownBy(() -> BrokerConfig.of(properties, dir)).isInstanceOf(BrokerConfigException.class)
            .hasMessageStartingWith("authorizationProvider");
        properties.remove("authorizationProvider");
        properties.setProperty("authorizationWhitelist", "HEART_BEAT");
        assertThatThrownBy(() -> BrokerConfig.of(properties, dir)).isInstanceOf(BrokerConfigException.class)
            .hasMessageStartingWith("authorizationWhitelist");
    }

    @Test
    void replicationKeysTakeRocketMqsNamesAndDefaults() {
        Replication master = BrokerConfig.of(new Properties(), dir).replication();
        assertThat(master).isEqualTo(new Replication(BrokerRole.ASYNC_MASTER, 0, 10_912, "", 5_000, 32_768, false, 3_000,
            256 << 20, false, 10_000, 40, 60_000));
        Properties properties = new Properties();
        properties.setProperty("listenPort", "20911");
        properties.setProperty("brokerId", "2");
        properties.setProperty("brokerRole", "SLAVE");
        properties.setProperty("haMasterAddress", "10.0.0.1:20912");
        properties.setProperty("haSendHeartbeatInterval", "1000");
        properties.setProperty("haTransferBatchSize", "65536");
        properties.setProperty("slaveReadEnable", "true");
        assertThat(BrokerConfig.of(properties, dir).replication())
            .isEqualTo(new Replication(BrokerRole.SLAVE, 2, 20_912, "10.0.0.1:20912", 1_000, 65_536, true, 3_000,
                256 << 20, false, 10_000, 40, 60_000));
        properties.setProperty("listenPort", "0");
        assertThat(BrokerConfig.of(properties, dir).replication().haListenPort()).as("a free port, as listenPort's").isZero();
    }

    @Test
    void replicationIsAuthenticatedWhenAuthenticationIsUnlessTurnedOff() {
        Properties master = new Properties();
        master.setProperty("authenticationEnabled", "true");
        assertThat(BrokerConfig.of(master, dir).replication().authenticated()).as("authenticationEnabled's value").isTrue();
        master.setProperty("haAuthenticationEnabled", "false");
        assertThat(BrokerConfig.of(master, dir).replication().authenticated()).as("off, to pair with RocketMQ").isFalse();

        Properties slave = new Properties();
        slave.setProperty("brokerRole", "SLAVE");
        slave.setProperty("brokerId", "1");
        slave.setProperty("haAuthenticationEnabled", "true");
        assertThatThrownBy(() -> BrokerConfig.of(slave, dir)).isInstanceOf(BrokerConfigException.class)
            .hasMessage("haAuthenticationEnabled: a slave signs its replication connection with"
                + " innerClientAuthenticationCredentials, which are not set");
        slave.setProperty("innerClientAuthenticationCredentials", "{\"accessKey\": \"rocketmq2\", \"secretKey\": \"s3cr3t\"}");
        assertThat(BrokerConfig.of(slave, dir).replication().authenticated()).isTrue();
    }

    @Test
    void aSlaveNeedsAnIdAboveZeroAndAMasterZero() {
        Properties slave = new Properties();
        slave.setProperty("brokerRole", "SLAVE");
        assertThatThrownBy(() -> BrokerConfig.of(slave, dir)).isInstanceOf(BrokerConfigException.class)
            .hasMessageStartingWith("brokerId: a slave (brokerRole=SLAVE) needs a brokerId above 0");
        Properties master = new Properties();
        master.setProperty("brokerId", "1");
        assertThatThrownBy(() -> BrokerConfig.of(master, dir)).isInstanceOf(BrokerConfigException.class)
            .hasMessageStartingWith("brokerId: a master (brokerRole=ASYNC_MASTER) needs brokerId 0");
        assertBad("haMasterAddress", "10.0.0.1", "haMasterAddress: bad value '10.0.0.1'");
        assertBad("brokerRole", "LEADER", "brokerRole: bad value 'LEADER'");
    }

    @Test
    void unknownKeyStopsStartUpNamingIt() {
        Properties properties = new Properties();
        properties.setProperty("listenPrt", "10911");
        assertThatThrownBy(() -> BrokerConfig.of(properties, dir))
            .isInstanceOf(BrokerConfigException.class).hasMessageStartingWith("listenPrt: unknown key");
    }

    @Test
    void badValuesStopStartUpNamingTheKey() {
        assertBad("listenPort", "ten", "listenPort: bad value 'ten'");
        assertBad("listenPort", "70000", "listenPort: must be 0..65535: 70000");
        assertBad("flushDiskType", "SOMETIMES", "flushDiskType: bad value 'SOMETIMES'");
        assertBad("autoCreateTopicEnable", "yes", "autoCreateTopicEnable: bad value 'yes'");
        assertBad("enablePropertyFilter", "on", "enablePropertyFilter: bad value 'on'");
        assertBad("brokerName", "broker a", "brokerName: must be");
        assertBad("namesrvAddr", "10.0.0.1", "namesrvAddr: bad value '10.0.0.1'");
        assertBad("namesrvAddr", "10.0.0.1:9876;:1", "namesrvAddr: bad value");
        assertBad("registerNameServerPeriod", "10", "registerNameServerPeriod: must be 1000..60000: 10");
        assertBad("maxMessageSize", "0", "maxMessageSize: must be 1..");
    }

    private void assertBad(String key, String value, String message) {
        Properties properties = new Properties();
        properties.setProperty(key, value);
        assertThatThrownBy(() -> BrokerConfig.of(properties, dir))
            .isInstanceOf(BrokerConfigException.class).hasMessageStartingWith(message);
    }
}
