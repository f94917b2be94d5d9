package io.apogee.streams.protocol;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/**
 * Reads the protocol's types from one frame's content, checking every length against what is left before reading, so
 * that no field can reach past the frame. Each failure is a {@link MalformedFrameException} naming the field.
 *
 * <p>Not thread-safe: one reader per connection, pointed at each frame in turn with {@link #wrap}.
 */
public final class FrameReader {
    private static final int UNSIGNED_BYTE = 0xFF;
    private static final int UNSIGNED_SHORT = 0xFFFF;
    private static final long UNSIGNED_INT = 0xFFFF_FFFFL;

    private ByteBuf frame;

    /** Reads {@code frame} from its reader index on; the reader index moves as fields are read. */
    public FrameReader wrap(ByteBuf frame) {
        this.frame = frame;
        return this;
    }

    /** The frame being read. */
    public ByteBuf frame() {
        return frame;
    }

    private void need(int bytes, String field) {
        if (frame.readableBytes() < bytes) {
            throw new MalformedFrameException(field + ": " + bytes + " bytes needed, " + frame.readableBytes() + " left");
        }
    }

    /** An uint8. */
    public int uint8(String field) {
        need(Byte.BYTES, field);
        return frame.readByte() & UNSIGNED_BYTE;
    }

    /** An uint16. */
    public int uint16(String field) {
        need(Short.BYTES, field);
        return frame.readShort() & UNSIGNED_SHORT;
    }

    /** An int32. */
    public int int32(String field) {
        need(Integer.BYTES, field);
        return frame.readInt();
    }

    /** An uint32. */
    public long uint32(String field) {
        need(Integer.BYTES, field);
        return frame.readInt() & UNSIGNED_INT;
    }

    /** An int64 (or an uint64, kept in a long's bits). */
    public long int64(String field) {
        need(Long.BYTES, field);
        return frame.readLong();
    }

    /** A string of at most {@code maxLength} UTF-8 bytes; null for the null string (length -1). */
    public String string(String field, int maxLength) {
        need(Short.BYTES, field);
        int length = frame.readShort();
        if (length == -1) {
            return null;
        }
        if (length < 0 || length > maxLength) {
            throw new MalformedFrameException(field + ": string of " + length + " bytes, at most " + maxLength);
        }
        need(length, field);
        String value = frame.toString(frame.readerIndex(), length, StandardCharsets.UTF_8);
        frame.skipBytes(length);
        return value;
    }

    /**
     * The length of a string of at most {@code maxLength} bytes, whose bytes follow and are left to the caller to read or
     * skip; -1 for the null string.
     */
    public int stringLength(String field, int maxLength) {
        need(Short.BYTES, field);
        int length = frame.readShort();
        if (length == -1) {
            return -1;
        }
        if (length < 0 || length > maxLength) {
            throw new MalformedFrameException(field + ": string of " + length + " bytes, at most " + maxLength);
        }
        need(length, field);
        return length;
    }

    /** A string that may not be null. */
    public String requiredString(String field, int maxLength) {
        String value = string(field, maxLength);
        if (value == null) {
            throw new MalformedFrameException(field + ": null");
        }
        return value;
    }

    /** The length of a {@code bytes} field, whose bytes follow; -1 for null. */
    public int bytesLength(String field) {
        int length = int32(field);
        if (length < -1) {
            throw new MalformedFrameException(field + ": negative length " + length);
        }
        if (length > 0) {
            need(length, field);
        }
        return length;
    }

    /** The element count of an array, at most {@code maxCount} and at least one byte left per element. */
    public int arrayLength(String field, int maxCount) {
        int count = int32(field);
        if (count < 0 || count > maxCount || count > frame.readableBytes()) {
            throw new MalformedFrameException(field + ": array of " + count + " elements");
        }
        return count;
    }

    /** Checks that the whole frame was read. */
    public void end(String command) {
        if (frame.isReadable()) {
            throw new MalformedFrameException(command + ": " + frame.readableBytes() + " bytes after the last field");
        }
    }
}
