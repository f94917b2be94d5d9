package io.apogee.perf;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A set of non-negative ints that many threads add to without a lock: chunks of 2^20 bits, each made on first use,
 * set with one atomic OR, so that consumers checking millions of deliveries a second do not queue on a monitor.
 * Thread-safe.
 */
final class ConcurrentBits {
    private static final int CHUNK_BITS_LOG = 20;
    private static final int CHUNK_BITS = 1 << CHUNK_BITS_LOG;
    private static final int CHUNKS = (int) ((1L << Integer.SIZE - 1) / CHUNK_BITS);
    private static final int WORD_BITS_LOG = 6;
    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);

    private final AtomicReferenceArray<long[]> chunks = new AtomicReferenceArray<>(CHUNKS);

    /** Adds {@code value}; true if it was not there before. */
    boolean add(int value) {
        long[] chunk = chunk(value >>> CHUNK_BITS_LOG);
        int bit = value & (CHUNK_BITS - 1);
        long mask = 1L << bit;
        return ((long) WORDS.getAndBitwiseOr(chunk, bit >>> WORD_BITS_LOG, mask) & mask) == 0;
    }

    /** Whether {@code value} was added. */
    boolean contains(int value) {
        long[] chunk = chunks.get(value >>> CHUNK_BITS_LOG);
        int bit = value & (CHUNK_BITS - 1);
        return chunk != null && ((long) WORDS.getVolatile(chunk, bit >>> WORD_BITS_LOG) & 1L << bit) != 0;
    }

    /** How many values were added; concurrent adds may or may not be counted. */
    long cardinality() {
        long count = 0;
        for (int c = 0; c < CHUNKS; c++) {
            long[] chunk = chunks.get(c);
            for (int w = 0; chunk != null && w < chunk.length; w++) {
                count += Long.bitCount((long) WORDS.getVolatile(chunk, w));
            }
        }
        return count;
    }

    private long[] chunk(int index) {
        long[] chunk = chunks.get(index);
        if (chunk == null) {
            chunks.compareAndSet(index, null, new long[CHUNK_BITS >>> WORD_BITS_LOG]);
            chunk = chunks.get(index);
        }
        return chunk;
    }
}
