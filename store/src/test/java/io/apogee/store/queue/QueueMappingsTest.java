package io.apogee.store.queue;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The budget of mappings the queue files share: a store touching more queues than {@code maxMappedQueueFiles} keeps
 * the mappings under it, releasing idle queues and mapping them again when read or sent to, and loses nothing.
 */
class QueueMappingsTest {
    private static final int LIMIT = 4;
    private static final int QUEUES = 12;
    private static final int UNITS = 64;

    @TempDir
    Path dir;

    @Test
    void aStoreTouchingThriceItsLimitInQueuesHoldsNoMoreMappingsAndSendsAndReadsThemAll() {
        StoreConfig config = StoreFixture.config(dir, FlushMode.ASYNC, 1 << 20, UNITS).withMaxMappedQueueFiles(LIMIT);
        try (StoreFixture fixture = new StoreFixture(config)) {
            QueueTable queues = fixture.internals.queues();
            TestRecord record = new TestRecord();
            for (int round = 0; round < 2; round++) {
                for (int q = 0; q < QUEUES; q++) {
                    assertThat(fixture.store.submit(record.set("T" + q, 0, 300, "r" + round).request()))
                        .as("send %d to queue %d", round, q).isEqualTo(AppendStatus.ACCEPTED);
                    fixture.drain();
                    assertThat(record.status).isEqualTo(AppendStatus.APPENDED);
                    assertMappingsWithin(queues, LIMIT);
                }
                for (int q = 0; q < QUEUES; q++) {
                    assertThat(readAll(fixture, "T" + q)).as("queue %d after round %d", q, round).isEqualTo(round + 1);
                    assertMappingsWithin(queues, LIMIT);
                }
            }
            assertThat(queues.mappings().releasedQueues()).as("idle queues let go of their files").isGreaterThan(0);
            assertThat(fixture.store.failure()).isNull();
        }
    }

    @Test
    void aQueueReleasedWithUnitsNotYetForcedHasThemForcedFirstAndReopensAfterARestart() {
        StoreConfig config = StoreFixture.config(dir, FlushMode.ASYNC, 1 << 20, UNITS).withMaxMappedQueueFiles(1);
        try (StoreFixture fixture = new StoreFixture(config)) {
            TestRecord record = new TestRecord();
            for (int q = 0; q < 3; q++) {
                assertThat(fixture.store.submit(record.set("T" + q, 0, 300, null).request())).isEqualTo(AppendStatus.ACCEPTED);
                fixture.drain(); // no flush interval passes: each queue is released with its unit unforced
            }
            assertThat(fixture.files.forcedEnd(config.queueDirectory().resolve("T0").resolve("0")
                .resolve("00000000000000000000"))).as("forced before release").isPositive();
        }
        try (StoreFixture reopened = StoreFixture.open(config)) {
            assertMappingsWithin(reopened.internals.queues(), 1);
            for (int q = 0; q < 3; q++) {
                assertThat(readAll(reopened, "T" + q)).isEqualTo(1);
            }
        }
    }

    @Test
    void aQueueWhoseFileCannotBeMappedRefusesItsSendsOnlyAndTakesThemAgainOnceItCan() {
        StoreConfig config = StoreFixture.config(dir, FlushMode.ASYNC, 1 << 20, UNITS);
        try (StoreFixture fixture = new StoreFixture(config)) {
            fixture.files.failMapsUnder(config.queueDirectory().resolve("BAD"));
            TestRecord bad = new TestRecord();
            TestRecord good = new TestRecord();
            assertThat(fixture.store.submit(bad.set("BAD", 0, 300, null).request()))
                .isEqualTo(AppendStatus.QUEUE_UNAVAILABLE);
            assertThat(fixture.store.submit(good.set("GOOD", 0, 300, null).request())).isEqualTo(AppendStatus.ACCEPTED);
            fixture.drain();
            assertThat(good.status).isEqualTo(AppendStatus.APPENDED);
            assertThat(bad.completions).as("a refused submit is not completed").isZero();
            assertThat(fixture.store.failure()).as("the store is not fenced").isNull();
            assertThat(fixture.internals.commitLog().publishedPosition()).as("only the good record was appended")
                .isEqualTo(good.physicalOffset + 300);
            assertThat(readAll(fixture, "GOOD")).isEqualTo(1);

            fixture.files.failMapsUnder(null);
            assertThat(fixture.store.submit(bad.set("BAD", 0, 300, null).request())).isEqualTo(AppendStatus.ACCEPTED);
            fixture.drain();
            assertThat(bad.status).isEqualTo(AppendStatus.APPENDED);
            assertThat(bad.queueOffset).isZero();
            assertThat(readAll(fixture, "BAD")).isEqualTo(1);
        }
    }

