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
}
