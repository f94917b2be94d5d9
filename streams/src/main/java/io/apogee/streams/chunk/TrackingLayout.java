package io.apogee.streams.chunk;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Osiris's tracking entry: what a stream remembers for a client, keyed by its reference. A consumer's stored offset
 * is the body of a simple entry in a tracking-delta chunk; a publisher's last publishing id is in the trailer of the
 * user chunk that wrote it.
 *
 * <pre>
 *  +---------------+---------------+-------------------------------+
 *  | Tracking type | Id size       | Id (id size bytes, UTF-8)     :  0
 *  +---------------+---------------+-------------------------------+
 *  | Type 1 (offset): the offset (uint64)                          :
 *  | Type 0 (sequence): the chunk id, then the sequence (uint64 x2)|
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * <p>Stateless; safe for any thread.
 */
public final class TrackingLayout {
    /** A publisher's last publishing id. */
    public static final byte TYPE_SEQUENCE = 0;
    /** A consumer's stored offset. */
    public static final byte TYPE_OFFSET = 1;
    /** The longest id: its size is one byte. */
    public static final int MAX_ID_LENGTH = 255;
    private static final int ID_OFFSET = 2;
    private static final int UNSIGNED_BYTE = 0xFF;

    private TrackingLayout() {
    }

    /** Whether {@code id} (null for none) fits in an entry: at most {@link #MAX_ID_LENGTH} UTF-8 bytes. */
    public static boolean fits(String id) {
        return id == null || id.getBytes(StandardCharsets.UTF_8).length <= MAX_ID_LENGTH;
    }

    /** The bytes of an entry of {@code type} for {@code id}. */
    public static int length(byte type, byte[] id) {
        return ID_OFFSET + id.length + (type == TYPE_SEQUENCE ? 2 * Long.BYTES : Long.BYTES);
    }

    /** Writes an offset entry at {@code index}; returns its length. */
    public static int writeOffset(ByteBuffer buffer, int index, byte[] id, long offset) {
        writeId(buffer, index, TYPE_OFFSET, id);
        buffer.putLong(index + ID_OFFSET + id.length, offset);
        return length(TYPE_OFFSET, id);
    }

    /** Writes a sequence entry at {@code index}; returns its length. */
    public static int writeSequence(ByteBuffer buffer, int index, byte[] id, long chunkId, long sequence) {
        writeId(buffer, index, TYPE_SEQUENCE, id);
        buffer.putLong(index + ID_OFFSET + id.length, chunkId).putLong(index + ID_OFFSET + id.length + Long.BYTES, sequence);
        return length(TYPE_SEQUENCE, id);
    }

    private static void writeId(ByteBuffer buffer, int index, byte type, byte[] id) {
        buffer.put(index, type).put(index + 1, (byte) id.length).put(index + ID_OFFSET, id);
    }

    /** The type of the entry at {@code index}. */
    public static byte type(ByteBuffer buffer, int index) {
        return buffer.get(index);
    }

    /** The id of the entry at {@code index}. */
    public static String id(ByteBuffer buffer, int index) {
        byte[] id = new byte[buffer.get(index + 1) & UNSIGNED_BYTE];
        buffer.get(index + ID_OFFSET, id);
        return new String(id, StandardCharsets.UTF_8);
    }

    /** The value of the entry at {@code index}: the offset, or the sequence. */
    public static long value(ByteBuffer buffer, int index) {
        int at = index + ID_OFFSET + (buffer.get(index + 1) & UNSIGNED_BYTE);
        return buffer.getLong(type(buffer, index) == TYPE_SEQUENCE ? at + Long.BYTES : at);
    }

    /** The length of the entry at {@code index}, or -1 when fewer than {@code available} bytes hold it. */
    public static int entryLength(ByteBuffer buffer, int index, int available) {
        if (available < ID_OFFSET) {
            return -1;
        }
        byte type = type(buffer, index);
        int length = ID_OFFSET + (buffer.get(index + 1) & UNSIGNED_BYTE) + (type == TYPE_SEQUENCE ? 2 * Long.BYTES : Long.BYTES);
        return (type == TYPE_SEQUENCE || type == TYPE_OFFSET) && length <= available ? length : -1;
    }
}
