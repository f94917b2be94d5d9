package io.apogee.perf;

import io.apogee.broker.server.BrokerContext;
import io.apogee.testsupport.process.RocketMqCluster;
import io.apogee.testsupport.process.RocketMqExtension;
import io.apogee.common.time.SystemClock;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code apogee perf --deliver-after}: timer messages due 1.5 s after their send, through the same verification, with
 * end-to-end latency counted from the time asked for. Against an Apogee broker (Apogee's client) none arrives early;
 * against Apache RocketMQ 5.4.0 (the official client) every one arrives too (its timer wheel rounds the time down, so
 * it may deliver some early: counted).
 */
@ExtendWith(RocketMqExtension.class)
@Tag("slow")
class PerfTimerMessagesTest {
    private static final String[] TIMED_RUN = {"--messages", "200", "--size", "128", "--producers", "2", "--consumers", "1",
        "--deliver-after", "1500"};

    @Test
    void apogeeDeliversEveryTimerMessageAndNoneEarly(@TempDir Path dir) throws Exception {
        try (BrokerContext broker = InProcessBroker.start(dir)) {
            Path json = dir.resolve("timed.json");
            String output = run(json, "--namesrv", InProcessBroker.nameServer(broker), "--topic", "PERF_TIMED");
            assertThat(output).contains("received 200 distinct, lost 0, corrupt 0")
                .contains("timer messages: 0 delivered before their time")
                .containsPattern("end-to-end latency \\(us\\): p50 \\d+ .* \\(n 200\\)");
            assertThat(Files.readString(json)).contains("\"early\":0", "\"passed\":true");
        }
    }

    @Test
    void rocketMqDeliversEveryTimerMessageOfTheOfficialClient(RocketMqCluster cluster, @TempDir Path dir) throws Exception {
        String output = run(dir.resolve("timed.json"), "--namesrv", cluster.nameServer(), "--topic",
            "PERF_TIMED_" + System.nanoTime(), "--client", "official");
        assertThat(output).contains("received 200 distinct, lost 0, corrupt 0")
            .containsPattern("timer messages: \\d+ delivered before their time");
    }

    private static String run(Path json, String... target) {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        String[] args = new String[target.length + TIMED_RUN.length + 2];
        System.arraycopy(target, 0, args, 0, target.length);
        System.arraycopy(TIMED_RUN, 0, args, target.length, TIMED_RUN.length);
        args[args.length - 2] = "--json";
        args[args.length - 1] = json.toString();
        int code = new PerfCommand(new PrintStream(printed, true, StandardCharsets.UTF_8), SystemClock.INSTANCE)
            .commandLine().execute(args);
        String output = printed.toString(StandardCharsets.UTF_8);
        System.out.println(output);
        assertThat(code).as(output).isZero();
        return output;
    }
}
