package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.transport.tls.ClientAuthMode;
import io.apogee.transport.tls.TlsMode;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tls keys of broker.conf and namesrv.conf: defaults, what goes together, and system properties. */
class TlsKeysTest {
    @TempDir
    Path dir;

    @Test
    void permissiveWithAGeneratedCertificateByDefault() {
        TlsSettings tls = BrokerConfig.of(new Properties(), dir).tls();
        assertThat(tls.mode()).isEqualTo(TlsMode.PERMISSIVE);
        assertThat(tls.certPath()).isNull();
        assertThat(tls.clientAuth()).isEqualTo(ClientAuthMode.NONE);
        assertThat(NameServerConfig.of(new Properties(), dir).tls().mode()).isEqualTo(TlsMode.PERMISSIVE);
    }

    @Test
    void readsRocketMqNamesInAnyCase() {
        TlsSettings tls = BrokerConfig.of(properties("tls.server.mode", "ENFORCING", "tls.server.certPath", "c.pem",
            "tls.server.keyPath", "k.pem", "tls.server.need.client.auth", "require", "tls.server.authClient", "true",
            "tls.server.trustCertPath", "ca.pem"), dir).tls();
        assertThat(tls.mode()).isEqualTo(TlsMode.ENFORCING);
        assertThat(tls.certPath()).isEqualTo(Path.of("c.pem"));
        assertThat(tls.keyPath()).isEqualTo(Path.of("k.pem"));
        assertThat(tls.clientAuth()).isEqualTo(ClientAuthMode.REQUIRE);
        assertThat(tls.trustCertPath()).isEqualTo(Path.of("ca.pem"));
    }

    @Test
    void refusesWhatCannotWork() {
        assertRefused("tls.server.mode", "tls.server.mode", "strict");
        assertRefused("tls.server.keyPath", "tls.server.certPath", "c.pem");
        assertRefused("tls.server.certPath", "tls.test.mode.enable", "false");
        assertRefused("tls.server.trustCertPath", "tls.server.authClient", "true");
        assertRefused("tls.client.keyPath", "tls.client.certPath", "c.pem");
        assertRefused("tls.client.certPath", "tls.enable", "true", "tls.client.certPath", dir.resolve("none.pem").toString(),
            "tls.client.keyPath", dir.resolve("none-key.pem").toString());
        assertThat(BrokerConfig.of(properties("tls.test.mode.enable", "false", "tls.server.mode", "disabled"), dir)
            .tls().mode()).as("no certificate is needed when TLS is off").isEqualTo(TlsMode.DISABLED);
    }

    @Test
    void aSystemPropertyFillsInAKeyTheFileLeavesOut() {
        String before = System.getProperty("tls.server.mode");
        System.setProperty("tls.server.mode", "disabled");
        try {
            assertThat(BrokerConfig.of(new Properties(), dir).tls().mode()).isEqualTo(TlsMode.DISABLED);
            assertThat(BrokerConfig.of(properties("tls.server.mode", "enforcing"), dir).tls().mode())
                .as("the file wins").isEqualTo(TlsMode.ENFORCING);
        } finally {
            if (before == null) {
                System.clearProperty("tls.server.mode");
            } else {
                System.setProperty("tls.server.mode", before);
            }
        }
    }

    private void assertRefused(String named, String... keyValues) {
        assertThatThrownBy(() -> BrokerConfig.of(properties(keyValues), dir))
            .isInstanceOf(BrokerConfigException.class).hasMessageContaining(named);
    }

    private static Properties properties(String... keyValues) {
        Properties properties = new Properties();
        for (int i = 0; i < keyValues.length; i += 2) {
            properties.setProperty(keyValues[i], keyValues[i + 1]);
        }
        return properties;
    }
}
