package io.apogee.wire.frame;

import static io.apogee.wire.frame.FrameLayout.FRAME_LENGTH_OFFSET;
import static io.apogee.wire.frame.FrameLayout.FRAME_LENGTH_SIZE;
import static io.apogee.wire.frame.FrameLayout.HEADER_OFFSET;
import static io.apogee.wire.frame.FrameLayout.MIN_FRAME_LENGTH;
import static io.apogee.wire.frame.FrameLayout.PREFIX_SIZE;
import static io.apogee.wire.frame.FrameLayout.TYPE_AND_HEADER_LENGTH_OFFSET;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * Cuts remoting frames ({@link FrameLayout}) out of a byte region and decodes their headers, bounded and without
 * copying: given the bytes received so far it answers {@link #NEED_MORE_BYTES}, or a whole frame in a
 * {@link DecodedFrame}, or throws {@link CorruptFrameException}. Not thread-safe: one decoder per connection or per
 * event-loop thread, as it owns the JSON decoder's scratch space. Decoding a frame allocates nothing (a header with
 * a remark allocates the remark string).
 *
 * <p>Checks come as early as the bytes allow and before anything is allocated: the frame length as soon as its 4
 * bytes are there (negative, below 4, or a frame larger than the configured maximum), the serialize type and
 * header length once 8 bytes are there, the header itself only once the whole frame is there. So a prefix of a
 * valid frame always answers {@link #NEED_MORE_BYTES}, and {@link #frameSize} tells a transport how big the frame
 * will be as soon as 4 bytes have arrived. The buffer is read with absolute indexes only: its position, limit and
 * mark are never changed. It must be big-endian, the network byte order and the default of every ByteBuffer.
 *
 * <p>A header over the configured header size or ext-field count is not corrupt: it is decoded in part, its code,
 * flag and opaque kept and its ext fields past the limit skipped, and {@link DecodedFrame#refusal()} says why, so the
 * request can be answered with an error. {@link #trim()} gives back what one large header made the decoder keep.
 */
public final class FrameDecoder {
    /** What {@link #decode} and {@link #frameSize} return when the region does not yet hold what they need. */
    public static final int NEED_MORE_BYTES = 0;

    private final int maxFrameSize;
    private final int maxHeaderSize;
    private final int maxExtFields;
    private final JsonHeaderDecoder jsonDecoder = new JsonHeaderDecoder();
    private final BinaryHeaderDecoder binaryDecoder = new BinaryHeaderDecoder();

    /** A decoder with RocketMQ's default limit of {@value FrameLayout#DEFAULT_MAX_FRAME_SIZE} bytes per frame. */
    public FrameDecoder() {
        this(FrameLayout.DEFAULT_MAX_FRAME_SIZE);
    }

    /**
     * A decoder that refuses frames larger than {@code maxFrameSize} bytes, the 4 length bytes included (RocketMQ's
     * {@code com.rocketmq.remoting.frameMaxLength} counts the same way).
     */
    public FrameDecoder(int maxFrameSize) {
        this(maxFrameSize, FrameLayout.MAX_HEADER_LENGTH, Integer.MAX_VALUE);
    }

    /**
     * A decoder that refuses frames larger than {@code maxFrameSize} bytes, and decodes only in part (see
     * {@link HeaderRefusal}) a header longer than {@code maxHeaderSize} bytes or with more than {@code maxExtFields}
     * ext fields, so that no header makes the decode state grow past these limits.
     */
    public FrameDecoder(int maxFrameSize, int maxHeaderSize, int maxExtFields) {
        if (maxFrameSize < PREFIX_SIZE) {
            throw new IllegalArgumentException("maxFrameSize must be at least " + PREFIX_SIZE + ": " + maxFrameSize);
        }
        if (maxHeaderSize < 1 || maxExtFields < 0) {
            throw new IllegalArgumentException("header limits must be positive: " + maxHeaderSize + ", " + maxExtFields);
        }
        this.maxFrameSize = maxFrameSize;
        this.maxHeaderSize = maxHeaderSize;
        this.maxExtFields = maxExtFields;
    }

    /** The largest frame accepted, the 4 length bytes included. */
    public int maxFrameSize() {
        return maxFrameSize;
    }

    /**
     * Gives back the scratch space a large header made grow and forgets the last frame's bytes; call it once the
     * decoded frames have been handled, so an idle connection keeps only a small decoder.
     */
    public void trim() {
        jsonDecoder.trim();
    }

    /** The heap bytes this decoder keeps between frames (its scratch space), for checks of retained memory. */
    public int retainedBytes() {
        return jsonDecoder.retainedBytes();
    }

    /**
     * The size of the frame starting at {@code offset} (its 4 length bytes included), checked against the limit,
     * or {@link #NEED_MORE_BYTES} while fewer than 4 bytes are available.
     *
     * @throws CorruptFrameException if the frame length is negative, below 4, or over the limit
     */
    public int frameSize(ByteBuffer buffer, int offset, int length) {
        checkRegion(buffer, offset, length);
        if (length < FRAME_LENGTH_SIZE) {
            return NEED_MORE_BYTES;
        }
        int frameLength = buffer.getInt(offset + FRAME_LENGTH_OFFSET);
        if (frameLength < 0) {
            throw new CorruptFrameException(FrameError.NEGATIVE_FRAME_LENGTH, "frame length " + frameLength + " is negative");
        }
        if (frameLength < MIN_FRAME_LENGTH) {
            throw new CorruptFrameException(FrameError.FRAME_TOO_SHORT, "frame length " + frameLength
                + " leaves no room for the " + MIN_FRAME_LENGTH + "-byte serialize type and header length");
        }
        if (frameLength > maxFrameSize - FRAME_LENGTH_SIZE) {
            throw new CorruptFrameException(FrameError.FRAME_TOO_LONG, "frame length " + frameLength + " exceeds the limit of "
                + (maxFrameSize - FRAME_LENGTH_SIZE) + " (frames of at most " + maxFrameSize + " bytes)");
        }
        return frameLength + FRAME_LENGTH_SIZE;
    }

    /**
     * Decodes the frame at absolute {@code offset} of {@code buffer} if the {@code length} bytes from there hold
     * all of it, filling {@code frame}; a region may hold more than one frame, and only the first is decoded.
     *
     * @return the frame's size in bytes (advance by this much to reach the next frame), or {@link #NEED_MORE_BYTES}
     * @throws CorruptFrameException if the bytes cannot be a frame; the connection should then be closed
     */
    public int decode(ByteBuffer buffer, int offset, int length, DecodedFrame frame) {
        int frameSize = frameSize(buffer, offset, length);
        if (frameSize == NEED_MORE_BYTES || length < PREFIX_SIZE) {
            return NEED_MORE_BYTES;
        }
        int typeAndHeaderLength = buffer.getInt(offset + TYPE_AND_HEADER_LENGTH_OFFSET);
        int typeCode = FrameLayout.serializeTypeCode(typeAndHeaderLength);
        SerializeType type = SerializeType.fromCode(typeCode);
        if (type == null) {
            throw new CorruptFrameException(FrameError.UNKNOWN_SERIALIZE_TYPE, "serialize type " + typeCode
                + " is neither JSON (0) nor ROCKETMQ (1)");
        }
        int headerLength = FrameLayout.headerLength(typeAndHeaderLength);
        if (headerLength > frameSize - PREFIX_SIZE) {
            throw new CorruptFrameException(FrameError.HEADER_LENGTH_BEYOND_FRAME, "header length " + headerLength
                + " exceeds the " + (frameSize - PREFIX_SIZE) + " bytes the frame length leaves after the type word");
        }
        if (length < frameSize) {
            return NEED_MORE_BYTES;
        }
        int headerStart = offset + HEADER_OFFSET;
        boolean tooLarge = headerLength > maxHeaderSize;
        int keptFields = tooLarge ? 0 : maxExtFields;
        boolean whole;
        if (type == SerializeType.JSON) {
            whole = jsonDecoder.decode(buffer, headerStart, headerLength, frame.header(), keptFields, !tooLarge);
        } else {
            whole = binaryDecoder.decode(buffer, headerStart, headerLength, frame.header(), keptFields, !tooLarge);
        }
        frame.refusal(tooLarge ? HeaderRefusal.HEADER_TOO_LARGE : whole ? HeaderRefusal.NONE : HeaderRefusal.TOO_MANY_EXT_FIELDS);
        int bodyStart = headerStart + headerLength;
        frame.set(buffer, offset, frameSize, bodyStart, offset + frameSize - bodyStart);
        return frameSize;
    }

    private static void checkRegion(ByteBuffer buffer, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, buffer.limit());
        if (buffer.order() != ByteOrder.BIG_ENDIAN) {
            throw new IllegalArgumentException("frames are big-endian; the buffer is " + buffer.order());
        }
    }
}
