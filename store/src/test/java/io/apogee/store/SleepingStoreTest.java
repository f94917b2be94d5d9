package io.apogee.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.time.ManualClock;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.file.NioFileIo;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store started with sleeping agents, on a clock that stands still: a record submitted by a test thread is written
 * at once, and the dispatcher, asleep until a far index force, is nudged by the record and indexes it.
 */
class SleepingStoreTest {
    @TempDir
    Path dir;

    @Test
    void aSleepingDispatcherIndexesARecordWithinItsDelay() throws InterruptedException {
        ManualClock clock = new ManualClock(StoreFixture.START_MILLIS);
        StoreConfig config = StoreFixture.config(dir, FlushMode.ASYNC, 1 << 20, 64);
        try (MessageStore store = MessageStore.create(config, new NioFileIo(), clock, (role, error) -> { })) {
            // a queue with its file, dispatched and flushed, and a dispatcher whose only timed work is a far index force
            store.submit(new TestRecord().set("T", 0, 300, null).request());
            store.appender().doWork();
            store.dispatcher().doWork();
            clock.advanceMillis(2_000);
            store.start();
            awaitTimedSleep("apogee-dispatcher");
            TestRecord record = new TestRecord().set("T", 0, 300, null).uniqueKey("K1");
            assertThat(store.submit(record.request())).isEqualTo(AppendStatus.ACCEPTED);
            assertThat(record.status).as("written on the submitting thread").isEqualTo(AppendStatus.APPENDED);
            assertThat(store.maxOffset("T", 0)).isEqualTo(2);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (store.statistics().bytesToDispatch() > 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertThat(store.statistics().bytesToDispatch()).as("indexed").isZero();
        }
    }

    /** Waits until the agent thread whose name starts with {@code role} sleeps with a deadline. */
    private static void awaitTimedSleep(String role) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (Thread.getAllStackTraces().keySet().stream().noneMatch(
            thread -> thread.getName().startsWith(role) && thread.getState() == Thread.State.TIMED_WAITING)) {
            assertThat(System.nanoTime()).as(role + " asleep").isLessThan(deadline);
            Thread.onSpinWait();
        }
    }
}
