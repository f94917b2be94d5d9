package io.apogee.store.recovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.common.agent.DistinctErrorLog;
import io.apogee.common.time.ManualClock;
import io.apogee.store.MessageStore;
import io.apogee.store.RecordingFileIo;
import io.apogee.store.StoreConfig;
import io.apogee.store.StoreFixture;
import io.apogee.store.StoreInternals;
import io.apogee.store.TestRecord;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.queue.TagsCodeRule;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store opened with a cut (a slave's divergent tail, cut before it follows a new master): the log ends at the cut,
 * across segments, the consume-queue units past it are gone, and new records go where the cut was.
 */
class LogCutTest {
    private static final int SEGMENT = 8 * 1024;

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(StoreFixture.START_MILLIS);
    private final DistinctErrorLog errors = new DistinctErrorLog(clock, 16, (role, error) -> { });

    @Test
    void theLogAndItsQueuesEndAtTheCutAndTakeNewRecordsThere() {
        StoreConfig config = StoreFixture.config(dir, FlushMode.ASYNC, SEGMENT, 32);
        List<Long> ends = new ArrayList<>();
        try (MessageStore store = MessageStore.open(config, new RecordingFileIo(), clock, errors)) {
            for (int i = 0; i < 40; i++) {
                append(store, "T", i % 2);
                ends.add(store.logEnd());
            }
            assertThat(store.logEnd()).as("the records span segments").isGreaterThan(2L * SEGMENT);
        }
        long cut = ends.get(9); // after 10 records: 5 in each queue
        try (MessageStore store = MessageStore.openCutAt(config, new RecordingFileIo(), clock, errors,
            TagsCodeRule.TAG_HASH, cut)) {
            assertThat(store.logEnd()).isEqualTo(cut);
            assertThat(store.maxOffset("T", 0)).isEqualTo(5);
            assertThat(store.maxOffset("T", 1)).isEqualTo(5);
            ReadResult result = new ReadResult(64);
            assertThat(store.read("T", 0, 0, 64, Long.MAX_VALUE, code -> true, result)).isEqualTo(ReadStatus.FOUND);
            assertThat(result.count()).isEqualTo(5);
            result.release();
            append(store, "T", 0);
            assertThat(store.maxOffset("T", 0)).isEqualTo(6);
            assertThat(store.logEnd()).isEqualTo(ends.get(10) - ends.get(9) + cut);
        }
        try (MessageStore store = MessageStore.open(config, new RecordingFileIo(), clock, errors)) {
            assertThat(store.maxOffset("T", 0)).as("the cut stays cut after a clean restart").isEqualTo(6);
            assertThat(store.maxOffset("T", 1)).isEqualTo(5);
        }
    }

    @Test
    void aCutAtOrPastTheEndCutsNothingAndOneBelowZeroIsRefused() {
        StoreConfig config = StoreFixture.config(dir, FlushMode.ASYNC, SEGMENT, 32);
        long end;
        try (MessageStore store = MessageStore.open(config, new RecordingFileIo(), clock, errors)) {
            for (int i = 0; i < 5; i++) {
                append(store, "T", 0);
            }
            end = store.logEnd();
        }
        try (MessageStore store = MessageStore.openCutAt(config, new RecordingFileIo(), clock, errors,
            TagsCodeRule.TAG_HASH, end + 1_000)) {
            assertThat(store.logEnd()).isEqualTo(end);
            assertThat(store.maxOffset("T", 0)).isEqualTo(5);
        }
        assertThatThrownBy(() -> MessageStore.openCutAt(config, new RecordingFileIo(), clock, errors,
            TagsCodeRule.TAG_HASH, -1)).isInstanceOf(IllegalArgumentException.class);
    }

    private void append(MessageStore store, String topic, int queue) {
        TestRecord record = new TestRecord();
        store.submit(record.set(topic, queue, 1_000, "TagA").request());
        while (new StoreInternals(store).appender().doWork() + new StoreInternals(store).dispatcher().doWork() > 0) {
            clock.advanceMillis(1);
        }
        assertThat(record.status).isEqualTo(AppendStatus.APPENDED);
    }
}
