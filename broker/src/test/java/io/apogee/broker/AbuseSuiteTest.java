package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.launcher.Ports;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.process.ApogeeBrokerProcess;
import io.apogee.testsupport.process.MemoryProbe;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile and broken clients against {@code apogee broker} in a child JVM with a small heap and a capped direct
 * memory, while a well-behaved official client ({@link SteadyClient}) keeps sending and consuming. Each case runs one
 * kind of {@link Abusers} (the last runs them all at once) and asserts that (a) every send of the well-behaved client
 * is answered and every message it was acknowledged is delivered within {@link SteadyClient#BOUND}, during the abuse
 * and after it, (b) once the abusers are gone, the broker's heap and direct memory after a full GC come back to
 * within {@link #RETAINED_SLACK_BYTES} of what it held before, and (c) no acknowledged message is lost, early or late
 * past its time, through every detour. The abusers' counts and sizes come from a seed printed at the start; set it
 * with {@code -Dapogee.seed=N} to run the same abuse again. The build runs only the last case; {@code
 * -Dapogee.abuse.eachKind=true} runs each kind alone as well, to tell which one a failure comes from.
 *
 * <p>Memory is read through the JDK's JMX agent on a loopback port ({@link MemoryProbe}): it needs no change to the
 * broker, and it can force the GC that makes retained memory a figure worth comparing.
 */
@Tag("slow")
// the broker module's second Surefire run (binary headers) takes it only when -Dtest names it: once is enough
@DisabledIfSystemProperty(named = "rocketmq.serialize.type", matches = "ROCKETMQ")
class AbuseSuiteTest {
    /** What the broker may hold after the abuse beyond what it held before, in heap and in direct memory each. */
    private static final long RETAINED_SLACK_BYTES = 32L << 20;
    private static final long MAX_DIRECT_BYTES = 128L << 20;
    private static final Duration MEMORY_DEADLINE = Duration.ofSeconds(30);
    /** The system property that runs each kind of abuse alone too, not only all at once. */
    private static final String EACH_KIND = "apogee.abuse.eachKind";
    private static final String EACH_KIND_REASON = "each kind alone runs with -D" + EACH_KIND
        + "=true; the build runs them all at once (everyAbuseAtOnce), to stay within its time";

    @TempDir
    Path dir;
    private SplittableRandom random;

    @BeforeEach
    void seed(TestInfo test) {
        long seed = Long.getLong("apogee.seed", System.nanoTime());
        System.out.println("AbuseSuiteTest " + test.getDisplayName() + " seed " + seed);
        random = new SplittableRandom(seed);
    }

    @Test
    @EnabledIfSystemProperty(named = EACH_KIND, matches = "true", disabledReason = EACH_KIND_REASON)
    void manyIdleConnections() throws Exception {
        survives(Abusers::manyConnections);
    }

    @Test
    @EnabledIfSystemProperty(named = EACH_KIND, matches = "true", disabledReason = EACH_KIND_REASON)
    void slowReadersThatNeverReadTheirAnswers() throws Exception {
        survives(Abusers::slowReaders);
    }

    @Test
    @EnabledIfSystemProperty(named = EACH_KIND, matches = "true", disabledReason = EACH_KIND_REASON)
    void partialFramesThatStall() throws Exception {
        survives(Abusers::partialFrames);
    }

    @Test
    @EnabledIfSystemProperty(named = EACH_KIND, matches = "true", disabledReason = EACH_KIND_REASON)
    void hugeHeaders() throws Exception {
        survives(Abusers::hugeHeaders);
    }

    @Test
    @EnabledIfSystemProperty(named = EACH_KIND, matches = "true", disabledReason = EACH_KIND_REASON)
    void thousandsOfTopicsAndGroups() throws Exception {
        survives(Abusers::topicsAndGroups);
    }

    @Test
    @EnabledIfSystemProperty(named = EACH_KIND, matches = "true", disabledReason = EACH_KIND_REASON)
    void poisonMessagesOnEveryDetour() throws Exception {
        survives(Abusers::poisonMessages);
    }

    @Test
    @EnabledIfSystemProperty(named = EACH_KIND, matches = "true", disabledReason = EACH_KIND_REASON)
    void queriesWithHugeResults() throws Exception {
        survives(Abusers::hugeQueries);
    }

    @Test
    void everyAbuseAtOnce() throws Exception {
        survives(abusers -> abusers.manyConnections().slowReaders().partialFrames().hugeHeaders().topicsAndGroups()
            .poisonMessages().hugeQueries());
    }

    /**
     * Starts a broker and the well-behaved client, measures the broker's memory, lets {@code abuse} loose on it while
     * the client keeps its round trips going, ends the abuse, and checks the client's messages and the broker's memory.
     */
    private void survives(UnaryOperator<Abusers> abuse) throws Exception {
        int port = Ports.free();
        int jmxPort = Ports.free();
        Map<String, String> settings = new HashMap<>(SteadyClient.BROKER_SETTINGS);
        try (ApogeeBrokerProcess broker = ApogeeBrokerProcess.start(dir, port, settings,
                 MemoryProbe.jvmFlags(jmxPort, MAX_DIRECT_BYTES));
             MemoryProbe memory = MemoryProbe.connect(jmxPort);
             SteadyClient client = new SteadyClient(broker.address(), random.split()).start()) {
            MemoryProbe.Retained before = memory.retainedAfterGc();
            try (Abusers abusers = abuse.apply(new Abusers(port, random.split()))) {
                client.awaitRoundTrips(20);
                abusers.awaitDone();
                client.awaitRoundTrips(20); // the abusers' connections are still open
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "; the broker said:\n" + tail(broker.output()), e);
            }
            client.awaitRoundTrips(10);
            client.stopAndVerify();
            AtomicReference<MemoryProbe.Retained> after = new AtomicReference<>();
            try {
                Await.until("the broker's memory back within " + (RETAINED_SLACK_BYTES >> 20) + " MiB of " + before,
                    MEMORY_DEADLINE, () -> {
                        after.set(memory.retainedAfterGc());
                        return after.get().within(before, RETAINED_SLACK_BYTES);
                    });
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "; last " + after.get(), e);
            }
            assertThat(client.acknowledged()).as("acknowledged sends of the well-behaved client").isPositive();
        }
    }

    private static String tail(String output) {
        return output.substring(Math.max(0, output.length() - 4_000));
    }
}
