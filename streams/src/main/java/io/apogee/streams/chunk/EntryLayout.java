package io.apogee.streams.chunk;

import java.nio.ByteBuffer;

/**
 * The data entries of a chunk, which are also the messages of a publish frame as the client sends them: the broker
 * checks and counts them, and stores them unchanged. The top bit of the first byte tells the two kinds apart.
 *
 * <pre>
 * Simple entry (one record):
 *  +-+-------------------------------------------------------------+
 *  |0| Body length (31 bits)                                       |  0
 *  +-+-------------------------------------------------------------+
 *  | Body (body length bytes)                                      :  4
 *  +---------------------------------------------------------------+
 *
 * Sub-batch entry (several records, maybe compressed):
 *  +-+-----+-------+---------------+-------------------------------+
 *  |1|Codec|Reservd| Record count (uint16)         | Uncompressed  |  0
 *  +-+-----+-------+-------------------------------+---------------+
 *  | ... length (uint32)                           | Body length   |  4
 *  +-----------------------------------------------+---------------+
 *  | ... (uint32)                                  | Body          :  8
 *  +-----------------------------------------------+---------------+
 * </pre>
 *
 * <p>Stateless; safe for any thread.
 */
public final class EntryLayout {
    /** The bytes before a simple entry's body. */
    public static final int SIMPLE_HEADER_LENGTH = 4;
    /** The bytes before a sub-batch's body. */
    public static final int SUB_BATCH_HEADER_LENGTH = 11;
    static final int SUB_BATCH_FLAG = 0x80;
    static final int SUB_BATCH_RECORDS_OFFSET = 1;
    static final int SUB_BATCH_BODY_LENGTH_OFFSET = 7;
    private static final int SIMPLE_LENGTH_MASK = 0x7FFF_FFFF;
    private static final int UNSIGNED_SHORT = 0xFFFF;

    private EntryLayout() {
    }

    /** Whether the entry at {@code index} is a sub-batch. */
    public static boolean isSubBatch(ByteBuffer buffer, int index) {
        return (buffer.get(index) & SUB_BATCH_FLAG) != 0;
    }

    /**
     * The bytes of the entry at {@code index}, header included, or -1 when fewer than {@code available} bytes can hold
     * it (a malformed entry: it claims more than its frame or chunk has).
     */
    public static long entryLength(ByteBuffer buffer, int index, int available) {
        if (available < 1) {
            return -1;
        }
        if (isSubBatch(buffer, index)) {
            if (available < SUB_BATCH_HEADER_LENGTH) {
                return -1;
            }
            long body = buffer.getInt(index + SUB_BATCH_BODY_LENGTH_OFFSET) & 0xFFFF_FFFFL;
            long length = SUB_BATCH_HEADER_LENGTH + body;
            return length <= available ? length : -1;
        }
        if (available < SIMPLE_HEADER_LENGTH) {
            return -1;
        }
        long length = SIMPLE_HEADER_LENGTH + (long) (buffer.getInt(index) & SIMPLE_LENGTH_MASK);
        return length <= available ? length : -1;
    }

    /** The records of the entry at {@code index}: 1 for a simple entry, its count for a sub-batch. */
    public static int recordCount(ByteBuffer buffer, int index) {
        return isSubBatch(buffer, index) ? buffer.getShort(index + SUB_BATCH_RECORDS_OFFSET) & UNSIGNED_SHORT : 1;
    }
}
