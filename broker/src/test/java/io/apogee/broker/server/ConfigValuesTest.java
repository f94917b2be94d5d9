package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ConfigValuesTest {
    private static final ConfigKey<Integer> PORT = ConfigKey.integer("port", 10, 1, 100).doc("A port.");
    private static final ConfigKey<Boolean> FLAG = ConfigKey.bool("flag", false).doc("A flag.");

    @Test
    void readsGivenValuesAndDeclaredDefaults() {
        ConfigValues values = new ConfigValues(properties("port", " 42 "), List.of(PORT, FLAG));

        assertThat(values.get(PORT)).isEqualTo(42);
        assertThat(values.get(FLAG)).isFalse();
        values.finish();
    }

    @Test
    void refusesAKeyOutsideTheTableNamingTheKnownOnes() {
        ConfigValues values = new ConfigValues(properties("prot", "42"), List.of(PORT, FLAG));
        values.get(PORT);
        values.get(FLAG);

        assertThatThrownBy(values::finish).isInstanceOf(BrokerConfigException.class)
            .hasMessage("prot: unknown key (known: flag, port)");
    }

    @Test
    void aDeclaredKeyNeverReadIsABug() {
        ConfigValues values = new ConfigValues(new Properties(), List.of(PORT, FLAG));
        values.get(PORT);

        assertThatThrownBy(values::finish).isInstanceOf(IllegalStateException.class).hasMessageContaining("flag");
    }

    @Test
    void readingAKeyOutsideTheTableIsABug() {
        ConfigValues values = new ConfigValues(new Properties(), List.of(PORT));

        assertThatThrownBy(() -> values.get(FLAG)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aBadValueNamesTheKey() {
        ConfigValues values = new ConfigValues(properties("port", "101"), List.of(PORT));

        assertThatThrownBy(() -> values.get(PORT)).isInstanceOf(BrokerConfigException.class)
            .hasMessage("port: must be 1..100: 101");
    }

    private static Properties properties(String key, String value) {
        Properties properties = new Properties();
        properties.setProperty(key, value);
        return properties;
    }
}
