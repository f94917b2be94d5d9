package io.apogee.wire.message;

import java.nio.ByteBuffer;

/**
 * The bounds check that every reader of a byte range makes before it touches the bytes. Stateless; safe for any
 * thread.
 */
public final class ByteRanges {
    private ByteRanges() {
    }

    /**
     * Checks that {@code [offset, offset + length)} lies within {@code buffer}'s limit; allocates only when it does
     * not.
     *
     * @param what names the range in the exception message, such as {@code "batch"} or {@code "properties"}
     * @throws IndexOutOfBoundsException when the range is negative or reaches past the limit
     */
    public static void checkWithinLimit(String what, ByteBuffer buffer, int offset, int length) {
        if (offset < 0 || length < 0 || offset > buffer.limit() - length) {
            throw new IndexOutOfBoundsException(what + " " + offset + "+" + length + " outside limit " + buffer.limit());
        }
    }
}
