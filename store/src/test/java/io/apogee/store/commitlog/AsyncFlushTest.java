package io.apogee.store.commitlog;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.store.StoreFixture;
import io.apogee.store.TestRecord;
import io.apogee.store.file.MappedSegment;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AsyncFlushTest {
    @TempDir
    Path dir;

    @Test
    void forcesWhenEnoughPagesAreDirtyOrWhenTheIntervalHasPassed() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, 1 << 20, 64)) {
            TestRecord record = new TestRecord().set("T", 0, 100, null);
            fixture.store.submit(record.request());
            fixture.internals.appender().doWork();
            assertThat(record.status).isEqualTo(AppendStatus.APPENDED);
            assertThat(fixture.internals.flusher().doWork()).isZero();
            assertThat(fixture.files.forces()).isZero();
            fixture.clock.advanceMillis(CommitLogConfig.DEFAULT_FLUSH_INTERVAL_MILLIS - 1);
            assertThat(fixture.internals.flusher().doWork()).isZero();
            fixture.clock.advanceMillis(1);
            assertThat(fixture.internals.flusher().doWork()).isEqualTo(1);
            assertThat(fixture.internals.commitLog().flushedPosition()).isEqualTo(100);

            int dirtyBytes = CommitLogConfig.DEFAULT_FLUSH_MIN_DIRTY_PAGES * MappedSegment.PAGE_SIZE;
            for (int written = 0; written < dirtyBytes - 1000; written += 1000) {
                fixture.store.submit(new TestRecord().set("T", 0, 1000, null).request());
            }
            fixture.clock.advanceMillis(Flusher.MIN_DIRTY_FORCE_SPACING_MILLIS);
            fixture.internals.appender().doWork();
            assertThat(fixture.internals.flusher().doWork()).isZero();
            fixture.store.submit(new TestRecord().set("T", 0, 1000, null).request());
            fixture.internals.appender().doWork();
            assertThat(fixture.internals.flusher().doWork()).isEqualTo(1);
            for (int written = 0; written < dirtyBytes; written += 1000) {
                fixture.store.submit(new TestRecord().set("T", 0, 1000, null).request());
            }
            fixture.internals.appender().doWork();
            assertThat(fixture.internals.flusher().doWork()).as("dirty again, but forced too recently").isZero();
            fixture.clock.advanceMillis(Flusher.MIN_DIRTY_FORCE_SPACING_MILLIS);
            assertThat(fixture.internals.flusher().doWork()).isEqualTo(1);
            assertThat(fixture.internals.commitLog().flushedPosition()).isEqualTo(fixture.internals.commitLog().publishedPosition());
        }
    }
}
