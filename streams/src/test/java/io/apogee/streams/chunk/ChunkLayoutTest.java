package io.apogee.streams.chunk;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

class ChunkLayoutTest {
    @Test
    void aUserHeaderLiesAtTheOffsetsOfOsiris() {
        ByteBuffer buffer = ByteBuffer.allocate(200);
        byte[] data = {0, 0, 0, 2, 'h', 'i'};
        buffer.put(16 + ChunkLayout.HEADER_LENGTH, data);
        long crc = ChunkLayout.crcOf(buffer, 16 + ChunkLayout.HEADER_LENGTH, data.length);
        new ChunkLayout().wrap(buffer, 16).writeHeader(ChunkLayout.TYPE_USER, 1, 1, 1_700_000_000_000L, 3, 42, crc, data.length, 0,
            0);

        assertThat(buffer.get(16)).isEqualTo((byte) 0x51);
        assertThat(buffer.get(17)).isZero();
        assertThat(buffer.getShort(18)).isEqualTo((short) 1);
        assertThat(buffer.getInt(20)).isEqualTo(1);
        assertThat(buffer.getLong(24)).isEqualTo(1_700_000_000_000L);
        assertThat(buffer.getLong(32)).isEqualTo(3);
        assertThat(buffer.getLong(40)).isEqualTo(42);
        CRC32 expected = new CRC32();
        expected.update(data);
        assertThat(buffer.getInt(48) & 0xFFFF_FFFFL).isEqualTo(expected.getValue());
        assertThat(buffer.getInt(52)).isEqualTo(data.length);
        assertThat(buffer.getInt(56)).isZero();
        assertThat(buffer.get(60)).as("bloom size").isZero();

        ChunkLayout chunk = new ChunkLayout().wrap(buffer, 16);
        assertThat(chunk.chunkId()).isEqualTo(42);
        assertThat(chunk.totalLength()).isEqualTo(ChunkLayout.HEADER_LENGTH + data.length);
        assertThat(chunk.crc()).isEqualTo(expected.getValue());
        assertThat(chunk.dataStart()).isEqualTo(48);
    }

    @Test
    void aBloomFilterLiesBetweenTheHeaderAndTheDataAndIsNotDelivered() {
        ByteBuffer buffer = ByteBuffer.allocate(200);
        byte[] data = {0, 0, 0, 2, 'h', 'i'};
        int bloom = ChunkBloom.DEFAULT_SIZE;
        buffer.put(ChunkLayout.HEADER_LENGTH + bloom, data);
        long crc = ChunkLayout.crcOf(buffer, ChunkLayout.HEADER_LENGTH + bloom, data.length);
        new ChunkLayout().wrap(buffer, 0).writeHeader(ChunkLayout.TYPE_USER, 1, 1, 5, 0, 0, crc, data.length, 3, bloom);

        assertThat(buffer.get(44)).as("bloom size").isEqualTo((byte) bloom);
        assertThat(buffer.get(45)).as("reserved").isZero();
        ChunkLayout chunk = new ChunkLayout().wrap(buffer, 0);
        assertThat(chunk.bloomSize()).isEqualTo(bloom);
        assertThat(chunk.dataStart()).isEqualTo(48 + bloom);
        assertThat(chunk.totalLength()).isEqualTo(48 + bloom + data.length + 3);
        assertThat(chunk.deliveredLength()).as("header and data: RabbitMQ sends no filter").isEqualTo(48 + data.length);
    }

    @Test
    void entriesAreMeasuredAndCounted() {
        ByteBuffer simple = ByteBuffer.allocate(10).putInt(0, 5);
        assertThat(EntryLayout.entryLength(simple, 0, 10)).isEqualTo(9);
        assertThat(EntryLayout.entryLength(simple, 0, 8)).as("longer than what is left").isEqualTo(-1);
        assertThat(EntryLayout.recordCount(simple, 0)).isEqualTo(1);

        ByteBuffer batch = ByteBuffer.allocate(20);
        batch.put(0, (byte) 0x80).putShort(1, (short) 7).putInt(3, 100).putInt(7, 9);
        assertThat(EntryLayout.isSubBatch(batch, 0)).isTrue();
        assertThat(EntryLayout.entryLength(batch, 0, 20)).isEqualTo(20);
        assertThat(EntryLayout.recordCount(batch, 0)).isEqualTo(7);
        assertThat(EntryLayout.entryLength(batch, 0, 10)).isEqualTo(-1);
        assertThat(EntryLayout.entryLength(ByteBuffer.allocate(0), 0, 0)).as("nothing left: a frame ends early").isEqualTo(-1);
    }
}
