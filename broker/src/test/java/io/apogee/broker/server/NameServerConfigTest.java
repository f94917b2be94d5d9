package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.namesrv.KvConfigLimits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code apogee namesrv}'s config: RocketMQ namesrv.conf names, defaults as the real name server's, bad input named. */
class NameServerConfigTest {
    @TempDir
    Path dir;

    @Test
    void defaultsAreTheRealNameServers() {
        NameServerConfig config = NameServerMain.parse(new String[0], dir);
        assertThat(config.listenPort()).isEqualTo(9876);
        assertThat(config.scanIntervalMillis()).isEqualTo(5_000);
        assertThat(config.brokerExpiredMillis()).isEqualTo(120_000);
        assertThat(config.kvConfigPath()).isEqualTo(dir.resolve("namesrv").resolve("kvConfig.json"));
        assertThat(config.bindAddress()).isEqualTo("0.0.0.0");
        assertThat(config.kvConfigLimits()).isEqualTo(KvConfigLimits.DEFAULT);
    }

    @Test
    void readsAFile() throws Exception {
        Path file = Files.writeString(dir.resolve("namesrv.conf"), String.join("\n", "listenPort=19876",
            "kvConfigPath=" + dir.resolve("kv.json"), "scanNotActiveBrokerInterval=1000", "brokerChannelExpiredTime=30000",
            "kvConfigMaxValueLength=100", "kvConfigMaxTableLength=1000"));
        NameServerConfig config = NameServerMain.parse(new String[] {"-c", file.toString()}, dir);
        assertThat(config.listenPort()).isEqualTo(19876);
        assertThat(config.kvConfigPath()).isEqualTo(dir.resolve("kv.json"));
        assertThat(config.scanIntervalMillis()).isEqualTo(1_000);
        assertThat(config.brokerExpiredMillis()).isEqualTo(30_000);
        assertThat(config.kvConfigLimits()).isEqualTo(new KvConfigLimits(255, 1024, 100, 1000));
    }

    @Test
    void anUnknownKeyOrABadValueIsNamed() {
        Properties unknown = new Properties();
        unknown.setProperty("listenPrt", "9876");
        assertThatThrownBy(() -> NameServerConfig.of(unknown, dir)).isInstanceOf(BrokerConfigException.class)
            .hasMessageStartingWith("listenPrt: unknown key");
        Properties bad = new Properties();
        bad.setProperty("scanNotActiveBrokerInterval", "0");
        assertThatThrownBy(() -> NameServerConfig.of(bad, dir)).hasMessageStartingWith("scanNotActiveBrokerInterval: must be");
        assertThatThrownBy(() -> NameServerMain.parse(new String[] {"-x"}, dir)).hasMessageContaining("usage: apogee namesrv");
        assertThatThrownBy(() -> NameServerMain.parse(new String[] {"-c", dir.resolve("missing").toString()}, dir))
            .hasMessageContaining("cannot read the config file");
    }

    @Test
    void theControllerKeysAreReadOnlyWithEnableControllerInNamesrv() {
        Properties off = controllerSettings();
        off.remove("enableControllerInNamesrv");
        assertThatThrownBy(() -> NameServerConfig.of(off, dir)).isInstanceOf(BrokerConfigException.class)
            .hasMessageContaining("unknown key");
        assertThat(NameServerConfig.of(new Properties(), dir).controller()).isNull();

        NameServerConfig config = NameServerConfig.of(controllerSettings(), dir);
        assertThat(config.listenPort()).isEqualTo(19876);
        assertThat(config.controller().selfId()).isEqualTo("n1");
        assertThat(config.controller().peersText()).isEqualTo("n0-127.0.0.1:9877;n1-127.0.0.1:9887");
        assertThat(config.controller().storePath()).isEqualTo(dir.resolve("controller"));
        assertThat(config.controller().scanIntervalMillis()).as("the name server's own key, read by both").isEqualTo(1_000);
        assertThat(config.controller().advertisedAddress(19876)).as("the name server's port, the peer's host")
            .isEqualTo("127.0.0.1:19876");
    }

    @Test
    void aBadControllerSettingIsNamed() {
        Properties missing = controllerSettings();
        missing.remove("controllerStorePath");
        assertThatThrownBy(() -> NameServerConfig.of(missing, dir)).isInstanceOf(BrokerConfigException.class)
            .hasMessageContaining("enableControllerInNamesrv").hasMessageContaining("controllerStorePath is required");
        Properties host = controllerSettings();
        host.setProperty("listenHost", "10.0.0.1");
        assertThatThrownBy(() -> NameServerConfig.of(host, dir)).hasMessageStartingWith("listenHost:")
            .hasMessageContaining("bindAddress");
        Properties stranger = controllerSettings();
        stranger.setProperty("controllerDLegerSelfId", "n9");
        assertThatThrownBy(() -> NameServerConfig.of(stranger, dir)).hasMessageContaining("n9 is not among");
    }

    private Properties controllerSettings() {
        Properties settings = new Properties();
        settings.setProperty("listenPort", "19876");
        settings.setProperty("scanNotActiveBrokerInterval", "1000");
        settings.setProperty("enableControllerInNamesrv", "true");
        settings.setProperty("controllerDLegerPeers", "n0-127.0.0.1:9877;n1-127.0.0.1:9887");
        settings.setProperty("controllerDLegerSelfId", "n1");
        settings.setProperty("controllerStorePath", dir.resolve("controller").toString());
        return settings;
    }
}
