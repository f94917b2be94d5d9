package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.failover.ControllerMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ControllerModeKeysTest {
    @TempDir
    Path dir;

    @Test
    void offByDefaultWithRocketMqsPeriods() {
        ControllerMode mode = BrokerConfig.of(new Properties(), dir).controllerMode();
        assertThat(mode.enabled()).isFalse();
        assertThat(mode.controllers()).isEmpty();
        assertThat(mode.syncBrokerMetadataMillis()).isEqualTo(5_000);
        assertThat(mode.heartbeatIntervalMillis()).isEqualTo(1_000);
        assertThat(mode.heartbeatTimeoutMillis()).isEqualTo(10_000);
        assertThat(mode.checkSyncStateSetMillis()).isEqualTo(5_000);
        assertThat(mode.maxNotCatchupMillis()).isEqualTo(15_000);
        assertThat(mode.allAckInSyncStateSet()).isFalse();
        assertThat(mode.minInSyncReplicas()).isEqualTo(1);
    }

    @Test
    void theControllersAndPeriodsAsGiven() {
        Properties settings = properties("enableControllerMode", "true");
        settings.setProperty("controllerAddr", "h1:9878; h2:9878;h3:9878");
        settings.setProperty("syncBrokerMetadataPeriod", "500");
        settings.setProperty("brokerHeartbeatInterval", "200");
        settings.setProperty("controllerHeartBeatTimeoutMills", "3000");
        settings.setProperty("checkSyncStateSetPeriod", "300");
        settings.setProperty("haMaxTimeSlaveNotCatchup", "4000");
        settings.setProperty("allAckInSyncStateSet", "true");
        settings.setProperty("minInSyncReplicas", "2");
        ControllerMode mode = BrokerConfig.of(settings, dir).controllerMode();
        assertThat(mode).isEqualTo(new ControllerMode(true, List.of("h1:9878", "h2:9878", "h3:9878"), 500, 200, 3_000,
            300, 4_000, true, 2));
    }

    @Test
    void controllerModeWithoutControllersOrWithBadValuesIsRefusedByName() {
        assertThatThrownBy(() -> BrokerConfig.of(properties("enableControllerMode", "true"), dir))
            .isInstanceOf(BrokerConfigException.class).hasMessageContaining("controllerAddr");
        assertThatThrownBy(() -> BrokerConfig.of(properties("controllerAddr", "h1:99999"), dir))
            .isInstanceOf(BrokerConfigException.class).hasMessageContaining("controllerAddr");
        assertThatThrownBy(() -> BrokerConfig.of(properties("syncBrokerMetadataPeriod", "0"), dir))
            .isInstanceOf(BrokerConfigException.class).hasMessageContaining("syncBrokerMetadataPeriod");
        assertThatThrownBy(() -> BrokerConfig.of(properties("controllerHeartBeatTimeoutMills", "-1"), dir))
            .isInstanceOf(BrokerConfigException.class).hasMessageContaining("controllerHeartBeatTimeoutMills");
        assertThatThrownBy(() -> BrokerConfig.of(properties("minInSyncReplicas", "0"), dir))
            .isInstanceOf(BrokerConfigException.class).hasMessageContaining("minInSyncReplicas");
        assertThatThrownBy(() -> BrokerConfig.of(properties("haMaxTimeSlaveNotCatchup", "0"), dir))
            .isInstanceOf(BrokerConfigException.class).hasMessageContaining("haMaxTimeSlaveNotCatchup");
    }

    @Test
    void theConfigOfARoleKeepsEverythingButRoleIdAndPort() {
        Properties settings = properties("brokerName", "broker-x");
        settings.setProperty("brokerRole", "SYNC_MASTER");
        BrokerConfig config = BrokerConfig.of(settings, dir);
        BrokerConfig slave = config.withRole(BrokerRole.SLAVE, 3, 20911);
        assertThat(slave.replication().role()).isEqualTo(BrokerRole.SLAVE);
        assertThat(slave.replication().brokerId()).isEqualTo(3);
        assertThat(slave.listenPort()).isEqualTo(20911);
        assertThat(slave.brokerName()).isEqualTo("broker-x");
        assertThat(slave.storeRoot()).isEqualTo(config.storeRoot());
        assertThat(config.replication().role()).as("the original is unchanged").isEqualTo(BrokerRole.SYNC_MASTER);
    }

    private static Properties properties(String key, String value) {
        Properties properties = new Properties();
        properties.setProperty(key, value);
        return properties;
    }
}
