package io.apogee.store.commitlog;

import java.nio.ByteBuffer;

/**
 * The two facts about the stored-record layout that the appender needs, and the BLANK padding RocketMQ writes at
 * the end of a commit-log file when the next record does not fit.
 *
 * <pre>
 *   record:  0          4          8
 *            +----------+----------+-----------------
 *            | total    | magic    | ... (protocol 4.4)
 *            | int32    | int32    |
 *            +----------+----------+-----------------
 *   blank:   | bytes to | 0xCBD43194
 *            | file end | BLANK    |  (the rest of the file is not written)
 * </pre>
 *
 * <p>Stateless; safe for any thread on bytes it may touch.
 */
final class RecordFraming {
    /** Offset of the total-size field of every record. */
    static final int TOTAL_SIZE_OFFSET = 0;
    /** Offset of the magic code. */
    static final int MAGIC_OFFSET = 4;
    /** The magic code of end-of-file padding. */
    static final int BLANK_MAGIC = 0xCBD43194;
    /** Bytes of the padding header; every segment keeps at least this much room after its last record. */
    static final int BLANK_LENGTH = Integer.BYTES + Integer.BYTES;

    private RecordFraming() {
    }

    /** Writes the padding header for the {@code length} bytes from absolute {@code offset} to the segment's end. */
    static void writeBlank(ByteBuffer buffer, int offset, int length) {
        buffer.putInt(offset + TOTAL_SIZE_OFFSET, length);
        buffer.putInt(offset + MAGIC_OFFSET, BLANK_MAGIC);
    }

    /** The total-size field of the record at absolute {@code offset}. */
    static int totalSize(ByteBuffer buffer, int offset) {
        return buffer.getInt(offset + TOTAL_SIZE_OFFSET);
    }
}
