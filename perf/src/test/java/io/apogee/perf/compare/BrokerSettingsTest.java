package io.apogee.perf.compare;

import io.apogee.broker.server.BrokerConfig;
import io.apogee.transport.tls.TlsMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;

/** What a TLS scenario tells each broker: both take TLS only, each as its own configuration reads it. */
class BrokerSettingsTest {
    @TempDir
    Path dir;

    @Test
    void rocketMqTakesTlsOnlyThroughTheSystemPropertiesItsTlsSystemConfigReads() {
        assertThat(settings(true).rocketMqTlsFlags()).contains("-Dtls.server.mode=enforcing", "-Dtls.enable=true",
            "-Dtls.test.mode.enable=true", BrokerSettings.NO_HOST_NAME_CHECK);
        assertThat(settings(false).rocketMqTlsFlags()).isEmpty();
    }

    @Test
    void apogeesGeneratedConfigEnforcesTlsOnlyForATlsScenario() throws IOException {
        assertThat(apogeeConfig(true).tls().mode()).isEqualTo(TlsMode.ENFORCING);
        assertThat(apogeeConfig(false).tls().mode()).as("the default mode").isEqualTo(TlsMode.PERMISSIVE);
    }

    private BrokerConfig apogeeConfig(boolean tls) throws IOException {
        Properties conf = new Properties();
        conf.load(new StringReader(ApogeeLauncher.conf(settings(tls), dir.resolve("store"), 10911, 9876, 0)));
        return BrokerConfig.of(conf, dir);
    }

    private BrokerSettings settings(boolean tls) {
        return new BrokerSettings(dir, "256m", false, new CpuPinning(null, null), tls);
    }
}
