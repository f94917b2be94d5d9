package io.apogee.store.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.store.StoreFixture;
import io.apogee.store.TestRecord;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.file.MappedSegment;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QueueReaderTest {
    private static final int SEGMENT = 4096;

    @TempDir
    Path dir;

    private static void append(StoreFixture fixture, int count, int size, String tag) {
        TestRecord record = new TestRecord();
        for (int i = 0; i < count; i++) {
            fixture.store.submit(record.set("T", 0, size, tag).request());
            fixture.drain();
        }
    }

    @Test
    void boundsMapToTheStatusesPullNeeds() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, SEGMENT, 64)) {
            ReadResult result = new ReadResult(32);
            assertThat(fixture.store.read("T", 0, 5, 32, Long.MAX_VALUE, TagFilter.ANY, result))
                .isEqualTo(ReadStatus.QUEUE_NOT_FOUND);
            assertThat(result.nextOffset()).isZero();
            fixture.store.awaitArrival("T", 0, 0, (topic, queueId, max) -> { }); // creates the queue
            assertThat(fixture.store.read("T", 0, 0, 32, Long.MAX_VALUE, TagFilter.ANY, result))
                .isEqualTo(ReadStatus.NO_MESSAGE_IN_QUEUE);
            append(fixture, 5, 100, null);
            assertThat(fixture.store.read("T", 0, 5, 32, Long.MAX_VALUE, TagFilter.ANY, result))
                .isEqualTo(ReadStatus.OFFSET_OVERFLOW_ONE);
            assertThat(result.nextOffset()).isEqualTo(5);
            assertThat(fixture.store.read("T", 0, 9, 32, Long.MAX_VALUE, TagFilter.ANY, result))
                .isEqualTo(ReadStatus.OFFSET_OVERFLOW_BADLY);
            assertThat(result.nextOffset()).isEqualTo(5);
            assertThat(result.maxOffset()).isEqualTo(5);
            assertThat(fixture.store.read("T", 0, 2, 32, Long.MAX_VALUE, TagFilter.ANY, result)).isEqualTo(ReadStatus.FOUND);
            assertThat(result.count()).isEqualTo(3);
            assertThat(result.nextOffset()).isEqualTo(5);
            assertThat(result.minOffset()).isZero();
            result.release();
        }
    }

    @Test
    void returnsZeroCopyViewsWithinMessageAndByteLimitsButAlwaysOne() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, SEGMENT, 64)) {
            append(fixture, 10, 1000, null);
            ReadResult result = new ReadResult(32);
            assertThat(fixture.store.read("T", 0, 0, 3, Long.MAX_VALUE, TagFilter.ANY, result)).isEqualTo(ReadStatus.FOUND);
            assertThat(result.count()).isEqualTo(3);
            assertThat(result.nextOffset()).isEqualTo(3);
            for (int i = 0; i < 3; i++) {
                assertThat(TestRecord.verify(result.buffer(i), result.position(i), result.size(i), 0, i,
                    result.physicalOffset(i))).isTrue();
                ByteBuffer slice = result.slice(i);
                assertThat(slice.isReadOnly()).isTrue();
                assertThat(slice.remaining()).isEqualTo(1000);
                assertThat(slice.getLong(StoredRecord.QUEUE_OFFSET_OFFSET)).isEqualTo(i);
            }
            result.release();
            assertThat(fixture.store.read("T", 0, 3, 32, 2500, TagFilter.ANY, result)).isEqualTo(ReadStatus.FOUND);
            assertThat(result.count()).isEqualTo(2);
            assertThat(result.totalBytes()).isEqualTo(2000);
            result.release();
            assertThat(fixture.store.read("T", 0, 3, 32, 10, TagFilter.ANY, result)).isEqualTo(ReadStatus.FOUND);
            assertThat(result.count()).isEqualTo(1);
            assertThat(result.nextOffset()).isEqualTo(4);
            result.release();
        }
    }

    @Test
    void filtersByTagHashAndReportsNoMatchWithTheScannedNextOffset() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, SEGMENT, 64)) {
            append(fixture, 3, 120, "TagA");
            append(fixture, 2, 120, "TagB");
            append(fixture, 1, 120, "TagA");
            ReadResult result = new ReadResult(32);
            TagHashSet tagB = new TagHashSet().addTag("TagB");
            assertThat(fixture.store.read("T", 0, 0, 32, Long.MAX_VALUE, tagB, result)).isEqualTo(ReadStatus.FOUND);
            assertThat(result.count()).isEqualTo(2);
            assertThat(result.queueOffset(0)).isEqualTo(3);
            assertThat(result.queueOffset(1)).isEqualTo(4);
            assertThat(result.nextOffset()).isEqualTo(6);
            result.release();
            TagHashSet tagC = new TagHashSet().addTag("TagC");
            assertThat(fixture.store.read("T", 0, 0, 32, Long.MAX_VALUE, tagC, result))
                .isEqualTo(ReadStatus.NO_MATCHED_MESSAGE);
            assertThat(result.nextOffset()).isEqualTo(6);
            assertThat(result.count()).isZero();
        }
    }

    /** Keeps every tag code, then only records whose TAGS property is {@code tag}. */
    private static TagFilter byTagsProperty(String tag) {
        return byProperties(properties -> properties.find("TAGS") && properties.valueEquals(tag));
    }

    /** Keeps every tag code, then only records whose properties {@code match}. */
    private static TagFilter byProperties(Predicate<PropertiesReader> match) {
        return new TagFilter() {
            @Override
            public boolean matches(long tagsCode) {
                return true;
            }

            @Override
            public boolean readsProperties() {
                return true;
            }

            @Override
            public boolean matchesProperties(PropertiesReader properties) {
                return match.test(properties);
            }
        };
    }

    @Test
    void aFilterThatReadsPropertiesSkipsRecordsAndReportsNoMatchWithTheScannedNextOffset() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, SEGMENT, 64)) {
            append(fixture, 3, 120, "TagA");
            append(fixture, 2, 120, "TagB");
            append(fixture, 1, 120, "TagA");
            ReadResult result = new ReadResult(32);
            assertThat(fixture.store.read("T", 0, 0, 32, Long.MAX_VALUE, byTagsProperty("TagB"), result))
                .isEqualTo(ReadStatus.FOUND);
            assertThat(result.count()).isEqualTo(2);
            assertThat(result.queueOffset(0)).isEqualTo(3);
            assertThat(result.queueOffset(1)).isEqualTo(4);
            assertThat(result.nextOffset()).isEqualTo(6);
            result.release();
            assertThat(fixture.store.read("T", 0, 1, 32, Long.MAX_VALUE, byTagsProperty("TagC"), result))
                .isEqualTo(ReadStatus.NO_MATCHED_MESSAGE);
            assertThat(result.nextOffset()).isEqualTo(6);
            assertThat(result.count()).isZero();
            result.release();
            assertThat(fixture.store.read("T", 0, 0, 32, Long.MAX_VALUE, TagFilter.ANY, result)).isEqualTo(ReadStatus.FOUND);
            assertThat(result.count()).as("a plain read after the filtered ones").isEqualTo(6);
            result.release();
        }
    }

    @Test
    void readsHoldTheirSegmentsUntilReleasedEvenWhenRetentionDropsThem() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, SEGMENT, 64)) {
            append(fixture, 8, 1000, null);
            ReadResult result = new ReadResult(32);
            assertThat(fixture.store.read("T", 0, 0, 32, Long.MAX_VALUE, TagFilter.ANY, result)).isEqualTo(ReadStatus.FOUND);
            assertThat(result.count()).isEqualTo(8);
            MappedSegment first = fixture.internals.commitLog().segments().removeFirst();
            first.destroy();
            assertThat(first.isMapped()).isTrue();
            assertThat(TestRecord.verify(result.buffer(0), result.position(0), 1000, 0, 0, 0)).isTrue();
            result.release();
            assertThat(first.isMapped()).isFalse();
            assertThat(fixture.store.read("T", 0, 0, 32, Long.MAX_VALUE, TagFilter.ANY, result)).isEqualTo(ReadStatus.FOUND);
            assertThat(result.queueOffset(0)).isEqualTo(4);
            result.release();
            assertThat(fixture.store.read("T", 0, 0, 2, Long.MAX_VALUE, new TagHashSet().add(1), result))
                .isEqualTo(ReadStatus.NO_MATCHED_MESSAGE);
            assertThat(fixture.store.read("T", 0, 0, 32, Long.MAX_VALUE, TagFilter.ANY, new ReadResult(1))).isEqualTo(ReadStatus.FOUND);
        }
    }

    @Test
    void aFilterThatThrowsLeavesNoSegmentRetained() {
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, SEGMENT, 64)) {
            append(fixture, 3, 1000, null);
            MappedSegment segment = fixture.internals.commitLog().segments().segmentFor(0);
            int before = segment.referenceCount();
            TagFilter failing = byProperties(properties -> {
                throw new StackOverflowError("injected");
            });
            ReadResult result = new ReadResult(32);
            assertThatThrownBy(() -> fixture.store.read("T", 0, 0, 32, Long.MAX_VALUE, failing, result))
                .isInstanceOf(StackOverflowError.class);
            assertThat(segment.referenceCount()).as("the reference the failed read took").isEqualTo(before);
            assertThat(fixture.store.read("T", 0, 0, 32, Long.MAX_VALUE, TagFilter.ANY, result))
                .as("the result is empty again and can be read into").isEqualTo(ReadStatus.FOUND);
            result.release();
        }
    }

    @Test
    void tagHashSetMatchesTheLowThirtyTwoBitsIncludingZero() {
        TagHashSet set = new TagHashSet();
        for (int i = -50; i < 50; i++) {
            set.add(i * 7919);
        }
        assertThat(set.size()).isEqualTo(100);
        assertThat(set.matches(0)).isTrue();
        assertThat(set.matches(7919)).isTrue();
        assertThat(set.matches(7920)).isFalse();
        assertThat(set.matches(((long) 1 << 32) | 7919)).isTrue();
        assertThat(set.clear().matches(0)).isFalse();
    }
}
