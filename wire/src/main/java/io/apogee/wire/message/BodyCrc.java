package io.apogee.wire.message;

import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * The body CRC of a stored record exactly as RocketMQ computes it ({@code UtilAll.crc32}): CRC-32 (ISO-HDLC, the
 * {@link CRC32} of the JDK) of the body bytes as stored, masked with {@code 0x7FFFFFFF}. Works on any range of a
 * heap or direct buffer without copying and without allocating per call. Not thread-safe: one per thread.
 *
 * <p>Not thread-safe: one per thread (it reuses a {@link CRC32} and a {@link ByteRangeView}).
 */
public final class BodyCrc {
    /** RocketMQ keeps the CRC positive. */
    public static final int MASK = 0x7FFFFFFF;

    private final CRC32 crc = new CRC32();
    private final ByteRangeView view = new ByteRangeView();

    /** The body CRC of {@code length} bytes at absolute {@code offset} of {@code buffer}. */
    public int of(ByteBuffer buffer, int offset, int length) {
        crc.reset();
        if (buffer.hasArray()) {
            if (offset < 0 || length < 0 || offset > buffer.limit() - length) {
                throw new IndexOutOfBoundsException("range " + offset + "+" + length + " outside limit " + buffer.limit());
            }
            crc.update(buffer.array(), buffer.arrayOffset() + offset, length);
        } else {
            crc.update(view.of(buffer, offset, length));
        }
        return (int) (crc.getValue() & MASK);
    }

    /** The body CRC of {@code length} bytes at {@code offset} of {@code bytes}. */
    public int of(byte[] bytes, int offset, int length) {
        crc.reset();
        crc.update(bytes, offset, length);
        return (int) (crc.getValue() & MASK);
    }

    /** Drops the reference to the last buffer seen (see {@link ByteRangeView#release()}). */
    public void release() {
        view.release();
    }
}
