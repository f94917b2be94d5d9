package io.apogee.broker;

import io.apogee.launcher.Ports;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.process.ApogeeBrokerProcess;
import io.apogee.testsupport.process.MemoryProbe;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * The long soak (docs/soak.md), run only when asked with {@code -Dapogee.soak.minutes=N}: the well-behaved client's
 * mixed load ({@link SteadyClient}) against a SYNC_FLUSH broker in a child JVM for N minutes, cut into periods; in
 * each period one kind of {@link Abusers} does its harm, then the broker is killed with SIGKILL and started again on
 * the same store. At the end every acknowledged message must have been delivered at least once, none early, and the
 * orderly ones in the order sent. Each period prints a line (abuse, retained memory, kill); the end prints the
 * totals. Set the period with {@code -Dapogee.soak.periodSeconds} (60), the abuse kinds with
 * {@code -Dapogee.soak.abuses} (those the broker survives today) and the seed with {@code -Dapogee.seed}.
 */
@Tag("slow")
@EnabledIfSystemProperty(named = "apogee.soak.minutes", matches = "\\d+")
// the broker module's second Surefire run (binary headers) takes it only when -Dtest names it: once is enough
@DisabledIfSystemProperty(named = "rocketmq.serialize.type", matches = "ROCKETMQ")
class SoakTest {
    private static final Map<String, UnaryOperator<Abusers>> ABUSES = Map.of(
        "manyConnections", Abusers::manyConnections,
        "slowReaders", Abusers::slowReaders,
        "partialFrames", Abusers::partialFrames,
        "hugeHeaders", Abusers::hugeHeaders,
        "topicsAndGroups", Abusers::topicsAndGroups,
        "poisonMessages", Abusers::poisonMessages,
        "hugeQueries", Abusers::hugeQueries);
    /** The abuses the broker survives today, less the topic flood, which would pile up topics period after period. */
    private static final String SURVIVED = "manyConnections,slowReaders,partialFrames,hugeHeaders,poisonMessages,hugeQueries";
    private static final long MAX_DIRECT_BYTES = 128L << 20;
    private static final Duration FINAL_DELIVERY = Duration.ofMinutes(3);

    @TempDir
    Path dir;

    @Test
    void everyAcknowledgedMessageIsDeliveredThroughAbuseAndKills() throws Exception {
        long seed = Long.getLong("apogee.seed", System.nanoTime());
        Duration length = Duration.ofMinutes(Long.getLong("apogee.soak.minutes"));
        Duration period = Duration.ofSeconds(Long.getLong("apogee.soak.periodSeconds", 60));
        List<String> abuses = Arrays.asList(System.getProperty("apogee.soak.abuses", SURVIVED).split(","));
        System.out.println("SoakTest seed " + seed + ", " + length + " in periods of " + period + ", abuses " + abuses);
        SplittableRandom random = new SplittableRandom(seed);
        int port = Ports.free();
        int jmxPort = Ports.free();
        Map<String, String> settings = new HashMap<>(SteadyClient.BROKER_SETTINGS);
        settings.put("flushDiskType", "SYNC_FLUSH");
        List<String> flags = MemoryProbe.jvmFlags(jmxPort, MAX_DIRECT_BYTES);
        long start = System.currentTimeMillis();
        ApogeeBrokerProcess broker = ApogeeBrokerProcess.start(dir, port, settings, flags);
        try (SteadyClient client = new SteadyClient(broker.address(), random.split()).start()) {
            for (int round = 1; System.currentTimeMillis() - start < length.toMillis(); round++) {
                long periodEnd = System.currentTimeMillis() + period.toMillis();
                String abuse = abuses.get(random.nextInt(abuses.size()));
                try (Abusers abusers = ABUSES.get(abuse).apply(new Abusers(port, random.split()))) {
                    abusers.awaitDone();
                    client.awaitRoundTrips(10);
                }
                String retained = retained(jmxPort);
                waitUntil(periodEnd - period.toMillis() / 2);
                broker.kill();
                broker = ApogeeBrokerProcess.start(dir, port, settings, flags);
                System.out.println("SoakTest period " + round + ": " + abuse + ", then " + retained + ", kill -9 at "
                    + (System.currentTimeMillis() - start) / 1_000 + " s; " + client.acknowledged() + " acknowledged so far");
                client.awaitRoundTrips(10);
                waitUntil(periodEnd);
            }
            String result = client.stopAndVerifyDelivered(FINAL_DELIVERY);
            System.out.println("SoakTest passed after " + (System.currentTimeMillis() - start) / 1_000 + " s: " + result);
        } finally {
            broker.close();
        }
    }

    private static String retained(int jmxPort) throws Exception {
        try (MemoryProbe memory = MemoryProbe.connect(jmxPort)) {
            return "retained " + memory.retainedAfterGc();
        }
    }

    /** Lets the load run on until the wall clock reaches {@code millis}. */
    private static void waitUntil(long millis) throws InterruptedException {
        Await.until("the wall clock at " + millis, Duration.ofMillis(Math.max(0, millis - System.currentTimeMillis()) + 10_000),
            () -> System.currentTimeMillis() >= millis);
    }
}
