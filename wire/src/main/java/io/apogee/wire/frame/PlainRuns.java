package io.apogee.wire.frame;

import java.nio.ByteBuffer;

/**
 * Skips runs of plain JSON string bytes (ASCII other than quote and backslash) eight at a time: the bulk of
 * every header is such runs, and testing a word at once is several times faster than a byte loop. Stateless.
 *
 * <p>The word is read little-endian so that the first byte in memory is the lowest; the zero-byte test below
 * can flag bytes <em>above</em> a real match falsely, never below it, so the lowest flag is always exact.
 */
final class PlainRuns {
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final long QUOTES = ONES * '"';
    private static final long BACKSLASHES = ONES * '\\';

    private PlainRuns() {
    }

    /**
     * The index of the first byte from {@code at} that is a quote, a backslash or not ASCII, or the index where
     * fewer than eight bytes remain before {@code end} (the caller's byte loop finishes from there).
     */
    static int skip(ByteBuffer buffer, int at, int end) {
        int i = at;
        while (i + Long.BYTES <= end) {
            long word = Long.reverseBytes(buffer.getLong(i));
            long flags = (word & HIGH_BITS) | zeroBytes(word ^ QUOTES) | zeroBytes(word ^ BACKSLASHES);
            if (flags != 0) {
                return i + (Long.numberOfTrailingZeros(flags) >>> 3);
            }
            i += Long.BYTES;
        }
        return i;
    }

    private static long zeroBytes(long x) {
        return (x - ONES) & ~x & HIGH_BITS;
    }
}
