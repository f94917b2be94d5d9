package io.apogee.streams.log;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.time.ManualClock;
import io.apogee.store.file.DiskFence;
import io.apogee.store.file.FencedIo;
import io.apogee.store.file.NioFileIo;
import io.apogee.streams.chunk.ChunkLayout;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Retention by size and age on segments of one page, driven by a manual clock. */
class StreamRetentionTest {
    private static final int SEGMENT = StreamOptions.MIN_SEGMENT_SIZE;
    /** A chunk of one 1000-byte record: three fit in a segment. */
    private static final int BODY = 1000;

    @TempDir
    Path dir;
    private final FencedIo io = new FencedIo(new NioFileIo(), new DiskFence());
    private final ManualClock clock = new ManualClock(1_000);

    @Test
    void aStreamOverItsSizeDropsWholeOldSegmentsAndKeepsItsOffsets() {
        StreamOptions options = new StreamOptions(3L * SEGMENT, StreamOptions.UNLIMITED, SEGMENT);
        long firstKept;
        try (StreamLog log = open(options)) {
            for (int i = 0; i < 30; i++) {
                assertThat(log.append(record(), 1, 1)).isEqualTo(i);
            }
            // ten segments of three chunks were written; a fourth segment would put the stream over 3 pages
            assertThat(log.segmentCount()).isEqualTo(3);
            assertThat(files()).hasSize(3);
            firstKept = log.firstOffset();
            assertThat(firstKept).as("the first chunk of the eighth segment").isEqualTo(21);
            assertThat(log.nextOffset()).isEqualTo(30);
            int first = log.startSlot(OffsetStart.FIRST, 0);
            assertThat(first).isEqualTo(log.firstSlot());
            assertThat(chunkIdAt(log, first)).as("first is the first kept chunk").isEqualTo(firstKept);
            assertThat(log.startSlot(OffsetStart.OFFSET, 0)).as("an offset dropped starts at the first kept").isEqualTo(first);
            assertThat(chunkIdAt(log, log.startSlot(OffsetStart.OFFSET, 29))).isEqualTo(29);
            assertThat(log.startSlot(OffsetStart.TIMESTAMP, 0)).isEqualTo(first);
            assertThat(log.retainChunk(first - 1)).as("a dropped chunk is gone").isNull();
        }
        try (StreamLog log = open(options)) {
            assertThat(log.firstOffset()).as("after a restart").isEqualTo(firstKept);
            assertThat(log.nextOffset()).isEqualTo(30);
            assertThat(log.append(record(), 1, 1)).isEqualTo(30);
        }
    }

    @Test
    void segmentsWhoseNewestChunkIsOlderThanTheMaxAgeAreDroppedButNeverTheOneBeingWritten() {
        StreamOptions options = new StreamOptions(StreamOptions.UNLIMITED, 60_000, SEGMENT);
        try (StreamLog log = open(options)) {
            for (int i = 0; i < 7; i++) {
                log.append(record(), 1, 1); // three segments: 3 + 3 + 1 chunks
            }
            assertThat(log.segmentCount()).isEqualTo(3);
            clock.advanceMillis(60_001);
            log.append(record(), 1, 1);
            log.append(record(), 1, 1);
            assertThat(log.segmentCount()).as("no new segment: nothing is checked").isEqualTo(3);
            log.append(record(), 1, 1);
            assertThat(log.segmentCount()).as("the third segment (its newest chunk is new) and the fourth").isEqualTo(2);
            assertThat(log.firstOffset()).isEqualTo(6);
            log.append(record(), 1, 1);
            log.append(record(), 1, 1);
            clock.advanceMillis(60_001);
            log.append(record(), 1, 1);
            assertThat(log.segmentCount()).as("only the segment being written").isEqualTo(1);
            assertThat(log.firstOffset()).isEqualTo(12);
            assertThat(files()).hasSize(1);
        }
    }

