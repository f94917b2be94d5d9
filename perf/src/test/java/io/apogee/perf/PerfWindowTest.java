package io.apogee.perf;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.server.BrokerContext;
import io.apogee.common.time.SystemClock;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The measured part of a duration run after a warmup lasts the whole duration: it starts once the window's counters
 * are attached (which takes a while for a process of many threads), not at a time fixed when the producers started.
 */
@Tag("slow")
class PerfWindowTest {
    private static final Pattern TOTALS = Pattern.compile("totals: ([0-9.]+) s \\(sending ([0-9.]+) s\\), sent (\\d+)");

    @TempDir
    Path dir;

    @Test
    void sendingAfterTheWarmupLastsTheDuration() throws Exception {
        try (BrokerContext broker = InProcessBroker.start(dir)) {
            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            // this JVM as the watched broker: its many threads make the counters slow to attach
            int code = new PerfCommand(new PrintStream(printed, true, StandardCharsets.UTF_8), SystemClock.INSTANCE)
                .commandLine().execute("--namesrv", InProcessBroker.nameServer(broker), "--topic",
                    "PERF_WINDOW_" + System.nanoTime(), "--queues", "4", "--producers", "2", "--size", "100",
                    "--rate", "200", "--warmup", "1", "--duration", "2", "--broker-pid",
                    Long.toString(ProcessHandle.current().pid()));
            String output = printed.toString(StandardCharsets.UTF_8);
            assertThat(code).as(output).isZero();
            Matcher totals = TOTALS.matcher(output);
            assertThat(totals.find()).as(output).isTrue();
            assertThat(Double.parseDouble(totals.group(2))).as(output).isGreaterThanOrEqualTo(1.9);
            assertThat(Long.parseLong(totals.group(3))).as(output).isGreaterThanOrEqualTo(300);
        }
    }
}
