package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.auth.AuthSettings;
import io.apogee.transport.auth.Credentials;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The authentication keys of broker.conf, as a file written for RocketMQ 5.4 with ACL 2.0 on gives them. */
class AuthKeysTest {
    /** The authentication part of RocketMQ 5.4's ACL 2.0 broker.conf example. */
    private static final String ROCKETMQ_CONF = """
        authenticationEnabled = true
        authenticationProvider = org.apache.rocketmq.auth.authentication.provider.DefaultAuthenticationProvider
        authenticationMetadataProvider = org.apache.rocketmq.auth.authentication.provider.LocalAuthenticationMetadataProvider
        authenticationStrategy = org.apache.rocketmq.auth.authentication.strategy.StatelessAuthenticationStrategy
        authenticationWhitelist = 34, 105,apache.rocketmq.v2.MessagingService/QueryRoute
        initAuthenticationUser = {"username":"rocketmq","password":"12345678"}
        innerClientAuthenticationCredentials = {"accessKey":"rocketmq","secretKey":"12345678"}
        """;
    private final Path dir = Path.of("unused");

    @Test
    void aRocketMqAclConfigIsRead() throws IOException {
        AuthSettings auth = BrokerConfig.of(properties(ROCKETMQ_CONF), dir).auth();
        assertThat(auth.enabled()).isTrue();
        assertThat(auth.whitelist()).containsExactlyInAnyOrder(34, 105);
        assertThat(auth.initUser()).isEqualTo(new Credentials("rocketmq", "12345678"));
        assertThat(auth.innerClient()).isEqualTo(new Credentials("rocketmq", "12345678"));
    }

    @Test
    void authenticationIsOffByDefault() {
        assertThat(BrokerConfig.of(new Properties(), dir).auth()).isEqualTo(AuthSettings.OFF);
    }

    @Test
    void aProviderApogeeDoesNotHaveStopsStartUp() throws IOException {
        assertThatThrownBy(() -> BrokerConfig.of(properties("authenticationProvider = com.example.Mine"), dir))
            .isInstanceOf(BrokerConfigException.class).hasMessageContaining("authenticationProvider");
    }

    @Test
    void aBadCredentialValueIsNamedWithoutItsSecret() throws IOException {
        assertThatThrownBy(() -> BrokerConfig.of(properties(
            "innerClientAuthenticationCredentials = {\"accessKey\":\"a\",\"secretKey\":\"hunter2\""), dir))
            .isInstanceOf(BrokerConfigException.class).hasMessageContaining("innerClientAuthenticationCredentials")
            .message().doesNotContain("hunter2");
        assertThatThrownBy(() -> BrokerConfig.of(properties(
            "initAuthenticationUser = {\"username\":\"a\",\"secret\":\"hunter2\"}"), dir))
            .isInstanceOf(BrokerConfigException.class).hasMessageContaining("password")
            .message().doesNotContain("hunter2");
    }

    @Test
    void credentialsNeverShowTheirSecret() {
        assertThat(new Credentials("a", "hunter2").toString()).doesNotContain("hunter2");
    }

    private static Properties properties(String text) throws IOException {
        Properties properties = new Properties();
        properties.load(new StringReader(text));
        return properties;
    }
}
