package io.apogee.store.queue;

import java.nio.ByteBuffer;

/**
 * The 20-byte consume-queue unit (protocol §4.5, RocketMQ's {@code CQ_STORE_UNIT_SIZE}). The logical offset of a
 * unit is its byte position divided by {@link #SIZE}.
 *
 * <pre>
 *   0                   8         12                  20
 *   +-------------------+---------+-------------------+
 *   | commitLogOffset   | size    | tagsCode          |
 *   | int64             | int32   | int64             |
 *   +-------------------+---------+-------------------+
 * </pre>
 *
 * <p>Stateless static accessors; safe for any thread on bytes it may touch.
 */
public final class QueueUnit {
    /** Bytes of one unit. */
    public static final int SIZE = 20;
    /** Offset of the commit-log offset of the record. */
    public static final int COMMIT_LOG_OFFSET_OFFSET = 0;
    /** Offset of the record's total size. */
    public static final int SIZE_OFFSET = 8;
    /** Offset of the tags code. */
    public static final int TAGS_CODE_OFFSET = 12;

    private QueueUnit() {
    }

    /** Writes a whole unit at absolute {@code offset}. */
    public static void write(ByteBuffer buffer, int offset, long commitLogOffset, int size, long tagsCode) {
        buffer.putLong(offset + COMMIT_LOG_OFFSET_OFFSET, commitLogOffset);
        buffer.putInt(offset + SIZE_OFFSET, size);
        buffer.putLong(offset + TAGS_CODE_OFFSET, tagsCode);
    }

    /** The commit-log offset of the unit at absolute {@code offset}. */
    public static long commitLogOffset(ByteBuffer buffer, int offset) {
        return buffer.getLong(offset + COMMIT_LOG_OFFSET_OFFSET);
    }

    /** The record size of the unit at absolute {@code offset}. */
    public static int size(ByteBuffer buffer, int offset) {
        return buffer.getInt(offset + SIZE_OFFSET);
    }

    /** The tags code of the unit at absolute {@code offset}. */
    public static long tagsCode(ByteBuffer buffer, int offset) {
        return buffer.getLong(offset + TAGS_CODE_OFFSET);
    }
}
