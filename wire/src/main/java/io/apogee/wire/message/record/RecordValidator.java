package io.apogee.wire.message.record;

import io.apogee.wire.message.BodyCrc;
import java.nio.ByteBuffer;

/**
 * Checks the record at an offset before anyone trusts it: recovery scanning a commit log, the client reading a
 * PULL body. It reads the fields in the order RocketMQ's decoder does and checks that the magic code is known,
 * the total size is in range and fits the bytes available, no length is negative, the fields add up to exactly
 * the total size, and (optionally) the body CRC. It never throws on bad bytes and never allocates: the answer is
 * a {@link RecordStatus}, and {@link #totalSize()} tells how far a valid or blank record reaches.
 * Not thread-safe: one per thread.
 *
 * <p>Unlike RocketMQ's {@code checkMessageAndReturnSize}, which answers -1 for both, a torn tail
 * ({@link RecordStatus#TRUNCATED}) is kept apart from corruption.
 *
 * <p>Not thread-safe: one per thread (it reuses a CRC engine).
 */
public final class RecordValidator {
    private static final int HEADER_LENGTH = StoredRecord.BLANK_LENGTH;

    private final BodyCrc crc = new BodyCrc();
    private final int maxRecordSize;
    private int totalSize;

    /** @param maxRecordSize the largest total size accepted; larger ones are {@link RecordStatus#BAD_TOTAL_SIZE} */
    public RecordValidator(int maxRecordSize) {
        if (maxRecordSize < StoredRecord.MIN_RECORD_SIZE) {
            throw new IllegalArgumentException("maxRecordSize below the smallest record: " + maxRecordSize);
        }
        this.maxRecordSize = maxRecordSize;
    }

    /** The total size field of the last record checked (the padding length for a blank record). */
    public int totalSize() {
        return totalSize;
    }

    /**
     * Checks the record at absolute {@code offset}, using bytes up to {@code limit} (at most the buffer's limit).
     *
     * @param verifyBodyCrc also compare the body CRC field with the body
     */
    public RecordStatus check(ByteBuffer buffer, int offset, int limit, boolean verifyBodyCrc) {
        if (limit > buffer.limit() || offset < 0) {
            throw new IndexOutOfBoundsException("offset " + offset + " limit " + limit + " buffer limit " + buffer.limit());
        }
        totalSize = 0;
        int available = limit - offset;
        if (available < HEADER_LENGTH) {
            return RecordStatus.TRUNCATED;
        }
        int size = buffer.getInt(offset + StoredRecord.TOTAL_SIZE_OFFSET);
        int magic = buffer.getInt(offset + StoredRecord.MAGIC_OFFSET);
        totalSize = size;
        if (magic == StoredRecord.BLANK_MAGIC) {
            return size >= StoredRecord.BLANK_LENGTH ? RecordStatus.BLANK : RecordStatus.BAD_TOTAL_SIZE;
        }
        if (size == 0 && magic == 0) {
            return RecordStatus.EMPTY;
        }
        if (!StoredRecord.isMessageMagic(magic)) {
            return RecordStatus.BAD_MAGIC;
        }
        if (size < StoredRecord.MIN_RECORD_SIZE || size > maxRecordSize) {
            return RecordStatus.BAD_TOTAL_SIZE;
        }
        if (size > available) {
            return RecordStatus.TRUNCATED;
        }
        RecordStatus layout = checkLayout(buffer, offset, size, magic);
        if (layout != RecordStatus.VALID || !verifyBodyCrc) {
            return layout;
        }
        int sysFlag = buffer.getInt(offset + StoredRecord.SYS_FLAG_OFFSET);
        int bodyLength = buffer.getInt(offset + StoredRecord.bodyLengthOffset(sysFlag));
        int actual = crc.of(buffer, offset + StoredRecord.bodyOffset(sysFlag), bodyLength);
        return actual == buffer.getInt(offset + StoredRecord.BODY_CRC_OFFSET) ? RecordStatus.VALID : RecordStatus.BAD_BODY_CRC;
    }

    /** Checks the variable part of a record known to have {@code size} readable bytes. */
    private static RecordStatus checkLayout(ByteBuffer buffer, int offset, int size, int magic) {
        int sysFlag = buffer.getInt(offset + StoredRecord.SYS_FLAG_OFFSET);
        int fixed = StoredRecord.recordSize(magic, sysFlag, 0, 0, 0);
        if (size < fixed) {
            return RecordStatus.LENGTH_MISMATCH;
        }
        int bodyLength = buffer.getInt(offset + StoredRecord.bodyLengthOffset(sysFlag));
        if (bodyLength < 0) {
            return RecordStatus.NEGATIVE_LENGTH;
        }
        if (bodyLength > size - fixed) {
            return RecordStatus.LENGTH_MISMATCH;
        }
        int topicLengthAt = offset + StoredRecord.bodyOffset(sysFlag) + bodyLength;
        int topicLength = magic == StoredRecord.MAGIC_V2 ? buffer.getShort(topicLengthAt) : buffer.get(topicLengthAt);
        if (topicLength < 0) {
            return RecordStatus.NEGATIVE_LENGTH;
        }
        if (topicLength > size - fixed - bodyLength) {
            return RecordStatus.LENGTH_MISMATCH;
        }
        int propertiesLength = buffer.getShort(topicLengthAt + StoredRecord.topicLengthSize(magic) + topicLength);
        if (propertiesLength < 0) {
            return RecordStatus.NEGATIVE_LENGTH;
        }
        if (StoredRecord.recordSize(magic, sysFlag, bodyLength, topicLength, propertiesLength) != size) {
            return RecordStatus.LENGTH_MISMATCH;
        }
        return RecordStatus.VALID;
    }

    /** Drops the reference to the last buffer checked for a CRC (see {@link BodyCrc#release()}). */
    public void release() {
        crc.release();
    }
}
