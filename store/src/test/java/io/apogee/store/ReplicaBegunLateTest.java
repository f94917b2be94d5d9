package io.apogee.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.commitlog.LogSlice;
import io.apogee.store.commitlog.ReplicaStatus;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import io.apogee.store.retention.RetentionConfig;
import io.apogee.wire.message.ConsumeQueueEntry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An empty replica whose master sends its log from a segment's start above 0 (RocketMQ's master starts an empty slave
 * at its last file): the replica's log begins there, in a file named by that offset, and each consume queue begins at
 * the queue offset of its first record, as RocketMQ's slave's do. Reads below answer OFFSET_TOO_SMALL; the offsets
 * survive a clean reopen and a crash; retention deletes its head; a replica that holds bytes still refuses a gap.
 */
class ReplicaBegunLateTest {
    private static final int SEGMENT = 64 << 10;
    /** Units per queue file: small, so most queues begin inside a file and get pre-blank units before their first. */
    private static final int UNITS = 64;
    private static final String[] TOPICS = {"orders", "audit", "T"};
    private static final int QUEUES = 3;
    private static final long HOUR = TimeUnit.HOURS.toMillis(1);

    @TempDir
    Path dir;

    private StoreConfig replicaConfig() {
        return StoreFixture.config(dir.resolve("replica"), FlushMode.ASYNC, SEGMENT, UNITS)
            .withRetention(new RetentionConfig(HOUR, RetentionConfig.DEFAULT_CLEAN_USED_RATIO, 0, 100));
    }

    @Test
    void anEmptyReplicaBeginsAtASegmentStartAndItsQueuesAtTheirFirstRecord() throws IOException {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        System.out.println("ReplicaBegunLateTest seed " + seed);
        try (StoreFixture master = new StoreFixture(dir.resolve("master"), FlushMode.ASYNC, SEGMENT, UNITS)) {
            write(master, random, 700);
            long end = master.store.logEnd();
            assertThat(end).as("seed %d: the log spans segments", seed).isGreaterThan(4L * SEGMENT);
            long begin = end - end % SEGMENT - SEGMENT;
            Map<String, Long> firstOffsets = firstOffsetsFrom(master.store, begin);

            try (StoreFixture replica = new StoreFixture(replicaConfig())) {
                replica.store.replicaOnly();
                assertThat(replica.store.replicaMayBeginAt(begin)).isTrue();
                assertThat(replica.store.replicaMayBeginAt(begin + 100)).as("not a segment's start").isFalse();
                try (LogSlice slice = master.store.sliceLog(begin, 500)) {
                    assertThat(replica.store.appendReplicated(begin + 8, slice.bytes()))
                        .isEqualTo(ReplicaStatus.OFFSET_MISMATCH);
                }
                feed(master.store, replica, begin, end, random);

                assertThat(replica.store.logStart()).isEqualTo(begin);
                assertThat(replica.store.logEnd()).isEqualTo(end);
                assertThat(logFiles(replica.store).findFirst()).contains(String.format("%020d", begin));
                assertSameLog(master.store, replica.store, begin, end);
                assertQueues(master.store, replica.store, firstOffsets);
                StoreAudit.assertQueuesMatchLog(replica.store);

                try (LogSlice slice = master.store.sliceLog(begin, 500)) {
                    assertThat(replica.store.replicaMayBeginAt(begin)).as("no longer empty").isFalse();
                    assertThat(replica.store.appendReplicated(end + SEGMENT, slice.bytes()))
                        .as("a replica that holds bytes refuses a gap").isEqualTo(ReplicaStatus.OFFSET_MISMATCH);
                }
                // a crash that lost every consume-queue file: recovery rebuilds them from the log that began late
                CrashImage.copy(replica.store.config().root(), dir.resolve("crash"));
                CrashImage.delete(dir.resolve("crash").resolve(
                    replica.store.config().root().relativize(replica.store.config().queueDirectory()).toString()));
            }

            try (StoreFixture reopened = StoreFixture.open(replicaConfig())) {
                assertThat(reopened.store.logStart()).isEqualTo(begin);
                assertQueues(master.store, reopened.store, firstOffsets);
                StoreAudit.assertQueuesMatchLog(reopened.store);
            }
            StoreConfig crashed = StoreFixture.config(dir.resolve("crash"), FlushMode.ASYNC, SEGMENT, UNITS);
            try (StoreFixture recovered = StoreFixture.open(crashed)) {
                assertThat(recovered.store.recoveryReport().logEnd()).isEqualTo(end);
                assertThat(recovered.store.recoveryReport().unitsRebuilt()).isPositive();
                assertThat(recovered.store.logStart()).isEqualTo(begin);
                assertQueues(master.store, recovered.store, firstOffsets);
                StoreAudit.assertQueuesMatchLog(recovered.store);
            }
        }
    }

