package io.apogee.store.dispatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.store.StoreFixture;
import io.apogee.store.TestRecord;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.file.SegmentSet;
import io.apogee.store.queue.LogicalQueue;
import io.apogee.wire.message.ConsumeQueueEntry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DispatcherTest {
    @TempDir
    Path dir;

    @Test
    void aConsumeQueueWriteFailureFencesTheStoreInsteadOfRetryingForever() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.SYNC, 1 << 16, 64)) {
            LogicalQueue queue = fixture.internals.queues().getOrCreate("T", 0);
            queue.units().append(0, 0, 100, 0);
            queue.nextOffset(5); // the appender now hands over unit 5 after unit 0: a gap the queue refuses
            TestRecord record = new TestRecord().set("T", 0, 300, null);
            fixture.store.submit(record.request());
            assertThatThrownBy(() -> fixture.internals.appender().doWork()).isInstanceOf(IllegalStateException.class);
            assertThat(fixture.store.statistics().failed()).isTrue();
            assertThat(fixture.store.statistics().failure().operation()).isEqualTo("apogee-consume-queue");
            assertThat(fixture.internals.dispatcher().doWork()).isZero();
            fixture.internals.flusher().doWork();
            assertThat(record.status).isEqualTo(AppendStatus.STORE_FAILED);
            assertThat(fixture.store.submit(new TestRecord().set("T", 0, 300, null).request())).isEqualTo(AppendStatus.STORE_FAILED);
        }
    }

    @Test
    void aFlushAfterManyNewQueuesForcesABoundedNumberPerCycleAndDispatchGoesOnBetween() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, 1 << 20, 64)) {
            int queues = Dispatcher.MAX_FORCES_PER_CYCLE * 3;
            for (int i = 0; i < queues; i++) {
                fixture.store.submit(new TestRecord().set("T" + i, 0, 300, null).request());
            }
            fixture.internals.appender().doWork();
            Dispatcher dispatcher = fixture.internals.dispatcher();
            while (fixture.store.statistics().bytesToDispatch() > 0) {
                dispatcher.doWork();
            }
            long dispatched = dispatcher.dispatchedOffset();
            int forcesBefore = fixture.files.forces();
            fixture.clock.advanceMillis(Dispatcher.INDEX_FORCE_INTERVAL_MILLIS); // queues and index both due

            TestRecord late = new TestRecord().set("Late", 0, 300, null);
            fixture.store.submit(late.request());
            fixture.internals.appender().doWork();
            dispatcher.doWork();
            assertThat(fixture.files.forces() - forcesBefore).as("one cycle's forces").isLessThanOrEqualTo(
                Dispatcher.MAX_FORCES_PER_CYCLE + 1);
            assertThat(fixture.store.maxOffset("Late", 0)).as("dispatched while the flush goes on").isEqualTo(1);
            assertThat(dispatcher.forcedOffset()).as("not covered before the round ends").isLessThan(dispatched);
            for (int cycle = 0; cycle < 3; cycle++) {
                dispatcher.doWork();
            }
            assertThat(dispatcher.forcedOffset()).as("covered once every queue of the round is forced")
                .isEqualTo(dispatcher.dispatchedOffset());
        }
    }

    @Test
    void aQueueWithTwoPagesUnforcedIsForcedEachFlushIntervalTheOthersWithTheIndexInAThoroughRound() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, 1 << 24, 64)) {
            Dispatcher dispatcher = fixture.internals.dispatcher();
            Path indexDirectory = fixture.store.config().indexDirectory();
            Path small = sendKeyedAndDispatch(fixture, "first");
            int fullerUnits = Dispatcher.MIN_FORCE_BYTES / ConsumeQueueEntry.SIZE + 1;
            for (int i = 0; i < fullerUnits; i++) {
                fixture.store.submit(new TestRecord().set("Full", 0, 100, null).request());
                fixture.internals.appender().doWork();
            }
            while (fixture.store.statistics().bytesToDispatch() > 0) {
                dispatcher.doWork();
            }
            Path full = fixture.store.config().queueDirectory().resolve("Full").resolve("0");
            long dispatched = dispatcher.dispatchedOffset();

            fixture.clock.advanceMillis(fixture.store.config().queueFlushIntervalMillis());
            dispatcher.doWork();
            assertThat(forcedEnds(fixture, full)).as("two pages or more wait: forced each flush interval")
                .isGreaterThanOrEqualTo(Dispatcher.MIN_FORCE_BYTES);
            assertThat(fixture.files.forcedEnd(small)).as("one unit waits for the thorough round").isZero();
            assertThat(indexForcedEnd(fixture, indexDirectory)).as("the index waits for its own interval").isZero();
            assertThat(dispatcher.forcedOffset()).as("the checkpoint covers only what every queue and the index hold forced")
                .isLessThan(dispatched);
            assertThat(dispatcher.nanosToNextWork()).as("it checks again each flush interval")
                .isLessThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(fixture.store.config().queueFlushIntervalMillis()));

            fixture.clock.advanceMillis(Dispatcher.INDEX_FORCE_INTERVAL_MILLIS);
            assertThat(dispatcher.nanosToNextWork()).isZero();
            dispatcher.doWork();
            assertThat(fixture.files.forcedEnd(small)).isPositive();
            assertThat(indexForcedEnd(fixture, indexDirectory)).isPositive();
            assertThat(dispatcher.forcedOffset()).isEqualTo(dispatched);
            assertThat(dispatcher.nanosToNextWork()).as("nothing left unforced").isEqualTo(Dispatcher.NO_DEADLINE);
        }
    }

    @Test
    void theIndexIsForcedBeforeItsIntervalOnceALogSegmentOfRecordsWaits() {
        int segmentSize = 1 << 14;
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, segmentSize, 64)) {
            Dispatcher dispatcher = fixture.internals.dispatcher();
            Path indexDirectory = fixture.store.config().indexDirectory();
            while (dispatcher.dispatchedOffset() < segmentSize) {
                sendKeyedAndDispatch(fixture, "k" + dispatcher.dispatchedOffset());
            }
            fixture.clock.advanceMillis(fixture.store.config().queueFlushIntervalMillis());
            dispatcher.doWork();
            assertThat(indexForcedEnd(fixture, indexDirectory)).as("a crash replays at most a segment").isPositive();
            assertThat(dispatcher.forcedOffset()).isEqualTo(dispatcher.dispatchedOffset());
        }
    }

    @Test
    void aFlushAtShutdownForcesTheIndexToo() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, 1 << 20, 64)) {
            sendKeyedAndDispatch(fixture, "last");
            Dispatcher dispatcher = fixture.internals.dispatcher();
            dispatcher.flushNow(fixture.clock.millis());
            assertThat(indexForcedEnd(fixture, fixture.store.config().indexDirectory())).isPositive();
            assertThat(dispatcher.forcedOffset()).isEqualTo(dispatcher.dispatchedOffset());
        }
    }

    /** Sends one record with a key to T-0 and dispatches it; returns the queue's first file. */
    private static Path sendKeyedAndDispatch(StoreFixture fixture, String key) {
        fixture.store.submit(new TestRecord().set("T", 0, 300, null).keys(key).request());
        fixture.internals.appender().doWork();
        while (fixture.store.statistics().bytesToDispatch() > 0) {
            fixture.internals.dispatcher().doWork();
        }
        return fixture.store.config().queueDirectory().resolve("T").resolve("0").resolve(
            SegmentSet.fileName(0));
    }

    private static long indexForcedEnd(StoreFixture fixture, Path indexDirectory) {
        return forcedEnds(fixture, indexDirectory);
    }

    /** The forced ends of the files in {@code directory}, summed. */
    private static long forcedEnds(StoreFixture fixture, Path directory) {
        try (Stream<Path> files = Files.list(directory)) {
            return files.mapToLong(fixture.files::forcedEnd).sum();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
