package io.apogee.store.recovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.store.StoreAudit;
import io.apogee.store.StoreConfig;
import io.apogee.store.StoreFixture;
import io.apogee.store.TestRecord;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recovery in process: clean reopen, crash images (the directory copied while the store runs, as a process crash
 * leaves the page cache), torn and damaged tails, damage in the middle, and consume queues rebuilt or cut. Seeded:
 * replay with {@code -Dstore.seed=<seed>}.
 */
class RecoveryTest {
    private static final int SEGMENT = 16 * 1024;
    private static final int UNITS = 64;
    private static final String[] TOPICS = {"Orders", "Audit"};
    private static final String[] TAGS = {null, "TagA", "TagB"};
    /** The smallest test record keeps at least this much body after the fixed fields, topic and properties. */
    private static final int BODY_BYTES_IN_EVERY_RECORD = 50;

    @TempDir
    Path dir;

    private final long seed = Long.getLong("store.seed", System.nanoTime());
    private final Random random = new Random(seed);

    /** One appended record. */
    private record Appended(String topic, int queueId, long queueOffset, long physical, int size) {
    }

    private StoreConfig config(Path root) {
        return StoreFixture.config(root, FlushMode.ASYNC, SEGMENT, UNITS);
    }

    private List<Appended> append(StoreFixture fixture, int count) {
        System.out.println("RecoveryTest seed " + seed);
        List<Appended> appended = new ArrayList<>();
        TestRecord record = new TestRecord();
        for (int i = 0; i < count; i++) {
            String topic = TOPICS[random.nextInt(TOPICS.length)];
            int queueId = random.nextInt(3);
            int size = TestRecord.MIN_SIZE + random.nextInt(900);
            assertThat(fixture.store.submit(record.set(topic, queueId, size, TAGS[random.nextInt(TAGS.length)]).request()))
                .isEqualTo(AppendStatus.ACCEPTED);
            fixture.drain();
            assertThat(record.status).isEqualTo(AppendStatus.APPENDED);
            appended.add(new Appended(topic, queueId, record.queueOffset, record.physicalOffset, size));
        }
        return appended;
    }

    private static void assertPresent(StoreFixture fixture, List<Appended> records) {
        ReadResult result = new ReadResult(1);
        for (Appended record : records) {
            String context = record.toString();
            assertThat(fixture.store.read(record.topic(), record.queueId(), record.queueOffset(), 1, Long.MAX_VALUE,
                TagFilter.ANY, result)).as(context).isEqualTo(ReadStatus.FOUND);
            assertThat(result.physicalOffset(0)).as(context).isEqualTo(record.physical());
            assertThat(TestRecord.verify(result.buffer(0), result.position(0), record.size(), record.queueId(),
                record.queueOffset(), record.physical())).as(context).isTrue();
            result.release();
        }
    }

    /** Runs a store in {@code dir/live}, copies it while it runs into {@code dir/image}, and returns what it appended. */
    private List<Appended> crashImage(int count) {
        try (StoreFixture live = new StoreFixture(config(dir.resolve("live")))) {
            List<Appended> appended = append(live, count);
            CrashImages.copy(dir.resolve("live"), dir.resolve("image"));
            return appended;
        }
    }

    @Test
    void aCleanCloseReopensOnTheFastPathAndAppendsContinue() {
        List<Appended> before;
        long end;
        try (StoreFixture fixture = new StoreFixture(config(dir))) {
            before = append(fixture, 60);
            end = fixture.internals.commitLog().publishedPosition();
        }
        try (StoreFixture fixture = StoreFixture.open(config(dir))) {
            RecoveryReport report = fixture.store.recoveryReport();
            assertThat(report.tail()).isEqualTo(TailState.CLEAN_SHUTDOWN);
            assertThat(report.logEnd()).isEqualTo(end);
            assertPresent(fixture, before);
            List<Appended> after = append(fixture, 20);
            assertThat(after.get(0).physical()).isGreaterThanOrEqualTo(end);
            for (Appended record : after) {
                long earlier = before.stream().filter(b -> b.topic().equals(record.topic()) && b.queueId() == record.queueId())
                    .count();
                assertThat(record.queueOffset()).isGreaterThanOrEqualTo(earlier);
            }
            assertPresent(fixture, after);
            StoreAudit.assertQueuesMatchLog(fixture.store);
        }
    }

