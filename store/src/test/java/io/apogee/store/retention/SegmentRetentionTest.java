package io.apogee.store.retention;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.store.StoreAudit;
import io.apogee.store.StoreConfig;
import io.apogee.store.StoreFixture;
import io.apogee.store.TestRecord;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.read.MessageLookup;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Deletion of whole commit-log segments by age and by disk pressure, with queue and index starts following. */
class SegmentRetentionTest {
    private static final int SEGMENT = 4096;
    private static final int RECORD = 1000;
    private static final long HOUR = TimeUnit.HOURS.toMillis(1);

    @TempDir
    Path dir;

    private StoreConfig config() {
        return StoreFixture.config(dir, FlushMode.ASYNC, SEGMENT, 8).withIndex(16, 8)
            .withRetention(new RetentionConfig(2 * HOUR, RetentionConfig.DEFAULT_CLEAN_USED_RATIO, 0, 100));
    }

    /** Appends four records per segment for {@code segments} segments, one hour apart per segment. */
    private static void fill(StoreFixture fixture, int segments) {
        TestRecord record = new TestRecord();
        for (int i = 0; i < segments * 4; i++) {
            assertThat(fixture.store.submit(record.set("T", 0, RECORD, null).uniqueKey("K" + i).request()))
                .isEqualTo(AppendStatus.ACCEPTED);
            fixture.drain();
            if (i % 4 == 3) {
                fixture.clock.advanceMillis(HOUR);
            }
        }
        fixture.internals.flusher().flushAll();
    }

    @Test
    void deletesSegmentsOlderThanTheRetentionTimeAndMovesEveryStartUp() {
        try (StoreFixture fixture = new StoreFixture(config())) {
            fill(fixture, 6);
            fixture.internals.diskWatch().doWork();
            assertThat(fixture.internals.commitLog().segments().count()).isEqualTo(6);
            int indexFiles = fixture.internals.index().fileCount();
            assertThat(fixture.internals.retention().doWork()).isEqualTo(4); // newest records of segments 0..3 are >= 2 h old
            assertThat(fixture.store.statistics().minPhysicalOffset()).isEqualTo(4L * SEGMENT);
            assertThat(fixture.store.minOffset("T", 0)).isEqualTo(16);
            assertThat(fixture.internals.index().fileCount()).isLessThan(indexFiles);
            ReadResult result = new ReadResult(4);
            assertThat(fixture.store.read("T", 0, 3, 4, Long.MAX_VALUE, TagFilter.ANY, result)).isEqualTo(ReadStatus.OFFSET_TOO_SMALL);
            assertThat(result.nextOffset()).isEqualTo(16);
            result.release();
            assertThat(fixture.store.read("T", 0, 16, 4, Long.MAX_VALUE, TagFilter.ANY, result)).isEqualTo(ReadStatus.FOUND);
            result.release();
            MessageLookup lookup = fixture.store.newLookup();
            assertThat(lookup.query("T", "K3", 0, Long.MAX_VALUE, 4, result)).isEqualTo(ReadStatus.NO_MATCHED_MESSAGE);
            result.release();
            assertThat(lookup.query("T", "K20", 0, Long.MAX_VALUE, 4, result)).isEqualTo(ReadStatus.FOUND);
            result.release();
            assertThat(Files.exists(dir.resolve("commitlog").resolve("00000000000000000000"))).isFalse();
            assertThat(fixture.internals.retention().doWork()).isZero();
            StoreAudit.assertQueuesMatchLog(fixture.store);
        }
        try (StoreFixture fixture = StoreFixture.open(config())) {
            assertThat(fixture.store.statistics().minPhysicalOffset()).isEqualTo(4L * SEGMENT);
            assertThat(fixture.store.minOffset("T", 0)).isEqualTo(16);
            StoreAudit.assertQueuesMatchLog(fixture.store);
        }
    }

    @Test
    void diskPressureDeletesTheOldestWhateverTheirAgeAndAFullDiskRefusesAppends() throws Exception {
        try (StoreFixture fixture = new StoreFixture(config().withRetention(RetentionConfig.defaults()))) {
            fill(fixture, 4);
            assertThat(fixture.internals.retention().doWork()).isZero(); // young, and the disk has room
            long total = Files.getFileStore(dir).getTotalSpace();
            fixture.files.usableSpace(total / 10); // 90% used: above the clean ratio, below the full ratio
            fixture.clock.advanceMillis(RetentionConfig.DEFAULT_CHECK_INTERVAL_MILLIS);
            fixture.internals.diskWatch().doWork();
            assertThat(fixture.internals.retention().doWork()).isEqualTo(3);
            assertThat(fixture.internals.commitLog().segments().count()).isEqualTo(1);
            assertThat(fixture.store.submit(new TestRecord().set("T", 0, RECORD, null).request())).isEqualTo(AppendStatus.ACCEPTED);
            fixture.drain();
            fixture.files.usableSpace(total / 100); // 99% used: appends are refused
            fixture.clock.advanceMillis(RetentionConfig.DEFAULT_CHECK_INTERVAL_MILLIS);
            fixture.internals.diskWatch().doWork();
            assertThat(fixture.store.submit(new TestRecord().set("T", 0, RECORD, null).request())).isEqualTo(AppendStatus.DISK_FULL);
            StoreAudit.assertQueuesMatchLog(fixture.store);
        }
    }

    @Test
    void consumeQueueFilesDeletedBeforeTheirFlushAreSkippedByTheFlush() {
        StoreConfig config = config().withRetention(new RetentionConfig(0, RetentionConfig.DEFAULT_CLEAN_USED_RATIO, 0, 100));
        try (StoreFixture fixture = new StoreFixture(config)) {
            TestRecord record = new TestRecord();
            for (int i = 0; i < 20; i++) { // the clock stands still: no consume-queue flush runs
                fixture.store.submit(record.set("T", 0, RECORD, null).request());
                fixture.drain();
            }
            fixture.internals.flusher().flushAll();
            assertThat(fixture.internals.retention().doWork()).isGreaterThan(0);
            assertThat(fixture.store.minOffset("T", 0)).isGreaterThan(8);
            fixture.internals.dispatcher().flushNow(fixture.clock.millis());
            assertThat(fixture.store.statistics().failed()).isFalse();
            StoreAudit.assertQueuesMatchLog(fixture.store);
        }
    }
}
