package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.TestBroker;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The broker's listener binds {@code bindAddress}: loopback only when asked, every interface by default. */
class BrokerBindAddressTest {
    @TempDir
    Path dir;

    @Test
    void theBrokerListensOnTheBindAddress() throws Exception {
        try (TestBroker broker = TestBroker.start(dir.resolve("loopback"), Map.of("bindAddress", "127.0.0.1"))) {
            assertThat(broker.context().brokerAddress().getAddress().getHostAddress()).isEqualTo("127.0.0.1");
        }
        try (TestBroker broker = TestBroker.start(dir.resolve("every"))) {
            assertThat(broker.context().brokerAddress().getAddress().isAnyLocalAddress()).isTrue();
        }
    }
}
