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

/**
 * What a TLS scenario and {@code --metrics} tell each broker: both take TLS only, or both export metrics, each as its
 * own configuration reads it.
 */
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

    @Test
    void withMetricsBothBrokersGetThePrometheusExporterOnTheSamePortKeys() throws IOException {
        BrokerSettings on = new BrokerSettings(dir, "256m", false, new CpuPinning(null, null), false, 15557);
        Properties apogee = apogeeConf(on);
        assertThat(apogee).containsEntry("metricsExporterType", "PROM").containsEntry("metricsPromExporterPort", "15557")
            .containsEntry("metricsPromExporterHost", "127.0.0.1");
        assertThat(BrokerConfig.of(apogee, dir).metrics().port()).as("Apogee reads the port it was given").isEqualTo(15557);
        assertThat(RocketMqRun.brokerConf(on)).containsEntry("metricsExporterType", "PROM")
            .containsEntry("metricsPromExporterPort", "15557").containsEntry("flushDiskType", "ASYNC_FLUSH");

        assertThat(apogeeConf(settings(false))).doesNotContainKey("metricsExporterType");
        assertThat(RocketMqRun.brokerConf(settings(false))).containsOnlyKeys("flushDiskType");
    }

    @Test
    void bothBrokersGetTheSameFixedHeapTouchedAtStart() {
        assertThat(settings(false).jvmFlags()).contains("-Xms256m", "-Xmx256m", "-XX:+AlwaysPreTouch", "-XX:+UseG1GC");
    }

    private BrokerConfig apogeeConfig(boolean tls) throws IOException {
        return BrokerConfig.of(apogeeConf(settings(tls)), dir);
    }

    private Properties apogeeConf(BrokerSettings settings) throws IOException {
        Properties conf = new Properties();
        conf.load(new StringReader(ApogeeLauncher.conf(settings, dir.resolve("store"), 10911, 9876, 0)));
        return conf;
    }

    private BrokerSettings settings(boolean tls) {
        return new BrokerSettings(dir, "256m", false, new CpuPinning(null, null), tls, 0);
    }
}
