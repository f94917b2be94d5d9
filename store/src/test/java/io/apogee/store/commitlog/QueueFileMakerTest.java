package io.apogee.store.commitlog;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.store.MessageStore;
import io.apogee.store.StoreFixture;
import io.apogee.store.TestRecord;
import io.apogee.store.file.SegmentSet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Once the store runs, a send to a queue that needs a new file parks while the queue-file maker makes it, so the
 * submitting thread (an I/O thread serving other connections) never waits for the disk; the queue's order holds,
 * and a file that cannot be made or a close answers the parked requests.
 */
class QueueFileMakerTest {
    @TempDir
    Path dir;

    @Test
    void aSendToANewQueueParksUntilTheMakerMadeItsFileThenIsWrittenInOrderWithTheOnesBehindIt() throws Exception {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, 1 << 20, 64)) {
            AtomicInteger wakes = runToCompletion(fixture);
            TestRecord existing = new TestRecord().set("Old", 0, 300, null);
            fixture.internals.appender().submit(existing.request()); // parks, then made by hand below
            fixture.internals.appender().queueFileMaker().doWork();
            assertThat(existing.status).isEqualTo(AppendStatus.APPENDED);

            TestRecord[] fresh = new TestRecord[3];
            for (int i = 0; i < fresh.length; i++) {
                fresh[i] = new TestRecord().set("New", 0, 300, null);
                assertThat(fixture.store.submit(fresh[i].request())).isEqualTo(AppendStatus.ACCEPTED);
            }
            TestRecord meanwhile = new TestRecord().set("Old", 0, 300, null);
            fixture.store.submit(meanwhile.request());

            assertThat(meanwhile.status).as("a queue with its file goes on at once").isEqualTo(AppendStatus.APPENDED);
            assertThat(fresh[0].completions).as("parked, not written by the submitter").isZero();
            assertThat(Files.exists(queueFile(fixture, "New"))).as("no file made on the submitting thread").isFalse();
            assertThat(wakes.get()).isPositive();

            assertThat(fixture.internals.appender().queueFileMaker().doWork()).isEqualTo(1);
            for (int i = 0; i < fresh.length; i++) {
                assertThat(fresh[i].status).isEqualTo(AppendStatus.APPENDED);
                assertThat(fresh[i].queueOffset).as("in the order they came").isEqualTo(i);
            }
            assertThat(fixture.internals.appender().queueFileMaker().doWork()).as("nothing left").isZero();
            TestRecord after = new TestRecord().set("New", 0, 300, null);
            fixture.store.submit(after.request());
            assertThat(after.queueOffset).as("no longer parked").isEqualTo(3);
        }
    }

    @Test
    void aFileThatCannotBeMadeAnswersTheParkedRequestsAndTheStoreGoesOn() throws Exception {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, 1 << 20, 64)) {
            runToCompletion(fixture);
            fixture.files.failMapsUnder(fixture.store.config().queueDirectory().resolve("Refused"));
            TestRecord refused = new TestRecord().set("Refused", 0, 300, null);
            assertThat(fixture.store.submit(refused.request())).isEqualTo(AppendStatus.ACCEPTED);
            fixture.internals.appender().queueFileMaker().doWork();
            assertThat(refused.status).isEqualTo(AppendStatus.QUEUE_UNAVAILABLE);
            assertThat(refused.completions).isEqualTo(1);
            assertThat(fixture.store.statistics().failed()).isFalse();

            TestRecord other = new TestRecord().set("Fine", 0, 300, null);
            fixture.store.submit(other.request());
            fixture.internals.appender().queueFileMaker().doWork();
            assertThat(other.status).isEqualTo(AppendStatus.APPENDED);
        }
    }

    @Test
    void closingAnswersTheParkedRequestsClosed() {
        StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, 1 << 20, 64);
        runToCompletion(fixture);
        TestRecord parked = new TestRecord().set("New", 0, 300, null);
        fixture.store.submit(parked.request());
        fixture.close();
        assertThat(parked.status).isEqualTo(AppendStatus.CLOSED);
        assertThat(parked.completions).isEqualTo(1);
    }

    @Test
    void aRunningStoreMakesANewQueuesFileOnItsHousekeepingThreadNotOnTheSubmitters() throws InterruptedException {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, 1 << 20, 64)) {
            MessageStore store = fixture.store;
            store.start();
            TestRecord record = new TestRecord().set("New", 0, 300, null);
            CountDownLatch done = new CountDownLatch(1);
            record.onComplete = completed -> done.countDown();
            store.submit(record.request());
            assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
            assertThat(record.status).isEqualTo(AppendStatus.APPENDED);
            assertThat(fixture.files.mappingThreads().get(queueFile(fixture, "New")))
                .isNotNull().isNotEqualTo(Thread.currentThread().getName());
        }
    }

    /** Has the fixture's appender run to completion with a file maker driven by hand; counts the maker's wake-ups. */
    private static AtomicInteger runToCompletion(StoreFixture fixture) {
        AtomicInteger wakes = new AtomicInteger();
        fixture.internals.appender().runToCompletion(() -> { }, () -> { }, () -> { });
        fixture.internals.appender().makeQueueFilesInBackground(wakes::incrementAndGet);
        return wakes;
    }

    private static Path queueFile(StoreFixture fixture, String topic) {
        return fixture.store.config().queueDirectory().resolve(topic).resolve("0").resolve(SegmentSet.fileName(0));
    }
}
