package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.console.ConsoleSettings;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The console's keys of broker.conf: off by default, the host falling back to brokerIP1, and bad values refused. */
class ConsoleKeysTest {
    @TempDir
    Path dir;

    @Test
    void offByDefault() {
        assertThat(BrokerConfig.of(new Properties(), dir).console()).isNull();
        assertThat(BrokerConfig.of(properties("consoleEnable", "false", "consoleListenPort", "9000"), dir).console())
            .isNull();
    }

    @Test
    void onWhereAsked() {
        ConsoleSettings console = BrokerConfig.of(properties("consoleEnable", "true", "brokerIP1", "10.0.0.7"), dir)
            .console();
        assertThat(console.host()).as("an empty host is brokerIP1").isEqualTo("10.0.0.7");
        assertThat(console.port()).isEqualTo(8180);
        ConsoleSettings anywhere = BrokerConfig.of(properties("consoleEnable", "TRUE", "consoleListenHost", "0.0.0.0",
            "consoleListenPort", "0"), dir).console();
        assertThat(anywhere.host()).isEqualTo("0.0.0.0");
        assertThat(anywhere.port()).as("a free port").isZero();
    }

    @Test
    void refusesBadValues() {
        assertThatThrownBy(() -> BrokerConfig.of(properties("consoleEnable", "yes"), dir))
            .isInstanceOf(BrokerConfigException.class).hasMessageContaining("consoleEnable");
        assertThatThrownBy(() -> BrokerConfig.of(properties("consoleListenPort", "70000"), dir))
            .isInstanceOf(BrokerConfigException.class).hasMessageContaining("consoleListenPort");
        assertThatThrownBy(() -> BrokerConfig.of(properties("consoleListenPort", "-1"), dir))
            .isInstanceOf(BrokerConfigException.class).hasMessageContaining("consoleListenPort");
    }

    private static Properties properties(String... keyValues) {
        Properties properties = new Properties();
        for (int i = 0; i < keyValues.length; i += 2) {
            properties.setProperty(keyValues[i], keyValues[i + 1]);
        }
        return properties;
    }
}
