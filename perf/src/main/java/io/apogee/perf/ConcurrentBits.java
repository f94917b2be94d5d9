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

    /** The 64 values from {@code 64 * index} as the bits of a word; concurrent adds may or may not be in it. */
    long word(int index) {
        long[] chunk = chunks.get(index >>> CHUNK_BITS_LOG - WORD_BITS_LOG);
        return chunk == null ? 0 : (long) WORDS.getVolatile(chunk, index & (CHUNK_BITS >>> WORD_BITS_LOG) - 1);
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
