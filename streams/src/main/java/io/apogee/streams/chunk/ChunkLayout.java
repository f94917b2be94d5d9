package io.apogee.streams.chunk;

import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * The header of an osiris chunk, the unit a stream stores and delivers, read and written in place over a buffer it
 * does not own. A chunk is this 48-byte header, then {@link #bloomSize()} bytes of bloom filter, then
 * {@link #dataLength()} bytes of data entries (see {@link EntryLayout}), then {@link #trailerLength()} bytes of
 * trailer (see {@link ChunkBloom} for the filter). A deliver frame carries the header and the data entries as they lie
 * on disk, without the filter and the trailer, as RabbitMQ sends them: the header keeps its bloom size, and clients
 * read the data right after the header.
 *
 * <pre>
 *   0               1               2               3
 *   0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7
 *  +-------+-------+---------------+-------------------------------+
 *  | Magic | Ver   | Chunk type    | Number of entries (uint16)    |  0
 *  +-------+-------+---------------+-------------------------------+
 *  | Number of records (uint32)                                    |  4
 *  +---------------------------------------------------------------+
 *  | Timestamp (int64, ms since the epoch)                         |  8
 *  +---------------------------------------------------------------+
 *  | Epoch (uint64)                                                | 16
 *  +---------------------------------------------------------------+
 *  | Chunk id: the offset of its first record (uint64)             | 24
 *  +---------------------------------------------------------------+
 *  | CRC-32 of the data entries                                    | 32
 *  +---------------------------------------------------------------+
 *  | Data length (uint32)                                          | 36
 *  +---------------------------------------------------------------+
 *  | Trailer length (uint32)                                       | 40
 *  +---------------+-----------------------------------------------+
 *  | Bloom size    | Reserved (3 bytes)                            | 44
 *  +---------------+-----------------------------------------------+
 * </pre>
 *
 * <p>Not thread-safe: one flyweight per thread; the buffer's position and limit are never changed.
 */
public final class ChunkLayout {
    /** Magic 5 in the high nibble, format version 1 in the low nibble. */
    public static final byte MAGIC_VERSION = 0x51;
    /** A chunk of user entries: the only type delivered to consumers. */
    public static final byte TYPE_USER = 0;
    /** A chunk of tracking entries (stored consumer offsets), see {@link TrackingLayout}; never delivered. */
    public static final byte TYPE_TRACKING_DELTA = 1;
    /** The bytes of the header. */
    public static final int HEADER_LENGTH = 48;

    static final int MAGIC_VERSION_OFFSET = 0;
    static final int TYPE_OFFSET = 1;
    static final int ENTRIES_OFFSET = 2;
    static final int RECORDS_OFFSET = 4;
    static final int TIMESTAMP_OFFSET = 8;
    static final int EPOCH_OFFSET = 16;
    static final int CHUNK_ID_OFFSET = 24;
    static final int CRC_OFFSET = 32;
    static final int DATA_LENGTH_OFFSET = 36;
    static final int TRAILER_LENGTH_OFFSET = 40;
    static final int BLOOM_SIZE_OFFSET = 44;
    static final int RESERVED_OFFSET = 45;
    private static final int UNSIGNED_BYTE = 0xFF;
    private static final int UNSIGNED_SHORT = 0xFFFF;
    private static final long UNSIGNED_INT = 0xFFFF_FFFFL;

    private ByteBuffer buffer;
    private int offset;

    /** Points this flyweight at the chunk starting at {@code offset} of {@code buffer}. */
    public ChunkLayout wrap(ByteBuffer buffer, int offset) {
        this.buffer = buffer;
        this.offset = offset;
        return this;
    }

    /** The magic-and-version byte; {@link #MAGIC_VERSION} for a chunk, 0 where none was written. */
    public byte magicVersion() {
        return buffer.get(offset + MAGIC_VERSION_OFFSET);
    }

    /** The chunk type. */
    public byte type() {
        return buffer.get(offset + TYPE_OFFSET);
    }

    /** The data entries, each a simple entry or a sub-batch. */
    public int entryCount() {
        return buffer.getShort(offset + ENTRIES_OFFSET) & UNSIGNED_SHORT;
    }

    /** The records: a simple entry is one, a sub-batch as many as it holds. */
    public long recordCount() {
        return buffer.getInt(offset + RECORDS_OFFSET) & UNSIGNED_INT;
    }

    /** When the chunk was written, in ms since the epoch. */
    public long timestamp() {
        return buffer.getLong(offset + TIMESTAMP_OFFSET);
    }

    /** The offset of the chunk's first record. */
    public long chunkId() {
        return buffer.getLong(offset + CHUNK_ID_OFFSET);
    }

    /** The CRC-32 of the data entries, as an unsigned value. */
    public long crc() {
        return buffer.getInt(offset + CRC_OFFSET) & UNSIGNED_INT;
    }

    /** The bytes of the data entries. */
    public long dataLength() {
        return buffer.getInt(offset + DATA_LENGTH_OFFSET) & UNSIGNED_INT;
    }

    /** The bytes of the trailer. */
    public long trailerLength() {
        return buffer.getInt(offset + TRAILER_LENGTH_OFFSET) & UNSIGNED_INT;
    }

    /** The bytes of the bloom filter between the header and the data. */
    public int bloomSize() {
        return buffer.get(offset + BLOOM_SIZE_OFFSET) & UNSIGNED_BYTE;
    }

    /** The whole chunk's bytes: header, bloom filter, data and trailer. */
    public long totalLength() {
        return HEADER_LENGTH + bloomSize() + dataLength() + trailerLength();
    }

    /** Where the data entries start, relative to the chunk's first byte. */
    public int dataStart() {
        return HEADER_LENGTH + bloomSize();
    }

    /**
     * The bytes a deliver frame carries: the header and the data entries. The bloom filter and the trailer are only read
     * by the broker.
     */
    public long deliveredLength() {
        return HEADER_LENGTH + dataLength();
    }

    /**
     * Writes a header of {@code type}, over a bloom filter of {@code bloomSize} bytes (0 for none), data entries and a
     * trailer already in place after it.
     *
     * @param crc the CRC-32 of the data entries, see {@link #crcOf}
     */
    public ChunkLayout writeHeader(byte type, int entries, long records, long timestamp, long epoch, long chunkId, long crc,
        int dataLength, int trailerLength, int bloomSize) {
        buffer.put(offset + MAGIC_VERSION_OFFSET, MAGIC_VERSION);
        buffer.put(offset + TYPE_OFFSET, type);
        buffer.putShort(offset + ENTRIES_OFFSET, (short) entries);
        buffer.putInt(offset + RECORDS_OFFSET, (int) records);
        buffer.putLong(offset + TIMESTAMP_OFFSET, timestamp);
        buffer.putLong(offset + EPOCH_OFFSET, epoch);
        buffer.putLong(offset + CHUNK_ID_OFFSET, chunkId);
        buffer.putInt(offset + CRC_OFFSET, (int) crc);
        buffer.putInt(offset + DATA_LENGTH_OFFSET, dataLength);
        buffer.putInt(offset + TRAILER_LENGTH_OFFSET, trailerLength);
        buffer.put(offset + BLOOM_SIZE_OFFSET, (byte) bloomSize);
        buffer.put(offset + RESERVED_OFFSET, (byte) 0);
        buffer.putShort(offset + RESERVED_OFFSET + 1, (short) 0);
        return this;
    }

    /** The CRC-32 of {@code length} bytes of {@code buffer} from {@code from}, as the chunk header holds it. */
    public static long crcOf(ByteBuffer buffer, int from, int length) {
        CRC32 crc = new CRC32();
        crc.update(buffer.slice(from, length));
        return crc.getValue();
    }
}
