package io.apogee.store.commitlog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.common.agent.AgentRunner;
import io.apogee.common.agent.BackoffIdleStrategy;
import io.apogee.store.StoreAudit;
import io.apogee.store.StoreConfig;
import io.apogee.store.StoreFixture;
import io.apogee.store.TestRecord;
import io.apogee.store.file.SegmentSet;
import io.apogee.store.file.StoreIoException;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SyncFlushTest {
    private static final int SEGMENT = 64 * 1024;

    @TempDir
    Path dir;

    /** Whether the force recorded for the record's segment file covers the whole record. */
    private static boolean forcedBeforeAck(StoreFixture fixture, TestRecord record) {
        long base = record.physicalOffset - Math.floorMod(record.physicalOffset, SEGMENT);
        Path file = fixture.store.config().commitLogDirectory().resolve(SegmentSet.fileName(base));
        return fixture.files.forcedEnd(file) >= record.physicalOffset - base + record.totalSize();
    }

    @Test
    void acknowledgesOnlyAfterAForceCoveringTheRecordAndOneForceCoversAll() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.SYNC, SEGMENT, 64)) {
            List<TestRecord> records = new ArrayList<>();
            AtomicInteger coveredAcks = new AtomicInteger();
            for (int i = 0; i < 10; i++) {
                TestRecord record = new TestRecord().set("T", i % 3, 500 + i, null);
                record.onComplete = done -> {
                    if (forcedBeforeAck(fixture, done)) {
                        coveredAcks.incrementAndGet();
                    }
                };
                records.add(record);
                assertThat(fixture.store.submit(record.request())).isEqualTo(AppendStatus.ACCEPTED);
            }
            assertThat(fixture.internals.appender().doWork()).isEqualTo(10);
            assertThat(records).allSatisfy(record -> assertThat(record.completions).isZero());
            assertThat(fixture.files.forces()).isZero();
            assertThat(fixture.internals.flusher().doWork()).isGreaterThan(0);
            assertThat(fixture.files.forces()).isEqualTo(1);
            assertThat(records).allSatisfy(record -> assertThat(record.status).isEqualTo(AppendStatus.APPENDED));
            assertThat(coveredAcks.get()).isEqualTo(10);
            assertThat(fixture.internals.commitLog().flushedPosition()).isEqualTo(fixture.internals.commitLog().publishedPosition());
            assertThat(fixture.internals.appender().inFlight()).isZero();
        }
    }

    /** Whether the file of the record's segment, read with the file's read call, holds the whole record. */
    private static boolean inFile(StoreFixture fixture, TestRecord record, int segmentSize) throws IOException {
        long base = record.physicalOffset - Math.floorMod(record.physicalOffset, segmentSize);
        Path file = fixture.store.config().commitLogDirectory().resolve(SegmentSet.fileName(base));
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file));
        return TestRecord.verify(bytes, (int) (record.physicalOffset - base), record.totalSize(), record.queueId(),
            record.queueOffset, record.physicalOffset);
    }

    @Test
    void aBatchFromSeveralWritersGoesIntoTheFileWithOneWriteBeforeItsOneForce() throws IOException {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.SYNC, SEGMENT, 64)) {
            List<TestRecord> records = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                TestRecord record = new TestRecord().set("T", i % 3, 500 + i, null);
                records.add(record);
                fixture.store.submit(record.request());
            }
            int writesBefore = fixture.files.writes();
            assertThat(fixture.internals.appender().doWork()).isEqualTo(10);
            assertThat(fixture.files.writes() - writesBefore).isEqualTo(1);
            assertThat(fixture.files.forces()).isZero();
            fixture.internals.flusher().doWork();
            assertThat(fixture.files.forces()).isEqualTo(1);
            for (TestRecord record : records) {
                assertThat(record.status).isEqualTo(AppendStatus.APPENDED);
                assertThat(inFile(fixture, record, SEGMENT)).as("record at " + record.physicalOffset).isTrue();
            }
        }
    }

    @Test
    void aBatchLargerThanTheStageAndRecordsAcrossARollLandInTheirFiles() throws IOException {
        int segment = 1 << 20;
        StoreConfig base = StoreFixture.config(dir, FlushMode.SYNC, segment, 4096);
        CommitLogConfig log = base.commitLog();
        // records of at most 64 KiB: the stage keeps its least room, 256 KiB, a quarter of the segment
        StoreConfig config = base.withCommitLog(new CommitLogConfig(segment, 64 << 10, log.ringCapacity(), log.maxBatch(),
            FlushMode.SYNC, log.flushIntervalMillis(), log.flushMinDirtyPages(), log.pretouch(), log.syncFlushTimeoutMillis()));
        try (StoreFixture fixture = new StoreFixture(config)) {
            List<TestRecord> records = new ArrayList<>();
            for (int i = 0; i < 1200; i++) { // 1.2 MB: past the 256 KiB stage several times, and past the segment
                TestRecord record = new TestRecord().set("T", i % 4, 1000, null);
                records.add(record);
                assertThat(fixture.store.submit(record.request())).isEqualTo(AppendStatus.ACCEPTED);
            }
            int writesBefore = fixture.files.writes();
            fixture.drain();
            assertThat(fixture.files.writes() - writesBefore).isGreaterThanOrEqualTo(5);
            for (TestRecord record : records) {
                assertThat(record.status).isEqualTo(AppendStatus.APPENDED);
                assertThat(inFile(fixture, record, segment)).as("record at " + record.physicalOffset).isTrue();
            }
            assertThat(records.get(records.size() - 1).physicalOffset).isGreaterThan(segment);
            StoreAudit.assertQueuesMatchLog(fixture.store);
        }
    }

    @Test
    void aFailedWriteOfTheBatchFencesTheStoreAndAcknowledgesNoneOfIt() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.SYNC, SEGMENT, 64)) {
            TestRecord durable = new TestRecord().set("T", 0, 300, null);
            fixture.store.submit(durable.request());
            fixture.drain();
            TestRecord waiting = new TestRecord().set("T", 0, 300, null);
            TestRecord notWaiting = new TestRecord().set("T", 1, 300, null).awaitFlush(false);
            fixture.store.submit(waiting.request());
            fixture.store.submit(notWaiting.request());
            fixture.files.failOn("write");
            assertThatThrownBy(() -> fixture.internals.appender().doWork()).isInstanceOf(StoreIoException.class);
            fixture.drain();
            assertThat(fixture.store.statistics().failure().operation()).isEqualTo("write");
            assertThat(waiting.status).isEqualTo(AppendStatus.STORE_FAILED);
            assertThat(notWaiting.status).isEqualTo(AppendStatus.STORE_FAILED);
            assertThat(waiting.completions + notWaiting.completions).isEqualTo(2);
            long durableEnd = durable.physicalOffset + durable.totalSize();
            assertThat(fixture.internals.commitLog().publishedPosition()).isEqualTo(durableEnd);
            assertThat(fixture.store.maxOffset("T", 0)).isEqualTo(1);
            assertThat(fixture.store.maxOffset("T", 1)).isZero();
        }
    }

    @Test
    void recordsWrittenAfterAForceWaitForTheNextOne() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.SYNC, SEGMENT, 64)) {
            TestRecord first = new TestRecord().set("T", 0, 300, null);
            TestRecord second = new TestRecord().set("T", 0, 300, null);
            fixture.store.submit(first.request());
            fixture.internals.appender().doWork();
            fixture.store.submit(second.request());
            fixture.internals.flusher().doWork();
            assertThat(first.status).isEqualTo(AppendStatus.APPENDED);
            assertThat(second.completions).isZero();
            fixture.internals.appender().doWork();
            assertThat(second.completions).isZero();
            fixture.internals.flusher().doWork();
            assertThat(second.status).isEqualTo(AppendStatus.APPENDED);
            assertThat(forcedBeforeAck(fixture, second)).isTrue();
        }
    }

    @Test
    void aRequestNotAwaitingTheFlushIsAcknowledgedAtOnce() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.SYNC, SEGMENT, 64)) {
            TestRecord waiting = new TestRecord().set("T", 0, 300, null);
            TestRecord notWaiting = new TestRecord().set("T", 0, 300, null).awaitFlush(false);
            fixture.store.submit(waiting.request());
            fixture.store.submit(notWaiting.request());
            fixture.internals.appender().doWork();
            assertThat(waiting.completions).isZero();
            assertThat(notWaiting.status).isEqualTo(AppendStatus.APPENDED);
            fixture.internals.flusher().doWork();
            assertThat(waiting.status).isEqualTo(AppendStatus.APPENDED);
            assertThat(notWaiting.completions).isEqualTo(1);
        }
    }

    @Test
    void aFailedForceFencesTheStoreAndFailsEveryWaitingAndLaterAppend() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.SYNC, SEGMENT, 64)) {
            TestRecord durable = new TestRecord().set("T", 0, 300, null);
            fixture.store.submit(durable.request());
            fixture.drain();
            TestRecord pending = new TestRecord().set("T", 0, 300, null);
            TestRecord queued = new TestRecord().set("T", 0, 300, null);
            fixture.store.submit(pending.request());
            fixture.internals.appender().doWork();
            fixture.store.submit(queued.request());
            fixture.files.failOn("force");
            fixture.internals.flusher().doWork();
            assertThat(fixture.store.statistics().failed()).isTrue();
            assertThat(fixture.store.statistics().failure().operation()).isEqualTo("force");
            assertThat(pending.status).isEqualTo(AppendStatus.STORE_FAILED);
            fixture.drain();
            assertThat(queued.status).isEqualTo(AppendStatus.STORE_FAILED);
            assertThat(fixture.store.submit(new TestRecord().set("T", 0, 300, null).request())).isEqualTo(AppendStatus.STORE_FAILED);
            assertThat(fixture.errors.distinctCount()).isEqualTo(1);
            ReadResult result = new ReadResult(8);
            assertThat(fixture.store.read("T", 0, 0, 8, Long.MAX_VALUE, TagFilter.ANY, result)).isEqualTo(ReadStatus.FOUND);
            assertThat(result.physicalOffset(0)).isEqualTo(durable.physicalOffset);
            result.release();
        }
    }

    @Test
    void concurrentWritersShareForcesAndEveryAcknowledgedRecordWasForced() throws InterruptedException {
        int writers = 8;
        int perWriter = 100;
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.SYNC, SEGMENT, 1024)) {
            List<AgentRunner> runners = new ArrayList<>();
            for (var agent : List.of(fixture.internals.appender(), fixture.internals.flusher(), fixture.internals.dispatcher(),
                fixture.internals.commitLog().preallocator())) {
                AgentRunner runner = new AgentRunner(agent, new BackoffIdleStrategy(100, 10, 1_000, 100_000), fixture.errors);
                runners.add(runner);
                runner.start();
            }
            AtomicLong uncovered = new AtomicLong();
            CountDownLatch done = new CountDownLatch(writers);
            for (int w = 0; w < writers; w++) {
                int queue = w;
                Thread.ofPlatform().start(() -> {
                    TestRecord record = new TestRecord();
                    for (int i = 0; i < perWriter; i++) {
                        CountDownLatch acked = new CountDownLatch(1);
                        record.set("T", queue, 200 + i, null);
                        record.onComplete = r -> {
                            if (r.status != AppendStatus.APPENDED || !forcedBeforeAck(fixture, r)) {
                                uncovered.incrementAndGet();
                            }
                            acked.countDown();
                        };
                        while (fixture.store.submit(record.request()) == AppendStatus.BUSY) {
                            Thread.onSpinWait();
                        }
                        try {
                            if (!acked.await(30, TimeUnit.SECONDS)) {
                                uncovered.incrementAndGet();
                                break;
                            }
                        } catch (InterruptedException interrupted) {
                            Thread.currentThread().interrupt();
                            return;
                        }
                    }
                    done.countDown();
                });
            }
            assertThat(done.await(60, TimeUnit.SECONDS)).isTrue();
            runners.forEach(AgentRunner::close);
            assertThat(uncovered.get()).isZero();
            int records = writers * perWriter;
            System.out.printf("%d sync appends from %d writers took %d forces%n", records, writers, fixture.files.forces());
            assertThat(fixture.files.forces()).isLessThanOrEqualTo(records);
            fixture.drain();
            for (int w = 0; w < writers; w++) {
                assertThat(fixture.store.maxOffset("T", w)).isEqualTo(perWriter);
            }
            assertThat(fixture.errors.totalCount()).isZero();
        }
    }

    @Test
    void aForceThatEndsAfterTheSyncTimeoutAnswersFlushDiskTimeoutWithTheOffsets() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.SYNC, SEGMENT, 64)) {
            long timeout = fixture.store.config().commitLog().syncFlushTimeoutMillis();
            fixture.files.onForce(() -> fixture.clock.advanceMillis(timeout + 1));
            TestRecord slow = new TestRecord().set("T", 0, 300, null);
            fixture.store.submit(slow.request());
            fixture.drain();
            assertThat(slow.status).isEqualTo(AppendStatus.FLUSH_DISK_TIMEOUT);
            assertThat(slow.physicalOffset).isZero();
            assertThat(slow.queueOffset).isZero();
            fixture.files.onForce(() -> { });
            TestRecord fast = new TestRecord().set("T", 0, 300, null);
            fixture.store.submit(fast.request());
            fixture.drain();
            assertThat(fast.status).isEqualTo(AppendStatus.APPENDED);
            assertThat(fixture.store.maxOffset("T", 0)).isEqualTo(2);
        }
    }

    @Test
    void aRecordLeftUnforcedPastTheTimeoutIsAnsweredWithoutWaitingForItsForce() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.SYNC, SEGMENT, 64)) {
            TestRecord waiting = new TestRecord().set("T", 0, 300, null);
            fixture.store.submit(waiting.request());
            fixture.internals.appender().doWork();
            fixture.files.failOn("nothing");
            fixture.clock.advanceMillis(fixture.store.config().commitLog().syncFlushTimeoutMillis() + 1);
            fixture.internals.flusher().doWork();
            assertThat(waiting.status).isIn(AppendStatus.FLUSH_DISK_TIMEOUT);
        }
    }
}
