package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.metrics.MetricsExporterType;
import io.apogee.broker.metrics.MetricsSettings;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The metrics keys of broker.conf: RocketMQ's defaults, the host falling back to brokerIP1, and what is refused. */
class MetricsKeysTest {
    @TempDir
    Path dir;

    @Test
    void offByDefaultOnRocketMqsPort() {
        MetricsSettings metrics = BrokerConfig.of(new Properties(), dir).metrics();
        assertThat(metrics.exporter()).isEqualTo(MetricsExporterType.DISABLE);
        assertThat(metrics.enabled()).isFalse();
        assertThat(metrics.port()).isEqualTo(5557);
        assertThat(metrics.host()).as("brokerIP1").isEqualTo("127.0.0.1");
    }

    @Test
    void prometheusOnTheGivenAddress() {
        MetricsSettings metrics = BrokerConfig.of(properties("metricsExporterType", "prom", "brokerIP1", "10.0.0.7",
            "metricsPromExporterPort", "9100"), dir).metrics();
        assertThat(metrics.exporter()).isEqualTo(MetricsExporterType.PROM);
        assertThat(metrics.enabled()).isTrue();
        assertThat(metrics.host()).as("an empty host is brokerIP1, as in RocketMQ").isEqualTo("10.0.0.7");
        assertThat(metrics.port()).isEqualTo(9100);
        assertThat(BrokerConfig.of(properties("metricsPromExporterHost", "0.0.0.0"), dir).metrics().host())
            .isEqualTo("0.0.0.0");
    }

    @Test
    void refusesExportersApogeeDoesNotShipAndBadPorts() {
        assertThatThrownBy(() -> BrokerConfig.of(properties("metricsExporterType", "OTLP_GRPC"), dir))
            .isInstanceOf(BrokerConfigException.class).hasMessageContaining("metricsExporterType")
            .hasMessageContaining("use PROM");
        assertThatThrownBy(() -> BrokerConfig.of(properties("metricsExporterType", "LOG"), dir))
            .isInstanceOf(BrokerConfigException.class).hasMessageContaining("metricsExporterType");
        assertThatThrownBy(() -> BrokerConfig.of(properties("metricsExporterType", "GRAPHITE"), dir))
            .isInstanceOf(BrokerConfigException.class).hasMessageContaining("metricsExporterType");
        assertThatThrownBy(() -> BrokerConfig.of(properties("metricsPromExporterPort", "0"), dir))
            .isInstanceOf(BrokerConfigException.class).hasMessageContaining("metricsPromExporterPort");
        assertThatThrownBy(() -> BrokerConfig.of(properties("metricsPromExporterPort", "70000"), dir))
            .isInstanceOf(BrokerConfigException.class).hasMessageContaining("metricsPromExporterPort");
    }

    private static Properties properties(String... keyValues) {
        Properties properties = new Properties();
        for (int i = 0; i < keyValues.length; i += 2) {
            properties.setProperty(keyValues[i], keyValues[i + 1]);
        }
        return properties;
    }
}
