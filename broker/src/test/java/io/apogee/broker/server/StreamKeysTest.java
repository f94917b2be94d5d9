package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StreamKeysTest {
    @TempDir
    Path dir;

    @Test
    void defaultsServeTheStreamPortOfRabbitMq() {
        StreamKeys.StreamSettings settings = config(Map.of()).streams();
        assertThat(settings.server().port()).isEqualTo(5552);
        assertThat(settings.server().maxFrameSize()).isEqualTo(1_048_576);
        assertThat(settings.server().heartbeatSeconds()).isEqualTo(60);
        assertThat(settings.server().users()).containsExactly(Map.entry("guest", "guest"));
        assertThat(settings.segmentSize()).isEqualTo(500_000_000);
        assertThat(settings.flushInterval()).as("flushIntervalCommitLog's").isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void theStreamsMayBeLeftUnforcedButNotForANegativeInterval() {
        assertThat(config(Map.of("streamFlushIntervalMillis", "0")).streams().flushInterval()).isZero();
        assertThatThrownBy(() -> config(Map.of("streamFlushIntervalMillis", "-1")))
            .hasMessageContaining("streamFlushIntervalMillis");
    }

    @Test
    void aFreeBrokerPortMeansAFreeStreamPort() {
        assertThat(config(Map.of("listenPort", "0")).streams().server().port()).isZero();
        assertThat(config(Map.of("listenPort", "0", "streamListenPort", "6000")).streams().server().port()).isEqualTo(6000);
    }

    @Test
    void theProtocolCanBeTurnedOff() {
        assertThat(config(Map.of("streamEnable", "false")).streams()).isNull();
    }

    @Test
    void theTlsPortOfRabbitMqFollowsTheBrokersTls() {
        assertThat(config(Map.of()).streams().tlsPort()).isEqualTo(5551);
        assertThat(config(Map.of("streamTlsListenPort", "6001")).streams().tlsPort()).isEqualTo(6001);
        assertThat(config(Map.of("tls.server.mode", "enforcing")).streams().tls()).isTrue();
        assertThat(config(Map.of("tls.server.mode", "disabled")).streams().tls()).isFalse();
        assertThat(config(Map.of("streamTlsEnable", "false")).streams().tls()).isFalse();
        assertThat(config(Map.of("streamTlsEnable", "false")).streams().server().port()).isEqualTo(5552);
    }

    @Test
    void aFreeBrokerOrStreamPortMeansAFreeTlsPort() {
        assertThat(config(Map.of("listenPort", "0")).streams().tlsPort()).isZero();
        assertThat(config(Map.of("streamListenPort", "0")).streams().tlsPort()).isZero();
        assertThat(config(Map.of("listenPort", "0", "streamTlsListenPort", "6001")).streams().tlsPort()).isEqualTo(6001);
    }

    @Test
    void theTlsPortNeedsTlsAndAPortOfItsOwn() {
        assertBad(Map.of("tls.server.mode", "disabled", "streamTlsEnable", "true"),
            "streamTlsEnable: needs TLS, and tls.server.mode is disabled");
        assertBad(Map.of("streamListenPort", "6000", "streamTlsListenPort", "6000"),
            "streamTlsListenPort: must differ from streamListenPort: 6000");
        assertBad(Map.of("streamTlsListenPort", "70000"), "streamTlsListenPort: must be 0..");
    }

    @Test
    void usersArePairs() {
        assertThat(config(Map.of("streamUsers", "app:s3cret:x,ops:pw")).streams().server().users())
            .containsOnly(Map.entry("app", "s3cret:x"), Map.entry("ops", "pw"));
        assertBad(Map.of("streamUsers", "nopassword"), "streamUsers: each entry must be user:password");
    }

    @Test
    void aFrameMaxMustFitInASegment() {
        assertBad(Map.of("streamMaxSegmentSizeBytes", "1048576", "streamFrameMax", "1048576"),
            "streamFrameMax: must leave 56 bytes of streamMaxSegmentSizeBytes (1048576): 1048576");
        assertBad(Map.of("streamFrameMax", "100"), "streamFrameMax: must be 8192..");
    }

    private BrokerConfig config(Map<String, String> settings) {
        Properties properties = new Properties();
        properties.putAll(settings);
        return BrokerConfig.of(properties, dir);
    }

    private void assertBad(Map<String, String> settings, String message) {
        assertThatThrownBy(() -> config(settings)).isInstanceOf(BrokerConfigException.class).hasMessageStartingWith(message);
    }
}
