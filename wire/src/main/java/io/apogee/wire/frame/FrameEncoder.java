package io.apogee.wire.frame;

import static io.apogee.wire.frame.FrameLayout.FRAME_LENGTH_OFFSET;
import static io.apogee.wire.frame.FrameLayout.FRAME_LENGTH_SIZE;
import static io.apogee.wire.frame.FrameLayout.HEADER_OFFSET;
import static io.apogee.wire.frame.FrameLayout.MAX_HEADER_LENGTH;
import static io.apogee.wire.frame.FrameLayout.PREFIX_SIZE;
import static io.apogee.wire.frame.FrameLayout.TYPE_AND_HEADER_LENGTH_OFFSET;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * Writes the front of a remoting frame ({@link FrameLayout}): the length prefix, the serialize-type and
 * header-length word, and the header in the serialization the header names ({@link RemotingHeader#serializeType()};
 * a response made with {@link RemotingHeader#asResponseTo} carries its request's). The body is the caller's: either
 * written right after the returned size, or sent as a separate slice, so a transport can gather
 * {@code [front][body]} without copying the body. The exact size is computed before anything is written.
 * Thread-safe: it holds only its immutable limit; encoding allocates nothing.
 *
 * <pre>
 *  int front = encoder.measure(header);                      // 8 + header length
 *  encoder.encode(header, bodyLength, buffer, index);        // writes those bytes at index
 *  // body bytes go to index + front (or follow as another buffer)
 * </pre>
 *
 * <p>Wrong use (a buffer that is too small, a frame over the limit, a header the binary layout cannot carry)
 * throws {@link IllegalArgumentException}.
 */
public final class FrameEncoder {
    private final int maxFrameSize;

    /** An encoder that refuses frames over RocketMQ's default of {@value FrameLayout#DEFAULT_MAX_FRAME_SIZE} bytes. */
    public FrameEncoder() {
        this(FrameLayout.DEFAULT_MAX_FRAME_SIZE);
    }

    /**
     * An encoder that refuses frames larger than {@code maxFrameSize} bytes, the 4 length bytes included: the peer
     * would close the connection on them, so the caller hears about it instead.
     */
    public FrameEncoder(int maxFrameSize) {
        if (maxFrameSize < PREFIX_SIZE) {
            throw new IllegalArgumentException("maxFrameSize must be at least " + PREFIX_SIZE + ": " + maxFrameSize);
        }
        this.maxFrameSize = maxFrameSize;
    }

    /**
     * The number of bytes {@link #encode} writes for {@code header}: the 8 prefix bytes plus the header.
     *
     * @throws IllegalArgumentException if the header cannot be encoded in its serialization (see
     *                                  {@link BinaryHeaderEncoder#canEncode}) or is longer than 24 bits can say
     */
    public int measure(RemotingHeader header) {
        return PREFIX_SIZE + headerLength(header);
    }

    /**
     * Writes the length prefix, the type word and the header of a frame whose body will be {@code bodyLength} bytes,
     * at absolute {@code index} of {@code buffer} (position and limit untouched).
     *
     * @return the bytes written, {@link #measure}; the body belongs right after them
     * @throws IllegalArgumentException if the header cannot be encoded, the frame would exceed the limit, or the
     *                                  buffer has no room between {@code index} and its limit
     */
    public int encode(RemotingHeader header, int bodyLength, ByteBuffer buffer, int index) {
        if (bodyLength < 0) {
            throw new IllegalArgumentException("negative body length " + bodyLength);
        }
        int headerLength = headerLength(header);
        long frameSize = (long) PREFIX_SIZE + headerLength + bodyLength;
        if (frameSize > maxFrameSize) {
            throw new IllegalArgumentException("a frame of " + frameSize + " bytes (header " + headerLength + ", body " + bodyLength
                + ") exceeds the limit of " + maxFrameSize + " bytes");
        }
        int front = PREFIX_SIZE + headerLength;
        Objects.checkFromIndexSize(index, 0, buffer.limit());
        if (buffer.limit() - index < front) {
            throw new IllegalArgumentException("the buffer has " + (buffer.limit() - index) + " bytes from index " + index
                + ", the frame's prefix and header need " + front);
        }
        if (buffer.order() != ByteOrder.BIG_ENDIAN) {
            throw new IllegalArgumentException("frames are big-endian; the buffer is " + buffer.order());
        }
        buffer.putInt(index + FRAME_LENGTH_OFFSET, (int) frameSize - FRAME_LENGTH_SIZE);
        buffer.putInt(index + TYPE_AND_HEADER_LENGTH_OFFSET, FrameLayout.typeAndHeaderLength(header.serializeType(), headerLength));
        if (header.serializeType() == SerializeType.ROCKETMQ) {
            BinaryHeaderEncoder.writeMeasured(header, headerLength, buffer, index + HEADER_OFFSET);
        } else {
            JsonHeaderEncoder.write(header, buffer, index + HEADER_OFFSET);
        }
        return front;
    }

    /**
     * Writes a whole frame: {@link #encode} followed by a copy of the {@code bodyLength} body bytes at absolute
     * {@code bodyOffset} of {@code body} (which may be null when {@code bodyLength} is 0).
     *
     * @return the frame's size in bytes
     */
    public int encode(RemotingHeader header, ByteBuffer body, int bodyOffset, int bodyLength, ByteBuffer buffer, int index) {
        int front = encode(header, bodyLength, buffer, index);
        if (bodyLength > 0) {
            if (buffer.limit() - index - front < bodyLength) {
                throw new IllegalArgumentException("the buffer has no room for the " + bodyLength + "-byte body");
            }
            buffer.put(index + front, body, bodyOffset, bodyLength);
        }
        return front + bodyLength;
    }

    private static int headerLength(RemotingHeader header) {
        int length = header.serializeType() == SerializeType.ROCKETMQ
            ? BinaryHeaderEncoder.measure(header)
            : JsonHeaderEncoder.measure(header);
        if (length > MAX_HEADER_LENGTH) {
            throw new IllegalArgumentException("a header of " + length + " bytes exceeds the " + MAX_HEADER_LENGTH
                + " bytes its 24-bit length can describe");
        }
        return length;
    }
}
