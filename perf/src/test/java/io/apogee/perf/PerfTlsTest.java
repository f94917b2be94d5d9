package io.apogee.perf;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.server.BrokerConfig;
import io.apogee.broker.server.BrokerContext;
import io.apogee.common.time.SystemClock;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code apogee perf --tls} against a broker that takes TLS only: every client of the run (producer, consumers and,
 * for the official client, the topic admin) connects over TLS, or the broker would close it.
 */
@Tag("slow")
class PerfTlsTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"apogee", "official"})
    void everyClientOfARunConnectsOverTls(String client) throws Exception {
        Properties settings = new Properties();
        settings.setProperty("listenPort", "0");
        settings.setProperty("namesrvListenPort", "0");
        settings.setProperty("mappedFileSizeCommitLog", Integer.toString(16 << 20));
        settings.setProperty("tls.server.mode", "enforcing");
        try (BrokerContext broker = BrokerContext.start(BrokerConfig.of(settings, dir), SystemClock.INSTANCE)) {
            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            int code = new PerfCommand(new PrintStream(printed, true, StandardCharsets.UTF_8), SystemClock.INSTANCE)
                .commandLine().execute("--namesrv", "127.0.0.1:" + broker.brokerPort(), "--client", client, "--tls",
                    "--topic", "PERF_TLS_" + System.nanoTime(), "--messages", "200", "--size", "100", "--consumers", "1",
                    "--queues", "4");
            String output = printed.toString(StandardCharsets.UTF_8);
            assertThat(code).as(output).isZero();
            assertThat(output).contains("sent 200, confirmed 200, failed 0, consumed 200").contains("-> OK");
        }
    }
}
