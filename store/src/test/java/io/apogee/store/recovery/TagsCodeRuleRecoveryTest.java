package io.apogee.store.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.agent.DistinctErrorLog;
import io.apogee.common.time.ManualClock;
import io.apogee.store.StoreInternals;
import io.apogee.store.MessageStore;
import io.apogee.store.RecordingFileIo;
import io.apogee.store.StoreConfig;
import io.apogee.store.StoreFixture;
import io.apogee.store.TestRecord;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.file.MappedSegment;
import io.apogee.store.queue.ConsumeQueue;
import io.apogee.store.queue.TagsCodeRule;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.wire.message.ConsumeQueueEntry;
import io.apogee.wire.message.TagsCode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The schedule topic's units hold a delivery time, not a tag hash: the appender's hand-over and recovery's rebuild
 * apply the same {@link TagsCodeRule}, so units replayed after a crash are confirmed, not rewritten with a tag hash.
 */
class TagsCodeRuleRecoveryTest {
    private static final String SCHEDULE = "SCHEDULE_TOPIC_XXXX";
    private static final long DELAY_MILLIS = 10_000;
    /** Delivery time = store time + a fixed delay on the schedule topic; the tag hash elsewhere. */
    private static final TagsCodeRule DELIVERY_TIME = (record, tagHash) ->
        record.topic().equals(SCHEDULE) ? record.storeTimestamp() + DELAY_MILLIS : tagHash;

    @TempDir
    Path dir;

    @Test
    void unitsReplayedAfterACrashKeepTheDeliveryTime() {
        StoreConfig config = StoreFixture.config(dir.resolve("live"), FlushMode.ASYNC, 8 * 1024, 32);
        ManualClock clock = new ManualClock(StoreFixture.START_MILLIS);
        DistinctErrorLog errors = new DistinctErrorLog(clock, 16, (role, error) -> { });
        Path image = dir.resolve("image");
        try (MessageStore store = MessageStore.open(config, new RecordingFileIo(), clock, errors, DELIVERY_TIME)) {
            TestRecord record = new TestRecord();
            for (int i = 0; i < 6; i++) {
                store.submit(record.set(i % 2 == 0 ? SCHEDULE : "T", 0, TestRecord.MIN_SIZE, "TagA").request());
                while (new StoreInternals(store).appender().doWork() + new StoreInternals(store).dispatcher().doWork() > 0) {
                    clock.advanceMillis(1);
                }
                assertThat(record.status).isEqualTo(AppendStatus.APPENDED);
            }
            assertThat(unitTagsCode(store, SCHEDULE, 0)).isEqualTo(StoreFixture.START_MILLIS + DELAY_MILLIS);
            CrashImages.copy(config.root(), image);
        }
        StoreConfig imageConfig = StoreFixture.config(image, FlushMode.ASYNC, 8 * 1024, 32);
        try (MessageStore store = MessageStore.open(imageConfig, new RecordingFileIo(), clock, errors, DELIVERY_TIME)) {
            assertThat(store.recoveryReport().recordsReplayed()).isEqualTo(6);
            assertThat(store.recoveryReport().unitsRebuilt()).as("every replayed unit confirmed as written").isZero();
            assertThat(unitTagsCode(store, SCHEDULE, 0)).isEqualTo(StoreFixture.START_MILLIS + DELAY_MILLIS);
            assertThat(unitTagsCode(store, "T", 0)).isEqualTo(TagsCode.of("TagA"));
            ReadResult result = new ReadResult(8);
            assertThat(store.read(SCHEDULE, 0, 0, 8, Long.MAX_VALUE, code -> code > StoreFixture.START_MILLIS, result))
                .isEqualTo(ReadStatus.FOUND);
            assertThat(result.count()).isEqualTo(3);
            result.release();
        }
    }

    private static long unitTagsCode(MessageStore store, String topic, long offset) {
        ConsumeQueue units = new StoreInternals(store).queues().get(topic, 0).units();
        MappedSegment segment = units.retainSegmentFor(offset);
        try {
            return new ConsumeQueueEntry().wrap(segment.readBuffer(), ConsumeQueue.positionIn(segment, offset)).tagsCode();
        } finally {
            segment.release();
        }
    }
}