    @Test
    void strayEntriesInTheQueueDirectoryAreSkippedAndReported() throws Exception {
        List<Appended> before;
        try (StoreFixture fixture = new StoreFixture(config(dir))) {
            before = append(fixture, 30);
        }
        Path queues = config(dir).queueDirectory();
        List<Path> stray = List.of(queues.resolve("Orders").resolve("lost+found"), queues.resolve("Orders").resolve("007"),
            queues.resolve("Orders").resolve("99999999999"), queues.resolve("bad.topic").resolve("0"));
        for (Path path : stray) {
            java.nio.file.Files.createDirectories(path);
        }
        Path notes = java.nio.file.Files.writeString(queues.resolve("Audit").resolve("notes.txt"), "not a queue");
        try (StoreFixture fixture = StoreFixture.open(config(dir))) {
            assertPresent(fixture, before);
            assertThat(fixture.store.recoveryReport().skippedQueuePaths()).containsExactlyInAnyOrder(notes,
                stray.get(0), stray.get(1), stray.get(2), queues.resolve("bad.topic"));
            assertThat(fixture.store.read("Orders", 7, 0, 1, Long.MAX_VALUE, TagFilter.ANY, new ReadResult(1)))
                .as("007 names no queue").isEqualTo(ReadStatus.QUEUE_NOT_FOUND);
            StoreAudit.assertQueuesMatchLog(fixture.store);
        }
    }

    @Test
    void aCrashImageRecoversEverythingWrittenWithQueuesMatchingTheLog() {
        List<Appended> appended = crashImage(80);
        try (StoreFixture fixture = StoreFixture.open(config(dir.resolve("image")))) {
            RecoveryReport report = fixture.store.recoveryReport();
            assertThat(report.tail()).isEqualTo(TailState.INTACT);
            assertThat(report.recordsReplayed()).isEqualTo(80);
            assertPresent(fixture, appended);
            StoreAudit.assertQueuesMatchLog(fixture.store);
        }
    }

    @Test
    void lostConsumeQueuesAreRebuiltFromTheLog() {
        List<Appended> appended = crashImage(50);
        Path queues = dir.resolve("image").resolve("consumequeue");
        org.junit.jupiter.api.Assertions.assertDoesNotThrow(() -> deleteTree(queues));
        try (StoreFixture fixture = StoreFixture.open(config(dir.resolve("image")))) {
            assertThat(fixture.store.recoveryReport().unitsRebuilt()).isEqualTo(50);
            assertPresent(fixture, appended);
            StoreAudit.assertQueuesMatchLog(fixture.store);
        }
    }

    @Test
    void aTornLastRecordIsCutAndEverythingBeforeItKept() {
        List<Appended> appended = crashImage(40);
        Appended last = appended.get(appended.size() - 1);
        List<Path> files = CrashImages.segments(dir.resolve("image"));
        long base = last.physical() - last.physical() % SEGMENT;
        // cut past the size field (a record whose size reads 0 is unwritten space: a clean end) and before the topic
        // and properties at the record's end, which carry no checksum (a cut there leaves a record that validates, or
        // names an invalid topic): in the rest of the header or the body, which its CRC covers
        CrashImages.truncate(files.get((int) (base / SEGMENT)), last.physical() - base + 4 + random.nextInt(last.size() - 100));
        try (StoreFixture fixture = StoreFixture.open(config(dir.resolve("image")))) {
            RecoveryReport report = fixture.store.recoveryReport();
            assertThat(report.tail()).isIn(TailState.TORN, TailState.CORRUPT_TAIL);
            assertThat(report.logEnd()).isEqualTo(last.physical());
            assertThat(report.damageOffset()).isEqualTo(last.physical());
            assertPresent(fixture, appended.subList(0, appended.size() - 1));
            assertThat(fixture.store.maxOffset(last.topic(), last.queueId())).isEqualTo(last.queueOffset());
            StoreAudit.assertQueuesMatchLog(fixture.store);
            assertThat(fixture.store.submit(new TestRecord().set(last.topic(), last.queueId(), 300, null).request()))
                .isEqualTo(AppendStatus.ACCEPTED);
            fixture.drain();
            StoreAudit.assertQueuesMatchLog(fixture.store);
        }
    }

    @Test
    void flippedBytesInTheLastRecordsCutBackToTheLastGoodRecord() {
        List<Appended> appended = crashImage(40);
        int damaged = 1 + random.nextInt(3);
        Appended firstBad = appended.get(appended.size() - damaged);
        while (firstBad.physical() / SEGMENT != appended.get(appended.size() - 1).physical() / SEGMENT) {
            damaged--;
            firstBad = appended.get(appended.size() - damaged);
        }
        Path file = CrashImages.segments(dir.resolve("image")).get((int) (firstBad.physical() / SEGMENT));
        for (int i = appended.size() - damaged; i < appended.size(); i++) {
            Appended bad = appended.get(i);
            CrashImages.flip(file, bad.physical() % SEGMENT + bodyByte());
        }
        try (StoreFixture fixture = StoreFixture.open(config(dir.resolve("image")))) {
            RecoveryReport report = fixture.store.recoveryReport();
            System.out.println("flipped " + damaged + " records: " + report);
            assertThat(report.tail()).isEqualTo(TailState.CORRUPT_TAIL);
            assertThat(report.damageOffset()).isEqualTo(firstBad.physical());
            assertThat(report.damage()).isNotNull();
            assertPresent(fixture, appended.subList(0, appended.size() - damaged));
            StoreAudit.assertQueuesMatchLog(fixture.store);
        }
    }

