package io.apogee.wire.frame;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Skips runs of plain JSON string bytes eight at a time: the bulk of every header is such runs, and testing a word
 * at once is several times faster than a byte loop. Reading, a plain byte is ASCII other than quote and backslash;
 * writing, it is any byte that needs no escape (not a quote, a backslash or an ASCII control). Stateless.
 *
 * <p>The word is read little-endian so that the first byte in memory is the lowest; the byte tests below can flag
 * bytes <em>above</em> a real match falsely (a borrow carries upwards), never below it, so the lowest flag is
 * always exact.
 */
final class PlainRuns {
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final long QUOTES = ONES * '"';
    private static final long BACKSLASHES = ONES * '\\';
    /** Bytes below this (the ASCII controls) need an escape when written. */
    private static final long FIRST_PLAIN = ONES * 0x20;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private PlainRuns() {
    }

    /**
     * The index of the first byte from {@code at} that is a quote, a backslash or not ASCII, or the index where
     * fewer than eight bytes remain before {@code end} (the caller's byte loop finishes from there).
     */
    static int skip(byte[] array, int at, int end) {
        int i = at;
        while (i + Long.BYTES <= end) {
            long word = (long) LONGS.get(array, i);
            long flags = (word & HIGH_BITS) | zeroBytes(word ^ QUOTES) | zeroBytes(word ^ BACKSLASHES);
            if (flags != 0) {
                return i + (Long.numberOfTrailingZeros(flags) >>> 3);
            }
            i += Long.BYTES;
        }
        return i;
    }

    /**
     * The index of the first byte from {@code at} that needs a JSON escape (a quote, a backslash or a byte below
     * 0x20; non-ASCII bytes are written as they are), or the index where fewer than eight bytes remain before
     * {@code end}.
     */
    static int skipUnescaped(byte[] array, int at, int end) {
        int i = at;
        while (i + Long.BYTES <= end) {
            long word = (long) LONGS.get(array, i);
            long flags = lessThan(word, FIRST_PLAIN) | zeroBytes(word ^ QUOTES) | zeroBytes(word ^ BACKSLASHES);
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

    /** Flags the bytes of {@code x} below the byte repeated in {@code limits} (at most 0x80); never bytes of 0x80 up. */
    private static long lessThan(long x, long limits) {
        return (x - limits) & ~x & HIGH_BITS;
    }
}
