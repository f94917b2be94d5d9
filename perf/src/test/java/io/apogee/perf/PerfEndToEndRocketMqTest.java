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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code apogee perf} against a real Apache RocketMQ 5.4.0 name server and broker: 2,000 messages of 256 bytes from
 * two producer threads, one consumer; every message is received intact, and the run exits with 0. The official
 * client drives the same run through the same reporting and verification: batches, and async sends.
 */
@ExtendWith(RocketMqExtension.class)
@Tag("slow")
class PerfEndToEndRocketMqTest {
    @Test
    void twoThousandMessagesAreSentReceivedAndVerified(RocketMqCluster cluster, @TempDir Path dir) throws Exception {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        Path json = dir.resolve("run.json");
        Path hgrm = dir.resolve("send.hgrm");
        int code = new PerfCommand(new PrintStream(printed, true, StandardCharsets.UTF_8), SystemClock.INSTANCE)
            .commandLine().execute("--namesrv", cluster.nameServer(), "--topic", "PERF_" + System.nanoTime(),
                "--messages", "2000", "--size", "256", "--producers", "2", "--consumers", "1",
                "--json", json.toString(), "--hgrm", hgrm.toString());
        String output = printed.toString(StandardCharsets.UTF_8);
        System.out.println(output);

        assertThat(code).as(output).isZero();
        assertThat(output).contains(SecondReporter.HEADER)
            .contains("sent 2000, confirmed 2000, failed 0, consumed 2000")
            .contains("received 2000 distinct, lost 0, corrupt 0, duplicates 0")
            .containsPattern("send latency \\(us\\): +p50 \\d+ p90 \\d+ p99 \\d+ p99.9 \\d+ p99.99 \\d+ max \\d+ \\(n 2000\\)")
            .containsPattern("end-to-end latency \\(us\\): p50 \\d+ .* \\(n 2000\\)")
            .containsPattern("client: \\d+ GCs \\(\\d+ ms\\), CPU \\d+\\.\\d\\d s");
        assertThat(Files.readString(json)).contains("\"sent\":2000", "\"confirmed\":2000", "\"lost\":0", "\"corrupt\":0",
            "\"passed\":true").containsPattern("\"sendLatencyMicros\":\\{\"count\":2000,\"p50\":\\d+");
        assertThat(Files.readString(hgrm)).contains("Value     Percentile TotalCount 1/(1-Percentile)")
            .containsPattern("#\\[Max +=.*, Total count += +2000]");
    }

    @Test
    void theOfficialClientSendsBatchesAndAsyncThroughTheSameVerification(RocketMqCluster cluster, @TempDir Path dir)
        throws Exception {
        Path plot = dir.resolve("official.html");
        String topic = "PERF_OFFICIAL_" + System.nanoTime();
        String batches = run("--namesrv", cluster.nameServer(), "--topic", topic,
            "--client", "official", "--messages", "1000", "--size", "256", "--producers", "2", "--batch", "8",
            "--consumers", "1", "--plot", plot.toString());
        assertThat(batches).contains("(official client)");
        assertEveryConfirmedMessageReceived(batches, 1000);
        assertThat(Files.readString(plot)).contains("<svg", "official client").contains("<polyline");

        // the topic exists now: async sends to a topic still being created fail in the official client until it has a route
        String async = run("--namesrv", cluster.nameServer(), "--topic", topic, "--client", "official", "--send", "async",
            "--messages", "500", "--size", "100", "--consumers", "1");
        assertEveryConfirmedMessageReceived(async, 500);
        assertThat(async).containsPattern("other runs [1-9]\\d*");
    }

    @Test
    void aTopicOfTwelveQueuesIsReadOnceWarmThenMeasured(RocketMqCluster cluster) {
        assertTwelveQueuesReadWarmThenMeasured(cluster.nameServer());
    }

    @Test
    void apogeeTakesTheSameTopicCreationAndWarmRead(@TempDir Path dir) throws Exception {
        try (BrokerContext broker = InProcessBroker.start(dir)) {
            assertTwelveQueuesReadWarmThenMeasured(InProcessBroker.nameServer(broker));
        }
    }

    /** A topic made with 12 queues, 600 messages read once unmeasured, then again by the measured group. */
    private static void assertTwelveQueuesReadWarmThenMeasured(String nameServer) {
        String output = run("--namesrv", nameServer, "--topic", "PERF_WARM_" + System.nanoTime(),
            "--messages", "600", "--size", "100", "--producers", "2", "--batch", "4", "--consumers", "1",
            "--consume-after-send", "--warm-read", "--queues", "12");
        assertThat(output).containsPattern("topic PERF_WARM_\\d+ created with 12 queues");
        assertThat(output).contains("warm read (not measured): 600 of 600 messages");
        assertThat(output).contains("sent 600, confirmed 600, failed 0, consumed 600")
            .contains("received 600 distinct, lost 0, corrupt 0, duplicates 0").contains("-> OK");
    }

    /**
     * The official client gives up on a send after its 3 s timeout (a topic still being created on a loaded machine),
     * so a few sends may fail (and a retried one may arrive twice): every confirmed message must still arrive intact,
     * and most must be confirmed.
     */
    private static void assertEveryConfirmedMessageReceived(String output, int sent) {
        Matcher totals = Pattern.compile("sent " + sent + ", confirmed (\\d+), failed (\\d+), consumed (\\d+)").matcher(output);
        assertThat(totals.find()).as(output).isTrue();
        long confirmed = Long.parseLong(totals.group(1));
        assertThat(confirmed + Long.parseLong(totals.group(2))).isEqualTo(sent);
        assertThat(confirmed).isGreaterThanOrEqualTo(sent / 2);
        assertThat(Long.parseLong(totals.group(3))).isGreaterThanOrEqualTo(confirmed);
        assertThat(output).contains("lost 0, corrupt 0, duplicates ").contains("-> OK");
    }

    private static String run(String... args) {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        int code = new PerfCommand(new PrintStream(printed, true, StandardCharsets.UTF_8), SystemClock.INSTANCE)
            .commandLine().execute(args);
        String output = printed.toString(StandardCharsets.UTF_8);
        System.out.println(output);
        assertThat(code).as(output).isZero();
        return output;
    }
}