    @Test
    void retentionDeletesTheHeadOfALogThatBeganAboveZero() throws IOException {
        Random random = new Random();
        try (StoreFixture master = new StoreFixture(dir.resolve("master"), FlushMode.ASYNC, SEGMENT, UNITS)) {
            write(master, random, 700);
            long end = master.store.logEnd();
            long begin = end - end % SEGMENT - 3L * SEGMENT;
            try (StoreFixture replica = new StoreFixture(replicaConfig())) {
                replica.store.replicaOnly();
                feed(master.store, replica, begin, end, random);
                replica.internals.flusher().flushAll();
                replica.clock.advanceMillis(2 * HOUR);
                replica.internals.diskWatch().doWork();
                assertThat(replica.internals.retention().doWork()).as("every segment but the last").isEqualTo(3);

                long start = end - end % SEGMENT;
                assertThat(replica.store.logStart()).isEqualTo(start);
                assertThat(logFiles(replica.store).findFirst()).contains(String.format("%020d", start));
                Map<String, Long> firstOffsets = firstOffsetsFrom(master.store, start);
                for (String queue : firstOffsets.keySet()) {
                    String[] parts = queue.split("-");
                    long min = replica.store.minOffset(parts[0], Integer.parseInt(parts[1]));
                    assertThat(min).as(queue).isEqualTo(firstOffsets.get(queue));
                }
                StoreAudit.assertQueuesMatchLog(replica.store);
            }
        }
    }

    private static void write(StoreFixture master, Random random, int records) {
        TestRecord record = new TestRecord();
        for (int i = 0; i < records; i++) {
            String topic = TOPICS[random.nextInt(TOPICS.length)];
            master.store.submit(record.set(topic, random.nextInt(QUEUES), 200 + random.nextInt(800), "tag" + (i % 5))
                .keys("K" + i).request());
            master.drain();
        }
        master.internals.flusher().flushAll();
    }

    /** Sends the master's log from {@code begin} to {@code end} in frames of random sizes. */
    private static void feed(MessageStore master, StoreFixture replica, long begin, long end, Random random) {
        long offset = begin;
        while (offset < end) {
            try (LogSlice slice = master.sliceLog(offset, 1 + random.nextInt(5000))) {
                int length = slice.bytes().remaining();
                assertThat(replica.store.appendReplicated(offset, slice.bytes())).isEqualTo(ReplicaStatus.APPENDED);
                offset += length;
            }
            replica.drain();
        }
        replica.internals.flusher().flushAll();
        replica.drain();
    }

    /** Per "topic-queueId", the queue offset of the master's first record at or after {@code begin}, or its max. */
    private static Map<String, Long> firstOffsetsFrom(MessageStore master, long begin) {
        Map<String, Long> first = new HashMap<>();
        for (String topic : TOPICS) {
            for (int queueId = 0; queueId < QUEUES; queueId++) {
                ReadResult all = new ReadResult(1024);
                master.read(topic, queueId, 0, 1024, Long.MAX_VALUE, TagFilter.ANY, all);
                long offset = master.maxOffset(topic, queueId);
                for (int i = all.count() - 1; i >= 0 && all.physicalOffset(i) >= begin; i--) {
                    offset = all.queueOffset(i);
                }
                all.release();
                first.put(topic + "-" + queueId, offset);
            }
        }
        return first;
    }

