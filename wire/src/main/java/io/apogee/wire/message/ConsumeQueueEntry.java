package io.apogee.wire.message;

import java.nio.ByteBuffer;

/**
 * Flyweight over one consume-queue entry (docs/protocol.md §4.5): where a message of a queue lives in the commit log,
 * its size and its tags code. The logical queue offset of an entry is its byte position divided by {@link #SIZE}.
 * Not thread-safe: a flyweight owned by one thread.
 *
 * <pre>
 *   0                   8         12                  20
 *   +-------------------+---------+-------------------+
 *   | commitLogOffset   | size    | tagsCode          |
 *   | int64             | int32   | int64             |
 *   +-------------------+---------+-------------------+
 * </pre>
 *
 * <p>Not thread-safe: a flyweight is re-pointed with {@link #wrap} by its owning thread.
 */
public final class ConsumeQueueEntry {
    /** Bytes of one entry ({@code CQ_STORE_UNIT_SIZE}). */
    public static final int SIZE = 20;
    /** Offset of the commit-log offset of the record. */
    public static final int COMMIT_LOG_OFFSET_OFFSET = 0;
    /** Offset of the record's total size. */
    public static final int SIZE_OFFSET = 8;
    /** Offset of the tags code. */
    public static final int TAGS_CODE_OFFSET = 12;
    /**
     * The size of a pre-blank entry (commit-log offset 0, tags code 0): RocketMQ's filler for the entries of a queue's
     * first file below its first message, when the queue begins above offset 0 (a slave whose log began late).
     */
    public static final int PRE_BLANK_SIZE = Integer.MAX_VALUE;

    private ByteBuffer buffer;
    private int offset;

    /** Points this flyweight at the entry starting at absolute {@code offset}. */
    public ConsumeQueueEntry wrap(ByteBuffer buffer, int offset) {
        this.buffer = buffer;
        this.offset = offset;
        return this;
    }

    /** Writes a whole entry at absolute {@code offset}. */
    public static void write(ByteBuffer buffer, int offset, long commitLogOffset, int size, long tagsCode) {
        buffer.putLong(offset + COMMIT_LOG_OFFSET_OFFSET, commitLogOffset);
        buffer.putInt(offset + SIZE_OFFSET, size);
        buffer.putLong(offset + TAGS_CODE_OFFSET, tagsCode);
    }

    /** Writes a pre-blank entry at absolute {@code offset} (see {@link #PRE_BLANK_SIZE}). */
    public static void writePreBlank(ByteBuffer buffer, int offset) {
        write(buffer, offset, 0, PRE_BLANK_SIZE, 0);
    }

    /** Whether this is a pre-blank entry, which describes no message (see {@link #PRE_BLANK_SIZE}). */
    public boolean isPreBlank() {
        return size() == PRE_BLANK_SIZE && commitLogOffset() == 0 && tagsCode() == 0;
    }

    /** The commit-log offset of the record. */
    public long commitLogOffset() {
        return buffer.getLong(offset + COMMIT_LOG_OFFSET_OFFSET);
    }

    /** Sets the commit-log offset. */
    public ConsumeQueueEntry commitLogOffset(long value) {
        buffer.putLong(offset + COMMIT_LOG_OFFSET_OFFSET, value);
        return this;
    }

    /** The record's total size. */
    public int size() {
        return buffer.getInt(offset + SIZE_OFFSET);
    }

    /** Sets the record size. */
    public ConsumeQueueEntry size(int value) {
        buffer.putInt(offset + SIZE_OFFSET, value);
        return this;
    }

    /** The tags code ({@link TagsCode}; a delivery timestamp on the schedule topic). */
    public long tagsCode() {
        return buffer.getLong(offset + TAGS_CODE_OFFSET);
    }

    /** Sets the tags code. */
    public ConsumeQueueEntry tagsCode(long value) {
        buffer.putLong(offset + TAGS_CODE_OFFSET, value);
        return this;
    }
}
