package io.apogee.wire.message.pull;

import io.apogee.common.text.InternTable;
import io.apogee.wire.message.ByteRanges;
import io.apogee.wire.message.FormatError;
import io.apogee.wire.message.MessageFormatException;
import io.apogee.wire.message.record.RecordStatus;
import io.apogee.wire.message.record.RecordValidator;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.ByteBuffer;

/**
 * Decodes a PULL_MESSAGE response body: the stored records (docs/protocol.md §4.4) the broker concatenated, V1 or V2,
 * IPv4 or IPv6 hosts. A cursor: {@link #next()} checks the next record completely ({@link RecordValidator}: magic,
 * total size within the bytes left, every length non-negative and adding up to the total size, and optionally the
 * body CRC) before {@link #message()} reads it in place. Nothing is allocated per message and no allocation is
 * ever sized by a length read from the input. Not thread-safe: one per consumer thread.
 *
 * <pre>
 *   decoder.wrap(body, 0, body.limit());
 *   while (decoder.next()) { PulledMessage m = decoder.message(); ... }
 * </pre>
 *
 * <p>Where RocketMQ's {@code MessageDecoder.decodesBatch} silently stops at the first bad record, {@link #next()}
 * raises {@link MessageFormatException} naming the reason and the offset; the messages before it were delivered.
 *
 * <p>Not thread-safe: one per consumer thread, re-pointed with {@link #wrap}.
 */
public final class PullBodyDecoder {
    private final RecordValidator validator = new RecordValidator(Integer.MAX_VALUE);
    private final PulledMessage message;
    private ByteBuffer buffer;
    private int start;
    private int end;
    private int cursor;
    private boolean verifyBodyCrc;
    private boolean checked;

    /** A decoder whose messages decode their topic into a new {@code String} when asked. */
    public PullBodyDecoder() {
        this(null);
    }

    /** A decoder whose messages return canonical topic {@code String}s from {@code topics} (may be null). */
    public PullBodyDecoder(InternTable topics) {
        this.message = new PulledMessage(topics);
    }

    /** Also checks each body's CRC (RocketMQ's client does not). */
    public PullBodyDecoder verifyBodyCrc(boolean verify) {
        this.verifyBodyCrc = verify;
        return this;
    }

    /** Points the decoder at {@code length} bytes at absolute {@code offset} and rewinds it. */
    public PullBodyDecoder wrap(ByteBuffer buffer, int offset, int length) {
        ByteRanges.checkWithinLimit("body", buffer, offset, length);
        this.buffer = buffer;
        this.start = offset;
        this.end = offset + length;
        this.cursor = offset;
        this.checked = false;
        return this;
    }

    /**
     * Points the decoder at records another decoder's {@link #count()} already checked, in bytes unchanged since:
     * {@link #next()} then steps from record to record by their total size, so that a body is checked only once.
     */
    public PullBodyDecoder wrapChecked(ByteBuffer buffer, int offset, int length) {
        wrap(buffer, offset, length);
        this.checked = true;
        return this;
    }

    /** Goes back before the first message. */
    public PullBodyDecoder rewind() {
        cursor = start;
        return this;
    }

    /**
     * Moves to the next message; false at the end of the body.
     *
     * @throws MessageFormatException when the next record is truncated or corrupt
     */
    public boolean next() {
        if (cursor == end) {
            return false;
        }
        if (checked) {
            message.wrap(buffer, cursor);
            cursor += buffer.getInt(cursor + StoredRecord.TOTAL_SIZE_OFFSET);
            return true;
        }
        RecordStatus status = validator.check(buffer, cursor, end, verifyBodyCrc);
        if (status != RecordStatus.VALID) {
            throw failure(status);
        }
        message.wrap(buffer, cursor);
        cursor += validator.totalSize();
        return true;
    }

    /** The current message (the same object for every message). */
    public PulledMessage message() {
        return message;
    }

    /**
     * Checks every record and returns how many there are, then rewinds.
     *
     * @throws MessageFormatException at the first bad record
     */
    public int count() {
        rewind();
        int count = 0;
        while (next()) {
            count++;
        }
        rewind();
        return count;
    }

    private MessageFormatException failure(RecordStatus status) {
        String detail = "record at offset " + (cursor - start) + " of a " + (end - start) + "-byte pull body";
        if (status.error() == null) {
            return new MessageFormatException(FormatError.BAD_MAGIC, detail + " is " + status);
        }
        return new MessageFormatException(status.error(), detail + " (total size field " + validator.totalSize() + ")");
    }
}
