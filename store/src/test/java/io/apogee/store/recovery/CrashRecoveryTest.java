package io.apogee.store.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.store.StoreAudit;
import io.apogee.store.StoreConfig;
import io.apogee.store.StoreFixture;
import io.apogee.store.TestRecord;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.read.MessageLookup;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a child JVM appending under load ({@link CrashChild}) with SIGKILL after a random number of
 * acknowledgements, then recovers its store here and checks it: in SYNC mode every acknowledged record is present
 * at its offsets, byte for byte, and a sample is found by key through the recovered message index; in both modes the log is a valid sequence of records and the consume queues
 * match it exactly. The same directory goes through every cycle, so each child recovers what the last one left.
 * Cycles: {@code -Dstore.crashCycles=<n>} (default 3 per mode); seed: {@code -Dstore.seed=<seed>}.
 */
class CrashRecoveryTest {
    private static final int SEGMENT = 256 * 1024;
    private static final int DEFAULT_CYCLES = 3;
    private static final int MIN_ACKS = 200;
    private static final int MORE_ACKS = 3000;
    private static final long CHILD_TIMEOUT_SECONDS = 120;
    private static final int INDEX_SAMPLE = 100;

    @TempDir
    Path dir;

    private final long seed = Long.getLong("store.seed", System.nanoTime());
    private final int cycles = Integer.getInteger("store.crashCycles", DEFAULT_CYCLES);

    /** One acknowledged append, as the child printed it. */
    private record Ack(String topic, int queueId, long queueOffset, long physical, int size, String key) {
        static final int FIELDS = 7;

        static Ack parse(String line) {
            String[] parts = line.split(" ");
            return new Ack(parts[1], Integer.parseInt(parts[2]), Long.parseLong(parts[3]), Long.parseLong(parts[4]),
                Integer.parseInt(parts[5]), parts[6]);
        }
    }

    @Test
    void syncModeLosesNoAcknowledgedRecordAcrossKills() throws Exception {
        run(FlushMode.SYNC);
    }

    @Test
    void asyncModeRecoversToAValidPrefixAcrossKills() throws Exception {
        run(FlushMode.ASYNC);
    }

    private void run(FlushMode mode) throws Exception {
        System.out.println("CrashRecoveryTest " + mode + " seed " + seed + " cycles " + cycles);
        Random random = new Random(seed);
        Path root = dir.resolve(mode.name());
        StoreConfig config = StoreConfig.defaults(root, mode).withSmallFiles(SEGMENT, CrashChild.UNITS);
        List<Ack> all = new ArrayList<>();
        for (int cycle = 0; cycle < cycles; cycle++) {
            int killAfter = MIN_ACKS + random.nextInt(MORE_ACKS);
            List<Ack> acks = runChildAndKill(root, mode, random.nextLong(), killAfter, cycle);
            all.addAll(acks);
            try (StoreFixture fixture = StoreFixture.open(config)) {
                RecoveryReport report = fixture.store.recoveryReport();
                System.out.printf("cycle %d: killed after %d acks; %s%n", cycle, acks.size(), report);
                assertThat(report.tail()).isNotEqualTo(TailState.CLEAN_SHUTDOWN);
                var log = StoreAudit.assertQueuesMatchLog(fixture.store);
                long records = log.values().stream().mapToLong(List::size).sum();
                if (mode == FlushMode.SYNC) {
                    assertPresent(fixture, all, "cycle " + cycle + " seed " + seed);
                    assertIndexed(fixture, acks, random, "cycle " + cycle + " seed " + seed);
                }
                assertThat(records).isGreaterThanOrEqualTo(mode == FlushMode.SYNC ? all.size() : 0);
            }
        }
    }

    private List<Ack> runChildAndKill(Path root, FlushMode mode, long childSeed, int killAfter, int cycle)
        throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElseThrow();
        ProcessBuilder builder = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
            CrashChild.class.getName(), root.toString(), mode.name(), Integer.toString(SEGMENT), Long.toString(childSeed));
        builder.redirectError(dir.resolve("child-" + mode + "-" + cycle + ".err").toFile());
        Process child = builder.start();
        List<Ack> acks = new ArrayList<>();
        CountDownLatch enough = new CountDownLatch(1);
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    if (line.startsWith("A ") && line.split(" ").length == Ack.FIELDS) {
                        synchronized (acks) {
                            acks.add(Ack.parse(line));
                            if (acks.size() >= killAfter) {
                                enough.countDown();
                            }
                        }
                    }
                }
            } catch (IOException ignored) {
                // the child is gone
            } finally {
                enough.countDown();
            }
        });
        reader.start();
        boolean reached = enough.await(CHILD_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        child.destroyForcibly(); // SIGKILL
        assertThat(child.waitFor(CHILD_TIMEOUT_SECONDS, TimeUnit.SECONDS)).isTrue();
        reader.join();
        assertThat(reached).as("child acknowledged " + acks.size() + " before exiting; see its .err file").isTrue();
        synchronized (acks) {
            return new ArrayList<>(acks);
        }
    }

    /** A sample of this cycle's acknowledged records is found by its key through the recovered message index. */
    private static void assertIndexed(StoreFixture fixture, List<Ack> acks, Random random, String context) {
        MessageLookup lookup = fixture.store.newLookup();
        ReadResult result = new ReadResult(2);
        for (int i = 0; i < Math.min(INDEX_SAMPLE, acks.size()); i++) {
            Ack ack = acks.get(random.nextInt(acks.size()));
            assertThat(lookup.query(ack.topic(), ack.key(), 0, Long.MAX_VALUE, 2, result)).as(context + " " + ack)
                .isEqualTo(ReadStatus.FOUND);
            assertThat(result.count()).as(context + " " + ack).isEqualTo(1);
            assertThat(result.physicalOffset(0)).as(context + " " + ack).isEqualTo(ack.physical());
            result.release();
        }
    }

    private static void assertPresent(StoreFixture fixture, List<Ack> acks, String context) {
        ReadResult result = new ReadResult(1);
        for (Ack ack : acks) {
            assertThat(fixture.store.read(ack.topic(), ack.queueId(), ack.queueOffset(), 1, Long.MAX_VALUE, TagFilter.ANY,
                result)).as(context + " " + ack).isEqualTo(ReadStatus.FOUND);
            assertThat(result.physicalOffset(0)).as(context + " " + ack).isEqualTo(ack.physical());
            assertThat(TestRecord.verify(result.buffer(0), result.position(0), ack.size(), ack.queueId(), ack.queueOffset(),
                ack.physical())).as(context + " " + ack).isTrue();
            result.release();
        }
    }
}