    @Test
    void theDispatcherMakesAndMapsNoFileForANewQueue() throws InterruptedException {
        StoreConfig config = StoreFixture.config(dir, FlushMode.ASYNC, 1 << 20, UNITS);
        try (StoreFixture fixture = new StoreFixture(config)) {
            TestRecord record = new TestRecord();
            for (int q = 0; q < 8; q++) {
                // more units than a file holds: the queue's second file is made off the dispatcher too
                for (int i = 0; i < UNITS + 1; i++) {
                    assertThat(fixture.store.submit(record.set("N" + q, 0, StoredRecord.MIN_RECORD_SIZE + 100, null)
                        .request())).isEqualTo(AppendStatus.ACCEPTED);
                    fixture.internals.appender().doWork();
                }
                Thread dispatcher = new Thread(() -> {
                    while (fixture.internals.dispatcher().doWork() > 0) {
                        // dispatch everything appended
                    }
                }, "test-dispatcher");
                dispatcher.start();
                dispatcher.join();
                assertThat(fixture.store.maxOffset("N" + q, 0)).isEqualTo(UNITS + 1);
            }
            assertThat(fixture.files.mappingThreads()).as("files mapped, by thread").isNotEmpty()
                .doesNotContainValue("test-dispatcher");
        }
    }

    @Test
    void retentionTrimsAReleasedQueueByItsFileNamesWithoutMappingIt() {
        StoreConfig config = StoreFixture.config(dir, FlushMode.ASYNC, 1 << 20, UNITS).withMaxMappedQueueFiles(2);
        try (StoreFixture fixture = new StoreFixture(config)) {
            TestRecord record = new TestRecord();
            for (int i = 0; i < UNITS + 2; i++) {
                fixture.store.submit(record.set("OLD", 0, 300, null).request());
                fixture.drain();
            }
            fixture.store.submit(record.set("NEW", 0, 300, null).request());
            fixture.drain();
            ConsumeQueue old = fixture.internals.queues().get("OLD", 0).units();
            assertThat(old.mappedFiles()).as("two files released for the new queue's one").isZero();
            Path firstFile = config.queueDirectory().resolve("OLD").resolve("0").resolve("00000000000000000000");
            assertThat(firstFile).exists();

            assertThat(old.firstOffsetAtOrAfter(0)).as("answered by the remembered bounds").isZero();
            assertThat(old.firstOffsetAtOrAfter(Long.MAX_VALUE)).isEqualTo(UNITS + 2);
            old.deleteBefore(UNITS + 1);
            assertThat(old.mappedFiles()).as("still released").isZero();
            assertThat(firstFile).as("deleted by name").doesNotExist();
            assertThat(old.minOffset()).isEqualTo(UNITS + 1);

            ReadResult result = new ReadResult(4);
            try {
                assertThat(fixture.store.read("OLD", 0, UNITS + 1, 4, Long.MAX_VALUE, TagFilter.ANY, result))
                    .isEqualTo(ReadStatus.FOUND);
                assertThat(result.count()).isEqualTo(1);
                assertThat(result.queueOffset(0)).isEqualTo(UNITS + 1);
            } finally {
                result.release();
            }
            assertMappingsWithin(fixture.internals.queues(), 2);
        }
    }

    private static void assertMappingsWithin(QueueTable queues, int limit) {
        int mapped = 0;
        for (LogicalQueue queue : queues.all()) {
            mapped += queue.units().mappedFiles();
        }
        assertThat(mapped).as("files mapped by all queues").isLessThanOrEqualTo(limit);
        assertThat(queues.mappings().held()).as("mappings counted").isEqualTo(mapped);
    }

    private static int readAll(StoreFixture fixture, String topic) {
        ReadResult result = new ReadResult(16);
        try {
            ReadStatus status = fixture.store.read(topic, 0, 0, 16, Long.MAX_VALUE, TagFilter.ANY, result);
            for (int i = 0; i < result.count(); i++) {
                assertThat(result.queueOffset(i)).isEqualTo(i);
            }
            return status == ReadStatus.FOUND ? result.count() : 0;
        } finally {
            result.release();
        }
    }
}
