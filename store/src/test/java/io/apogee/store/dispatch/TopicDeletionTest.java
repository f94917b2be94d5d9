package io.apogee.store.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.store.StoreFixture;
import io.apogee.store.TestRecord;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.file.MappedSegment;
import io.apogee.store.queue.ConsumeQueue;
import io.apogee.wire.message.ConsumeQueueEntry;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** DELETE_TOPIC in the store: the dispatcher frees the topic's consume-queue files, directories and mappings. */
class TopicDeletionTest {
    @TempDir
    Path dir;

    @Test
    void aDeletedTopicsFilesGoAtOnceWhileAReaderKeepsItsMappingUntilItReleases() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, 1 << 16, 64)) {
            append(fixture, "Gone", 0);
            append(fixture, "Gone", 1);
            append(fixture, "Kept", 0);
            Path queues = fixture.store.config().queueDirectory();
            assertThat(queues.resolve("Gone").resolve("1")).isNotEmptyDirectory();
            ConsumeQueue units = fixture.internals.queues().get("Gone", 0).units();
            MappedSegment held = units.retainSegmentFor(0); // as a pull reading the unit does

            assertThat(fixture.store.deleteTopic("Gone")).isEqualTo(2);
            assertThat(fixture.internals.queues().get("Gone", 0)).as("out of the table at once").isNull();
            fixture.internals.appender().doWork(); // on the next write turn, so that no append to it runs meanwhile

            assertThat(queues.resolve("Gone")).as("files and directories deleted").doesNotExist();
            assertThat(held.isMapped()).as("the reader's mapping stays").isTrue();
            assertThat(new ConsumeQueueEntry().wrap(held.readBuffer(), 0).size()).isPositive();
            held.release();
            assertThat(held.isMapped()).as("unmapped by the last reader").isFalse();
            assertThat(queues.resolve("Kept").resolve("0")).isNotEmptyDirectory();
            assertThat(fixture.store.maxOffset("Kept", 0)).isEqualTo(1);

            append(fixture, "Gone", 0);
            assertThat(fixture.store.maxOffset("Gone", 0)).as("made again from offset 0, on a new file").isEqualTo(1);
            assertThat(queues.resolve("Gone").resolve("0")).isNotEmptyDirectory();
        }
    }

    @Test
    void aRecordAppendedBeforeTheDeletionMakesNoFileAfterIt() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, 1 << 16, 64)) {
            fixture.store.submit(new TestRecord().set("Gone", 0, 300, null).request());
            fixture.internals.appender().doWork(); // appended, not dispatched yet
            fixture.store.deleteTopic("Gone");
            fixture.internals.appender().doWork();
            fixture.internals.dispatcher().doWork(); // the hand-over names the deleted queue: it is not listed again
            assertThat(fixture.store.config().queueDirectory().resolve("Gone")).doesNotExist();
            assertThat(fixture.store.maxOffset("Gone", 0)).isZero();
        }
    }

    private static void append(StoreFixture fixture, String topic, int queueId) {
        fixture.store.submit(new TestRecord().set(topic, queueId, 300, null).request());
        fixture.internals.appender().doWork();
        fixture.internals.dispatcher().doWork();
    }
}