    @Test
    void storedOffsetsAndPublisherSequencesOutliveTheSegmentsThatHeldThem() {
        StreamOptions options = new StreamOptions(2L * SEGMENT, StreamOptions.UNLIMITED, SEGMENT);
        try (StreamLog log = open(options)) {
            log.append(record(), 1, 1, "producer-1", 17);
            log.storeOffset("consumer-1", 0);
            for (int i = 0; i < 20; i++) {
                log.append(record(), 1, 1);
            }
            assertThat(log.firstOffset()).as("the chunks that tracked them are gone").isGreaterThan(1);
        }
        try (StreamLog log = open(options)) {
            assertThat(log.tracking().offset("consumer-1")).isZero();
            assertThat(log.tracking().sequence("producer-1")).isEqualTo(17);
            assertThat(log.nextOffset()).isEqualTo(21);
        }
    }

    @Test
    void createArgumentsAreReadAsRabbitMqWritesThem() {
        assertThat(StreamOptions.parseAge("1h")).isEqualTo(3_600_000);
        assertThat(StreamOptions.parseAge("60s")).isEqualTo(60_000);
        assertThat(StreamOptions.parseAge("7D")).isEqualTo(7 * 86_400_000L);
        assertThat(StreamOptions.parseAge("2M")).isEqualTo(60 * 86_400_000L);
        assertThat(StreamOptions.parseAge("1Y")).isEqualTo(365 * 86_400_000L);
        assertThat(StreamOptions.parseAge("5m")).isEqualTo(300_000);
        StreamOptions options = StreamOptions.fromArguments(java.util.Map.of("max-length-bytes", "20000", "max-age", "1h",
            "stream-max-segment-size-bytes", "8192"), SEGMENT);
        assertThat(options).isEqualTo(new StreamOptions(20_000, 3_600_000, 8192));
        assertThat(StreamOptions.fromFile(options.toFile())).isEqualTo(options);
        assertThat(StreamOptions.fromArguments(java.util.Map.of(), 1 << 20)).isEqualTo(StreamOptions.defaults(1 << 20));
        for (String age : new String[] {"0s", "1x", "h", "-1h", "1.5h", "1 h", ""}) {
            assertThat(StreamOptions.fromArguments(java.util.Map.of("max-age", age), SEGMENT)).as(age).isNull();
        }
        for (String length : new String[] {"-1", "1e6", "x", "", "9999999999999999999"}) {
            assertThat(StreamOptions.fromArguments(java.util.Map.of("max-length-bytes", length), SEGMENT)).as(length).isNull();
        }
        for (String size : new String[] {"4095", "0", "3000000000", "big"}) {
            assertThat(StreamOptions.fromArguments(java.util.Map.of("stream-max-segment-size-bytes", size), SEGMENT)).as(size)
                .isNull();
        }
    }

    @Test
    void theFilterSizeIsTakenFrom16To255AndKept() {
        StreamOptions options = StreamOptions.fromArguments(java.util.Map.of("stream-filter-size-bytes", "64"), SEGMENT);
        assertThat(options.filterSize()).isEqualTo(64);
        assertThat(StreamOptions.fromFile(options.toFile())).isEqualTo(options);
        assertThat(StreamOptions.defaults(SEGMENT).filterSize()).as("osiris's default").isEqualTo(16);
        byte[] older = ("max-length-bytes=-1\nmax-age-millis=-1\nstream-max-segment-size-bytes=" + SEGMENT + "\n")
            .getBytes(StandardCharsets.UTF_8);
        assertThat(StreamOptions.fromFile(older).filterSize()).as("settings written before filter sizes").isEqualTo(16);
        for (String size : new String[] {"15", "256", "-16", "x", ""}) {
            assertThat(StreamOptions.fromArguments(java.util.Map.of("stream-filter-size-bytes", size), SEGMENT)).as(size)
                .isNull();
        }
    }

    private StreamLog open(StreamOptions options) {
        return StreamLog.open(io, dir.resolve("s"), "s", options, clock);
    }

    private String[] files() {
        return dir.resolve("s").toFile().list();
    }

    private static long chunkIdAt(StreamLog log, int slot) {
        StreamLog.ChunkBytes chunk = log.retainChunk(slot);
        try {
            return new ChunkLayout().wrap(chunk.bytes(), 0).chunkId();
        } finally {
            chunk.segment().release();
        }
    }

    private static ByteBuffer record() {
        byte[] body = "r".repeat(BODY).getBytes(StandardCharsets.US_ASCII);
        return ByteBuffer.allocate(Integer.BYTES + BODY).putInt(BODY).put(body).flip();
    }
}