    /** Each queue of the replica: its min offset, its max, a read below the min, and its records from the min. */
    private static void assertQueues(MessageStore master, MessageStore replica, Map<String, Long> firstOffsets) {
        int begunInsideAFile = 0;
        for (String topic : TOPICS) {
            for (int queueId = 0; queueId < QUEUES; queueId++) {
                String queue = topic + "-" + queueId;
                long min = firstOffsets.get(queue);
                long max = master.maxOffset(topic, queueId);
                assertThat(min).as(queue + " begins above 0").isPositive();
                assertThat(replica.minOffset(topic, queueId)).as(queue + " min offset").isEqualTo(min);
                assertThat(replica.maxOffset(topic, queueId)).as(queue + " max offset").isEqualTo(max);
                begunInsideAFile += min % UNITS != 0 ? 1 : 0;

                ReadResult below = new ReadResult(4);
                assertThat(replica.read(topic, queueId, min - 1, 4, Long.MAX_VALUE, TagFilter.ANY, below))
                    .isEqualTo(ReadStatus.OFFSET_TOO_SMALL);
                assertThat(below.nextOffset()).isEqualTo(min);
                below.release();

                ReadResult expected = new ReadResult(1024);
                ReadResult actual = new ReadResult(1024);
                master.read(topic, queueId, min, 1024, Long.MAX_VALUE, TagFilter.ANY, expected);
                assertThat(replica.read(topic, queueId, min, 1024, Long.MAX_VALUE, TagFilter.ANY, actual))
                    .isEqualTo(ReadStatus.FOUND);
                assertThat(actual.count()).isEqualTo(expected.count()).isEqualTo((int) (max - min));
                for (int i = 0; i < expected.count(); i++) {
                    assertThat(actual.queueOffset(i)).isEqualTo(min + i);
                    assertThat(actual.physicalOffset(i)).isEqualTo(expected.physicalOffset(i));
                    assertThat(actual.slice(i)).isEqualTo(expected.slice(i));
                }
                expected.release();
                actual.release();
            }
        }
        assertThat(begunInsideAFile).as("queues whose first file has pre-blank units").isPositive();
        assertPreBlanks(replica, firstOffsets);
    }

    /** The first file of each queue begun inside it holds pre-blank units before the first record's, as RocketMQ's. */
    private static void assertPreBlanks(MessageStore replica, Map<String, Long> firstOffsets) {
        ConsumeQueueEntry unit = new ConsumeQueueEntry();
        for (Map.Entry<String, Long> queue : firstOffsets.entrySet()) {
            long min = queue.getValue();
            long base = min - min % UNITS;
            String[] parts = queue.getKey().split("-");
            Path file = replica.config().queueDirectory().resolve(parts[0]).resolve(parts[1])
                .resolve(String.format("%020d", base * ConsumeQueueEntry.SIZE));
            try {
                ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file));
                for (long offset = base; offset < min; offset++) {
                    assertThat(unit.wrap(bytes, (int) (offset - base) * ConsumeQueueEntry.SIZE).isPreBlank())
                        .as(queue.getKey() + " unit " + offset).isTrue();
                }
                assertThat(unit.wrap(bytes, (int) (min - base) * ConsumeQueueEntry.SIZE).isPreBlank()).isFalse();
            } catch (IOException e) {
                throw new AssertionError(file + " cannot be read", e);
            }
        }
    }

    private static Stream<String> logFiles(MessageStore store) throws IOException {
        try (Stream<Path> files = Files.list(store.config().commitLogDirectory())) {
            return files.map(file -> file.getFileName().toString()).sorted().toList().stream();
        }
    }

    private static void assertSameLog(MessageStore master, MessageStore replica, long begin, long end)
        throws IOException {
        Path masterLog = master.config().commitLogDirectory();
        Path replicaLog = replica.config().commitLogDirectory();
        for (long base = begin; base < end; base += SEGMENT) {
            String name = String.format("%020d", base);
            byte[] expected = Files.readAllBytes(masterLog.resolve(name));
            byte[] actual = Files.readAllBytes(replicaLog.resolve(name));
            int length = (int) Math.min(SEGMENT, end - base);
            assertThat(Arrays.mismatch(expected, 0, length, actual, 0, length)).as("first differing byte of %s", name)
                .isEqualTo(-1);
        }
    }

    /** A copy of a store directory taken while the store is open: what a process crash leaves. */
    private static final class CrashImage {
        private CrashImage() {
        }

        static void copy(Path source, Path target) throws IOException {
            try (Stream<Path> paths = Files.walk(source)) {
                for (Path path : paths.toList()) {
                    Path copy = target.resolve(source.relativize(path).toString());
                    if (Files.isDirectory(path)) {
                        Files.createDirectories(copy);
                    } else {
                        Files.copy(path, copy);
                    }
                }
            }
        }

        static void delete(Path directory) throws IOException {
            try (Stream<Path> paths = Files.walk(directory)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
    }
}
