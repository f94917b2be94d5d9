package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/configuration.md} says what the key tables of {@link BrokerConfig} and {@link NameServerConfig} declare.
 * With {@code -Dconfiguration.doc.write=true} the test writes the file instead of checking it.
 */
class ConfigurationDocTest {
    private static final Path CHECKOUT = Path.of("").toAbsolutePath().getParent();

    @Test
    void docsConfigurationMdMatchesTheDeclaredKeys() throws IOException {
        Path file = CHECKOUT.resolve(ConfigurationDoc.FILE);
        String expected = ConfigurationDoc.render();
        if (Boolean.getBoolean("configuration.doc.write")) {
            Files.writeString(file, expected, StandardCharsets.UTF_8);
        }
        String actual = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "(missing)";
        assertThat(actual)
            .withFailMessage("%s differs from the keys declared in BrokerConfig and NameServerConfig (first at %s);"
                + " regenerate it from the checkout with:%n  %s", ConfigurationDoc.FILE, firstDifference(actual, expected),
                ConfigurationDoc.REGENERATE)
            .isEqualTo(expected);
    }

    /** "line N: 'file line' where the key tables give 'expected line'". */
    private static String firstDifference(String actual, String expected) {
        String[] have = actual.split("\n", -1);
        String[] want = expected.split("\n", -1);
        for (int i = 0; i < Math.max(have.length, want.length); i++) {
            String a = i < have.length ? have[i] : "(end of file)";
            String e = i < want.length ? want[i] : "(end of file)";
            if (!a.equals(e)) {
                return "line " + (i + 1) + ": '" + a + "' where the key tables give '" + e + "'";
            }
        }
        return "no line";
    }

    @Test
    void everyKeyHasADescriptionAndADefault() {
        for (ConfigKey<?> key : BrokerConfig.KEYS) {
            assertThat(key.description()).as(key.name()).isNotBlank();
            assertThat(key.shownDefault()).as(key.name()).isNotNull();
        }
        for (ConfigKey<?> key : NameServerConfig.KEYS) {
            assertThat(key.description()).as(key.name()).isNotBlank();
            assertThat(key.shownDefault()).as(key.name()).isNotNull();
        }
    }

    @Test
    void everyDeclaredDefaultParses() {
        for (ConfigKey<?> key : BrokerConfig.KEYS) {
            if (key.fallback() != null) {
                assertThat(key.parse(key.fallback())).as(key.name()).isNotNull();
            }
        }
    }
}
