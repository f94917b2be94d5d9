package io.apogee.wire.message;

import java.nio.ByteBuffer;

/**
 * A reusable {@link ByteBuffer} whose position and limit frame a byte range of another buffer, for the JDK APIs
 * that only take a buffer's remaining bytes ({@code CRC32.update}, {@code Inflater.setInput}, ...). The view is
 * a duplicate made once per source buffer and re-pointed for every range, so a thread that keeps working on
 * the same buffer (a mapped segment, a received body) allocates nothing per call. Never touches the source's
 * own position or limit. Not thread-safe: one per thread.
 *
 * <p>Not thread-safe: one per thread. Holds a reference to the last source buffer until {@link #release()}.
 */
public final class ByteRangeView {
    private ByteBuffer source;
    private ByteBuffer view;

    /**
     * The bytes {@code [offset, offset + length)} of {@code source} as the remaining bytes of a view; valid until
     * the next call.
     *
     * @throws IndexOutOfBoundsException when the range is not within {@code source}'s limit
     */
    public ByteBuffer of(ByteBuffer source, int offset, int length) {
        if (offset < 0 || length < 0 || offset > source.limit() - length) {
            throw new IndexOutOfBoundsException("range " + offset + "+" + length + " outside limit " + source.limit());
        }
        if (source != this.source) {
            this.source = source;
            this.view = source.duplicate();
        }
        view.limit(offset + length);
        view.position(offset);
        return view;
    }

    /** Drops the reference to the last source buffer (for example before a mapped segment is unmapped). */
    public void release() {
        source = null;
        view = null;
    }
}