    @Test
    void damageInTheMiddleOfTheLogStopsTheOpenWithItsOffset() {
        List<Appended> appended = crashImage(60);
        Appended victim = appended.get(1);
        assertThat(appended.get(appended.size() - 1).physical()).isGreaterThan(SEGMENT);
        CrashImages.flip(CrashImages.segments(dir.resolve("image")).get(0), victim.physical() + 4); // its magic
        assertThatThrownBy(() -> StoreFixture.open(config(dir.resolve("image"))))
            .isInstanceOf(StoreCorruptedException.class)
            .satisfies(failure -> assertThat(((StoreCorruptedException) failure).offset()).isEqualTo(victim.physical()))
            .hasMessageContaining("BAD_MAGIC");
    }

    @Test
    void damageBelowTheCheckpointsFlushedOffsetIsNeverCut() {
        List<Appended> appended;
        try (StoreFixture live = new StoreFixture(config(dir.resolve("live")))) {
            appended = new ArrayList<>(append(live, 10));
            live.internals.dispatcher().flushNow(live.clock.millis());
            appended.addAll(append(live, 5)); // their units are not forced yet: the checkpoint's derived offset lags
            live.internals.flusher().flushAll();
            live.clock.advanceMillis(StoreConfig.DEFAULT_QUEUE_FLUSH_INTERVAL_MILLIS);
            assertThat(live.internals.checkpointer().doWork()).isEqualTo(1);
            CrashImages.copy(dir.resolve("live"), dir.resolve("image"));
        }
        Appended victim = appended.get(appended.size() - 1);
        CrashImages.flip(CrashImages.segments(dir.resolve("image")).get((int) (victim.physical() / SEGMENT)),
            victim.physical() % SEGMENT + bodyByte());
        assertThatThrownBy(() -> StoreFixture.open(config(dir.resolve("image"))))
            .isInstanceOf(StoreCorruptedException.class)
            .hasMessageContaining("below the checkpoint");
    }

    @Test
    void unitsPointingPastACutLogAreDropped() {
        List<Appended> appended = crashImage(40);
        int kept = appended.size() - 1 - random.nextInt(5);
        Appended firstLost = appended.get(kept);
        Path file = CrashImages.segments(dir.resolve("image")).get((int) (firstLost.physical() / SEGMENT));
        CrashImages.truncate(file, firstLost.physical() % SEGMENT);
        List<Path> files = CrashImages.segments(dir.resolve("image"));
        for (Path later : files.subList(files.indexOf(file) + 1, files.size())) {
            org.junit.jupiter.api.Assertions.assertDoesNotThrow(() -> java.nio.file.Files.delete(later));
        }
        try (StoreFixture fixture = StoreFixture.open(config(dir.resolve("image")))) {
            RecoveryReport report = fixture.store.recoveryReport();
            assertThat(report.logEnd()).isEqualTo(firstLost.physical());
            assertThat(report.unitsCut()).isEqualTo(appended.size() - kept);
            assertPresent(fixture, appended.subList(0, kept));
            StoreAudit.assertQueuesMatchLog(fixture.store);
        }
    }

    @Test
    void aCheckpointRoundTripsAndADamagedOneIsIgnored() {
        Checkpoint checkpoint = new Checkpoint(123_456, 120_000, 42);
        byte[] bytes = checkpoint.encode().array();
        assertThat(Checkpoint.decode(bytes)).isEqualTo(checkpoint);
        assertThat(checkpoint.replayFrom()).isEqualTo(120_000);
        bytes[Checkpoint.LOG_FLUSHED_OFFSET] ^= 1;
        assertThat(Checkpoint.decode(bytes)).isNull();
        assertThat(Checkpoint.decode(new byte[3])).isNull();
        assertThat(Checkpoint.decode(null)).isNull();
    }

    /** A record-relative position inside the body of every test record (properties are not covered by the CRC). */
    private int bodyByte() {
        return StoredRecord.bodyOffset(0) + random.nextInt(BODY_BYTES_IN_EVERY_RECORD);
    }

    private static void deleteTree(Path root) throws java.io.IOException {
        try (var paths = java.nio.file.Files.walk(root)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                java.nio.file.Files.delete(path);
            }
        }
    }
}
