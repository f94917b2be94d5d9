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
 * at once, and the dispatcher, asleep with no deadline, is nudged by the first record and indexes it.
 */
class SleepingStoreTest {
    @TempDir
    Path dir;

    @Test
    void aSleepingDispatcherIndexesARecordWithinItsDelay() throws InterruptedException {
        ManualClock clock = new ManualClock(StoreFixture.START_MILLIS);
        StoreConfig config = StoreFixture.config(dir, FlushMode.ASYNC, 1 << 20, 64);
        try (MessageStore store = MessageStore.create(config, new NioFileIo(), clock, (role, error) -> { })) {
            store.start();
            TestRecord record = new TestRecord().set("T", 0, 300, null).uniqueKey("K1");
            assertThat(store.submit(record.request())).isEqualTo(AppendStatus.ACCEPTED);
            assertThat(record.status).as("written on the submitting thread").isEqualTo(AppendStatus.APPENDED);
            assertThat(store.maxOffset("T", 0)).isEqualTo(1);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (store.statistics().bytesToDispatch() > 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertThat(store.statistics().bytesToDispatch()).as("indexed").isZero();
        }
    }
}
