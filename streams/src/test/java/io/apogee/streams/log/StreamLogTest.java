package io.apogee.streams.log;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.time.ManualClock;
import io.apogee.store.file.DiskFence;
import io.apogee.store.file.FencedIo;
import io.apogee.store.file.NioFileIo;
import io.apogee.streams.chunk.ChunkLayout;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StreamLogTest {
    private static final int SEGMENT = 64 * 1024;

    @TempDir
    Path dir;
    private final FencedIo io = new FencedIo(new NioFileIo(), new DiskFence());
    private final ManualClock clock = new ManualClock(1_000);

    @Test
    void chunksAreStoredAsTheyAreDeliveredAndIndexedByOffset() {
        try (StreamLog log = open()) {
            assertThat(log.append(entries("a", "b", "c"), 3, 3)).isZero();
            clock.advanceMillis(10);
            assertThat(log.append(entries("d"), 1, 1)).isEqualTo(3);
            assertThat(log.nextOffset()).isEqualTo(4);

            StreamLog.ChunkBytes second = log.retainChunk(1);
            try {
                ChunkLayout chunk = new ChunkLayout().wrap(second.bytes(), 0);
                assertThat(chunk.chunkId()).isEqualTo(3);
                assertThat(chunk.recordCount()).isEqualTo(1);
                assertThat(chunk.timestamp()).isEqualTo(clock.millis());
                assertThat(second.bytes().remaining()).isEqualTo(ChunkLayout.HEADER_LENGTH + 5);
                assertThat(second.bytes().get(ChunkLayout.HEADER_LENGTH + 4)).isEqualTo((byte) 'd');
            } finally {
                second.segment().release();
            }
            assertThat(log.retainChunk(2)).isNull();
            assertThat(log.startSlot(OffsetStart.FIRST, 0)).isZero();
            assertThat(log.startSlot(OffsetStart.LAST, 0)).isEqualTo(1);
            assertThat(log.startSlot(OffsetStart.NEXT, 0)).isEqualTo(2);
            assertThat(log.startSlot(OffsetStart.OFFSET, 2)).as("the chunk holding offset 2").isZero();
            assertThat(log.startSlot(OffsetStart.OFFSET, 3)).isEqualTo(1);
            assertThat(log.startSlot(OffsetStart.OFFSET, 99)).as("past the end: next").isEqualTo(2);
            assertThat(log.startSlot(OffsetStart.TIMESTAMP, clock.millis())).isEqualTo(1);
        }
    }

    @Test
    void aChunkThatDoesNotFitStartsTheNextSegmentAndAReopenFindsEveryChunk() {
        String big = "x".repeat(20_000);
        try (StreamLog log = open()) {
            for (int i = 0; i < 7; i++) {
                log.append(entries(big), 1, 1);
            }
            assertThat(log.append(entries("y".repeat(SEGMENT - 55)), 1, 1)).as("larger than a segment").isEqualTo(-1);
        }
        try (StreamLog log = open()) {
            assertThat(log.chunkCount()).isEqualTo(7);
            assertThat(log.nextOffset()).isEqualTo(7);
            assertThat(log.append(entries("z"), 1, 1)).isEqualTo(7);
        }
        assertThat(dir.resolve("s").toFile().list()).hasSize(3);
    }

    @Test
    void aTornLastChunkIsDroppedAndOverwritten() throws IOException {
        try (StreamLog log = open()) {
            log.append(entries("one"), 1, 1);
            log.append(entries("two"), 1, 1);
        }
        Path segment = dir.resolve("s").resolve("00000000000000000000");
        int secondChunkData = 8 + (ChunkLayout.HEADER_LENGTH + 7) + ChunkLayout.HEADER_LENGTH + 4;
        try (FileChannel channel = FileChannel.open(segment, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.wrap(new byte[] {'X'}), secondChunkData); // a half-written chunk: its CRC fails
        }
        try (StreamLog log = open()) {
            assertThat(log.chunkCount()).isEqualTo(1);
            assertThat(log.nextOffset()).isEqualTo(1);
            assertThat(log.append(entries("new"), 1, 1)).isEqualTo(1);
        }
        try (StreamLog log = open()) {
            assertThat(log.chunkCount()).isEqualTo(2);
        }
    }

    @Test
    void storedOffsetsAndPublisherSequencesAreReplayedAtOpen() {
        try (StreamLog log = open()) {
            log.append(entries("a", "b"), 2, 2, "producer-1", 41);
            assertThat(log.storeOffset("consumer-1", 1)).isTrue();
            log.append(entries("c"), 1, 1, "producer-1", 42);
            log.storeOffset("consumer-1", 2);
            assertThat(log.nextOffset()).as("tracking takes no offset").isEqualTo(3);
            assertThat(log.isUserChunk(1)).isFalse();
            assertThat(log.startSlot(OffsetStart.LAST, 0)).as("the last user chunk").isEqualTo(2);
            StreamLog.ChunkBytes delivered = log.retainChunk(0);
            try {
                ChunkLayout chunk = new ChunkLayout().wrap(delivered.bytes(), 0);
                assertThat(chunk.trailerLength()).isPositive();
                assertThat(delivered.bytes().remaining()).as("the trailer is not delivered").isEqualTo(chunk.deliveredLength());
            } finally {
                delivered.segment().release();
            }
        }
        try (StreamLog log = open()) {
            assertThat(log.tracking().offset("consumer-1")).isEqualTo(2);
            assertThat(log.tracking().sequence("producer-1")).isEqualTo(42);
            assertThat(log.tracking().offset("nobody")).isEqualTo(-1);
            assertThat(log.chunkCount()).isEqualTo(4);
            assertThat(log.nextOffset()).isEqualTo(3);
        }
    }

    @Test
    void aDeletedStreamTakesNoAppendAndLeavesNoFile() {
        StreamLog log = open();
        log.append(entries("a"), 1, 1);
        log.delete();
        assertThat(log.append(entries("b"), 1, 1)).isEqualTo(-1);
        assertThat(log.retainChunk(0)).isNull();
        log.close();
        assertThat(Files.exists(dir.resolve("s").resolve("00000000000000000000"))).isFalse();
    }

    private StreamLog open() {
        return StreamLog.open(io, dir.resolve("s"), "s", StreamOptions.defaults(SEGMENT), clock);
    }

    /** Simple entries of {@code bodies}. */
    private static ByteBuffer entries(String... bodies) {
        ByteBuffer buffer = ByteBuffer.allocate(2 * SEGMENT);
        for (String body : bodies) {
            buffer.putInt(body.length()).put(body.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        }
        return buffer.flip();
    }
}
