package io.apogee.wire.message.batch;

import io.apogee.wire.message.ByteRanges;
import io.apogee.wire.message.FormatError;
import io.apogee.wire.message.MessageFormatException;
import java.nio.ByteBuffer;

/**
 * Walks the entries of a received SEND_BATCH_MESSAGE body (docs/protocol.md §4.3) in place, for the broker to turn each
 * one into a stored record. Every entry is checked before it is handed out: its header fits, no length is negative, its
 * body and properties fit, and its total size equals {@code 22 + bodyLength + propertiesLength}. A bad entry
 * raises {@link MessageFormatException} with the reason; call {@link #validate()} first to reject a whole batch
 * before storing any of it. RocketMQ's broker ignores the magic and CRC fields of an entry, and so does this.
 * Not thread-safe: one per thread.
 *
 * <pre>
 *   reader.wrap(body, 0, length);
 *   int count = reader.validate();            // throws on the first bad entry
 *   while (reader.next()) { BatchEntry e = reader.entry(); ... }
 * </pre>
 *
 * <p>Not thread-safe: one per thread, re-pointed with {@link #wrap}.
 */
public final class BatchBodyReader {
    private final BatchEntry entry = new BatchEntry();
    private ByteBuffer buffer;
    private int start;
    private int end;
    private int cursor;

    /** Points the reader at {@code length} bytes at absolute {@code offset} and rewinds it. */
    public BatchBodyReader wrap(ByteBuffer buffer, int offset, int length) {
        ByteRanges.checkWithinLimit("batch", buffer, offset, length);
        this.buffer = buffer;
        this.start = offset;
        this.end = offset + length;
        this.cursor = offset;
        return this;
    }

    /** Goes back before the first entry. */
    public BatchBodyReader rewind() {
        cursor = start;
        return this;
    }

    /**
     * Checks every entry and returns how many there are, then rewinds.
     *
     * @throws MessageFormatException at the first bad entry
     */
    public int validate() {
        rewind();
        int count = 0;
        while (next()) {
            count++;
        }
        rewind();
        return count;
    }

    /**
     * Moves to the next entry; false at the end of the body.
     *
     * @throws MessageFormatException when the next entry is bad
     */
    public boolean next() {
        if (cursor == end) {
            return false;
        }
        int size = checkEntry(cursor);
        entry.wrap(buffer, cursor);
        cursor += size;
        return true;
    }

    /** The current entry (the same flyweight every time). */
    public BatchEntry entry() {
        return entry;
    }

    private int checkEntry(int at) {
        int available = end - at;
        if (available < BatchEntry.BODY_OFFSET) {
            throw error(FormatError.TRUNCATED, at, available + " bytes left, an entry header takes " + BatchEntry.BODY_OFFSET);
        }
        int totalSize = buffer.getInt(at + BatchEntry.TOTAL_SIZE_OFFSET);
        int bodyLength = buffer.getInt(at + BatchEntry.BODY_LENGTH_OFFSET);
        if (totalSize < BatchEntry.MIN_LENGTH) {
            throw error(FormatError.BAD_TOTAL_SIZE, at, "total size " + totalSize);
        }
        if (bodyLength < 0) {
            throw error(FormatError.NEGATIVE_LENGTH, at, "body length " + bodyLength);
        }
        if (totalSize > available) {
            throw error(FormatError.TRUNCATED, at, "total size " + totalSize + ", " + available + " bytes left");
        }
        if (bodyLength > totalSize - BatchEntry.MIN_LENGTH) {
            throw error(FormatError.LENGTH_MISMATCH, at, "body length " + bodyLength + " in total size " + totalSize);
        }
        int propertiesLength = buffer.getShort(at + BatchEntry.BODY_OFFSET + bodyLength);
        if (propertiesLength < 0) {
            throw error(FormatError.NEGATIVE_LENGTH, at, "properties length " + propertiesLength);
        }
        if (BatchEntry.entryLength(bodyLength, propertiesLength) != totalSize) {
            throw error(FormatError.LENGTH_MISMATCH, at,
                "total size " + totalSize + " but body " + bodyLength + " and properties " + propertiesLength);
        }
        return totalSize;
    }

    private MessageFormatException error(FormatError error, int at, String detail) {
        return new MessageFormatException(error, "batch entry at offset " + (at - start) + ": " + detail);
    }
}
