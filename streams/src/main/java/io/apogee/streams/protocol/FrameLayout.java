package io.apogee.streams.protocol;

import io.netty.buffer.ByteBuf;

/**
 * The frame of RabbitMQ's stream protocol: a size, then a key and a version, then (for requests and responses) a
 * correlation id, then the command's content. All integers are big-endian.
 *
 * <pre>
 *   0               1               2               3
 *  +---------------------------------------------------------------+
 *  | Size: the bytes after this field (uint32)                     |  0
 *  +-------------------------------+-------------------------------+
 *  | Key (uint16, top bit: reply)  | Version (uint16)              |  4
 *  +-------------------------------+-------------------------------+
 *  | Correlation id (uint32), requests and responses only          |  8
 *  +-------------------------------+-------------------------------+
 *  | Response code (uint16), responses only; else the content      : 12
 *  +-------------------------------+-------------------------------+
 * </pre>
 *
 * <p>The decoder hands on frames without their size field, so {@link #KEY_OFFSET} and the rest are relative to the
 * key. Stateless; safe for any thread.
 */
public final class FrameLayout {
    /** The bytes of the size field. */
    public static final int SIZE_LENGTH = 4;
    /** Where the key starts in a frame handed on by the decoder. */
    public static final int KEY_OFFSET = 0;
    /** Where the version starts in a frame handed on by the decoder. */
    public static final int VERSION_OFFSET = 2;
    /** Where the correlation id starts in a frame handed on by the decoder. */
    public static final int CORRELATION_ID_OFFSET = 4;
    /** The bytes of key and version: the smallest frame. */
    public static final int COMMAND_HEADER_LENGTH = 4;
    private static final int UNSIGNED_SHORT = 0xFFFF;

    private FrameLayout() {
    }

    /** The key of {@code frame} (a frame without its size), response flag included. */
    public static int key(ByteBuf frame) {
        return frame.getShort(frame.readerIndex() + KEY_OFFSET) & UNSIGNED_SHORT;
    }

    /** The version of {@code frame}. */
    public static int version(ByteBuf frame) {
        return frame.getShort(frame.readerIndex() + VERSION_OFFSET) & UNSIGNED_SHORT;
    }

    /**
     * Starts an outgoing frame of {@code key} and {@code version} in {@code out}, its size left for
     * {@link #finish(ByteBuf, int)}.
     *
     * @return where the frame starts in {@code out}
     */
    public static int begin(ByteBuf out, int key, int version) {
        int start = out.writerIndex();
        out.writeInt(0).writeShort(key).writeShort(version);
        return start;
    }

    /** Sets the size of the frame started at {@code start} from what was written after it. */
    public static ByteBuf finish(ByteBuf out, int start) {
        out.setInt(start, out.writerIndex() - start - SIZE_LENGTH);
        return out;
    }
}
