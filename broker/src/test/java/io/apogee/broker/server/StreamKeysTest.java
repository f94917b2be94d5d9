package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
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
