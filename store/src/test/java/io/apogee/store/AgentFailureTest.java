package io.apogee.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.common.agent.AgentStuckException;
import io.apogee.common.agent.BackoffIdleStrategy;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.dispatch.Dispatcher;
import io.apogee.store.file.MappedSegment;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import io.apogee.store.recovery.ShutdownMarker;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An Error in a store agent that cannot go on (a fault on a mapped write in the appender, a failure in the
 * dispatcher) fails the store: every append waiting and every later one completes STORE_FAILED, and what was written
 * before stays readable. A close never closes a file under an agent that has not stopped.
 */
class AgentFailureTest {
    private static final int SEGMENT = 1 << 16;

    @TempDir
    Path dir;

    @Test
    void anErrorOnTheAppendersWriteFailsTheStoreAndEveryWaitingAppendIsAnswered() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, SEGMENT, 64)) {
            TestRecord written = new TestRecord().set("T", 0, 300, "A");
            fixture.store.submit(written.request());
            fixture.drain();
            long published = fixture.internals.commitLog().publishedPosition();
            TestRecord before = new TestRecord().set("T", 0, 300, "B");
            TestRecord poison = new TestRecord().set("T", 0, 300, "P")
                .faultOnWrite(new InternalError("a fault occurred in an unsafe memory access operation"));
            TestRecord after = new TestRecord().set("T", 0, 300, "C");
            for (TestRecord record : new TestRecord[] {before, poison, after}) {
                assertThat(fixture.store.submit(record.request())).isEqualTo(AppendStatus.ACCEPTED);
            }
            assertThatThrownBy(() -> fixture.internals.appender().doWork()).isInstanceOf(InternalError.class);
            assertThat(fixture.store.statistics().failure()).as("the store failed").isNotNull();
            assertThat(fixture.store.statistics().failure().cause()).isInstanceOf(InternalError.class);
            fixture.drain();
            for (TestRecord record : new TestRecord[] {before, poison, after}) {
                assertThat(record.completions).as(record.tags() + " answered once").isEqualTo(1);
                assertThat(record.status).isEqualTo(AppendStatus.STORE_FAILED);
            }
            assertThat(fixture.internals.commitLog().publishedPosition()).as("the batch was taken back").isEqualTo(published);
            assertThat(fixture.store.submit(new TestRecord().set("T", 0, 300, "D").request()))
                .isEqualTo(AppendStatus.STORE_FAILED);
            assertThat(readCount(fixture, "T", 0)).as("what was written before stays readable").isEqualTo(1);
        }
    }

    @Test
    void anErrorInTheDispatcherFailsTheStoreAndAppendsWaitingBehindAFullHandOverAreAnswered() {
        StoreConfig small = StoreFixture.config(dir, FlushMode.ASYNC, SEGMENT, 64);
        StoreConfig config = new StoreConfig(small.root(), small.commitLog(), small.queueUnitsPerSegment(), 2,
            small.dispatchBatch(), small.queueFlushIntervalMillis(), small.readMaxScan(), small.maxDiskUsedRatio(),
            small.diskCheckIntervalMillis(), small.indexSlots(), small.indexEntries(), small.retention(),
            small.maxMappedQueueFiles(), small.queueFilesInBackground());
        try (StoreFixture fixture = new StoreFixture(config)) {
            TestRecord[] records = new TestRecord[4];
            for (int i = 0; i < records.length; i++) {
                records[i] = new TestRecord().set("T", 0, 300, "R" + i);
                assertThat(fixture.store.submit(records[i].request())).isEqualTo(AppendStatus.ACCEPTED);
            }
            assertThat(fixture.internals.appender().doWork()).as("the hand-over holds two").isEqualTo(2);
            // a thorough round: the dispatcher forces every queue written now, however little it holds
            fixture.clock.advanceMillis(Dispatcher.INDEX_FORCE_INTERVAL_MILLIS);
            fixture.files.onForce(() -> {
                throw new InternalError("a fault occurred in an unsafe memory access operation");
            });
            assertThatThrownBy(() -> fixture.internals.dispatcher().doWork()).isInstanceOf(InternalError.class);
            assertThat(fixture.store.statistics().failure()).as("the store failed").isNotNull();
            fixture.files.onForce(() -> { });
            fixture.drain();
            assertThat(records[2].status).isEqualTo(AppendStatus.STORE_FAILED);
            assertThat(records[3].status).isEqualTo(AppendStatus.STORE_FAILED);
            assertThat(records[3].completions).isEqualTo(1);
        }
    }

    @Test
    void anErrorInAHeldPullsListenerIsReportedAndTheAppendsGoOn() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, SEGMENT, 64)) {
            assertThat(fixture.store.awaitArrival("T", 0, 0, (topic, queueId, max) -> {
                throw new StackOverflowError("a listener recursed");
            })).isTrue();
            TestRecord record = new TestRecord().set("T", 0, 300, "R");
            fixture.store.submit(record.request());
            fixture.drain();
            assertThat(record.status).isEqualTo(AppendStatus.APPENDED);
            assertThat(fixture.store.failure()).as("a listener is no disk").isNull();
            assertThat(fixture.errors.entries()).anyMatch(entry -> entry.roleName().equals("apogee-arrival"));
            TestRecord after = new TestRecord().set("T", 0, 300, "S");
            fixture.store.submit(after.request());
            fixture.drain();
            assertThat(after.status).isEqualTo(AppendStatus.APPENDED);
            assertThat(fixture.store.maxOffset("T", 0)).isEqualTo(2);
        }
    }

    @Test
    void anErrorInTheSyncFlushersForceFailsTheStoreAndTheWaitingAppendIsAnswered() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.SYNC, SEGMENT, 64)) {
            fixture.files.onForce(() -> {
                throw new InternalError("a fault occurred in an unsafe memory access operation");
            });
            TestRecord record = new TestRecord().set("T", 0, 300, "A");
            assertThat(fixture.store.submit(record.request())).isEqualTo(AppendStatus.ACCEPTED);
            fixture.internals.appender().doWork();
            assertThatThrownBy(() -> fixture.internals.flusher().doWork()).isInstanceOf(InternalError.class);
            assertThat(fixture.store.failure()).as("the store failed").isNotNull();
            fixture.internals.flusher().doWork();
            assertThat(record.completions).isEqualTo(1);
            assertThat(record.status).isEqualTo(AppendStatus.STORE_FAILED);
        }
    }

    @Test
    void closeLeavesTheFilesOpenWhileAnAgentIsStuckInAForce() throws InterruptedException {
        StoreFixture fixture = new StoreFixture(dir, FlushMode.SYNC, SEGMENT, 64);
        CountDownLatch forcing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        fixture.files.onForce(() -> {
            // only the flusher's force of the record: other agents (the preallocator) force files too
            if (Thread.currentThread().getName().equals(fixture.internals.flusher().roleName())) {
                forcing.countDown();
                awaitQuietly(release);
            }
        });
        fixture.store.start(() -> new BackoffIdleStrategy(10, 1, 1_000, 100_000), 100);
        TestRecord record = new TestRecord().set("T", 0, 300, "A");
        CountDownLatch completed = new CountDownLatch(1);
        record.onComplete = done -> completed.countDown();
        assertThat(fixture.store.submit(record.request())).isEqualTo(AppendStatus.ACCEPTED);
        assertThat(forcing.await(10, TimeUnit.SECONDS)).as("the flusher is inside its force").isTrue();
        fixture.store.close();
        assertThat(fixture.errors.entries()).anyMatch(entry -> entry.first() instanceof AgentStuckException);
        long errorsAtClose = fixture.errors.totalCount();
        release.countDown();
        assertThat(completed.await(10, TimeUnit.SECONDS)).as("completed").isTrue();
        assertThat(record.status).as("the force finished on a file still mapped").isEqualTo(AppendStatus.APPENDED);
        assertThat(fixture.errors.totalCount()).as("nothing failed under the agent").isEqualTo(errorsAtClose);
        assertThat(ShutdownMarker.isPresent(fixture.internals.io(), dir)).as("not marked as a clean close").isTrue();
        MappedSegment segment = fixture.internals.commitLog().retainSegmentFor(0);
        assertThat(segment).as("the log is still mapped").isNotNull();
        try {
            assertThat(TestRecord.verify(segment.readBuffer(), 0, 300, 0, 0, 0)).isTrue();
        } finally {
            segment.release();
        }
    }

    private static int readCount(StoreFixture fixture, String topic, int queueId) {
        ReadResult result = new ReadResult(16);
        try {
            return fixture.store.read(topic, queueId, 0, 16, Long.MAX_VALUE, TagFilter.ANY, result) == ReadStatus.FOUND
                ? result.count() : 0;
        } finally {
            result.release();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
