package io.apogee.wire.message.batch;

import io.apogee.wire.message.PropertiesReader;
import java.nio.ByteBuffer;

/**
 * Flyweight over one entry of a SEND_BATCH_MESSAGE body (docs/protocol.md §4.3, RocketMQ's
 * {@code MessageDecoder.encodeMessage}). The broker turns each entry into one stored record, copying its body and
 * properties bytes unchanged. Not thread-safe: a flyweight owned by one thread.
 *
 * <pre>
 *   0          4          8          12         16         20               20+B       22+B
 *   +----------+----------+----------+----------+----------+----------------+----------+------------------+
 *   |totalSize | magic=0  | bodyCrc=0| flag     | bodyLen B| body (B bytes) | propLen P| properties (P)   |
 *   | int32    | int32    | int32    | int32    | int32    |                | int16    | §4.1, UTF-8      |
 *   +----------+----------+----------+----------+----------+----------------+----------+------------------+
 *   totalSize = 22 + B + P
 * </pre>
 *
 * <p>Not thread-safe: a flyweight owned by one thread and re-pointed with {@link #wrap}. It trusts the bytes:
 * {@link BatchBodyReader} checks an entry before handing it out.
 */
public final class BatchEntry {
    /** Offset of the entry's total size. */
    public static final int TOTAL_SIZE_OFFSET = 0;
    /** Offset of the magic code (0 from RocketMQ's client, ignored by the broker). */
    public static final int MAGIC_OFFSET = 4;
    /** Offset of the body CRC (0 from RocketMQ's client; the broker computes its own). */
    public static final int BODY_CRC_OFFSET = 8;
    /** Offset of the user flag. */
    public static final int FLAG_OFFSET = 12;
    /** Offset of the body length. */
    public static final int BODY_LENGTH_OFFSET = 16;
    /** Offset of the body. */
    public static final int BODY_OFFSET = 20;
    /** Bytes of the properties length field that follows the body. */
    public static final int PROPERTIES_LENGTH_SIZE = Short.BYTES;
    /** Bytes of an entry with an empty body and no properties. */
    public static final int MIN_LENGTH = BODY_OFFSET + PROPERTIES_LENGTH_SIZE;
    /** The largest properties string the int16 length can describe. */
    public static final int MAX_PROPERTIES_LENGTH = Short.MAX_VALUE;
    /** The magic code RocketMQ's client writes. */
    public static final int MAGIC = 0;

    private final PropertiesReader properties = new PropertiesReader();
    private ByteBuffer buffer;
    private int offset;

    /** Bytes an entry with the given body and properties lengths takes. */
    public static int entryLength(int bodyLength, int propertiesLength) {
        return MIN_LENGTH + bodyLength + propertiesLength;
    }

    /** Points this flyweight at the entry starting at absolute {@code offset}. */
    public BatchEntry wrap(ByteBuffer buffer, int offset) {
        this.buffer = buffer;
        this.offset = offset;
        return this;
    }

    /** The wrapped buffer. */
    public ByteBuffer buffer() {
        return buffer;
    }

    /** Absolute offset of the entry. */
    public int offset() {
        return offset;
    }

    /** The total size field. */
    public int totalSize() {
        return buffer.getInt(offset + TOTAL_SIZE_OFFSET);
    }

    /** The magic code field. */
    public int magic() {
        return buffer.getInt(offset + MAGIC_OFFSET);
    }

    /** The body CRC field as sent (RocketMQ's client sends 0). */
    public int bodyCrc() {
        return buffer.getInt(offset + BODY_CRC_OFFSET);
    }

    /** The user flag. */
    public int flag() {
        return buffer.getInt(offset + FLAG_OFFSET);
    }

    /** The body length. */
    public int bodyLength() {
        return buffer.getInt(offset + BODY_LENGTH_OFFSET);
    }

    /** Absolute offset of the body. */
    public int bodyOffset() {
        return offset + BODY_OFFSET;
    }

    /** The properties length. */
    public int propertiesLength() {
        return buffer.getShort(offset + BODY_OFFSET + bodyLength());
    }

    /** Absolute offset of the properties string. */
    public int propertiesOffset() {
        return offset + BODY_OFFSET + bodyLength() + PROPERTIES_LENGTH_SIZE;
    }

    /** The properties, read in place (the same reader every call, re-pointed at this entry). */
    public PropertiesReader properties() {
        return properties.wrap(buffer, propertiesOffset(), propertiesLength());
    }

    /** Writes the fixed header of an entry (total size, magic 0, CRC 0, flag, body length) at {@code offset}. */
    public static void writeHeader(ByteBuffer buffer, int offset, int totalSize, int flag, int bodyLength) {
        buffer.putInt(offset + TOTAL_SIZE_OFFSET, totalSize);
        buffer.putInt(offset + MAGIC_OFFSET, MAGIC);
        buffer.putInt(offset + BODY_CRC_OFFSET, 0);
        buffer.putInt(offset + FLAG_OFFSET, flag);
        buffer.putInt(offset + BODY_LENGTH_OFFSET, bodyLength);
    }

    /** Writes the properties length that follows a body of {@code bodyLength} bytes. */
    public static void writePropertiesLength(ByteBuffer buffer, int offset, int bodyLength, int propertiesLength) {
        buffer.putShort(offset + BODY_OFFSET + bodyLength, (short) propertiesLength);
    }
}
