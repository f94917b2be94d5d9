package io.apogee.perf;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A set of non-negative ints written by one thread and read by others: chunks of 2^20 bits, each made on first use.
 * The owner sets bits with plain reads and opaque writes, so a consumer checking millions of deliveries a second
 * pays no atomic instruction and shares no cache line with another consumer; a reader sees every bit set before
 * the owner last synchronised with it, and may see later ones.
 */
final class ReceivedBits {
    private static final int CHUNK_BITS_LOG = 20;
    private static final int CHUNK_BITS = 1 << CHUNK_BITS_LOG;
    private static final int CHUNKS = (int) ((1L << Integer.SIZE - 1) / CHUNK_BITS);
    private static final int WORD_BITS_LOG = 6;
    private static final int CHUNK_WORDS = CHUNK_BITS >>> WORD_BITS_LOG;
    private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle CHUNK_REFS = MethodHandles.arrayElementVarHandle(long[][].class);

    private final long[][] chunks = new long[CHUNKS][];

    /** Adds {@code value}; true if it was not there before. Owner thread only. */
    boolean add(int value) {
        long[] chunk = chunks[value >>> CHUNK_BITS_LOG];
        if (chunk == null) {
            chunk = new long[CHUNK_WORDS];
            CHUNK_REFS.setRelease(chunks, value >>> CHUNK_BITS_LOG, chunk);
        }
        int word = (value & (CHUNK_BITS - 1)) >>> WORD_BITS_LOG;
        long mask = 1L << value;
        long bits = chunk[word];
        if ((bits & mask) != 0) {
            return false;
        }
        WORDS.setOpaque(chunk, word, bits | mask);
        return true;
    }

    /** The 64 values from {@code 64 * index} as the bits of a word. Any thread. */
    long word(int index) {
        long[] chunk = (long[]) CHUNK_REFS.getAcquire(chunks, index >>> CHUNK_BITS_LOG - WORD_BITS_LOG);
        return chunk == null ? 0 : (long) WORDS.getOpaque(chunk, index & CHUNK_WORDS - 1);
    }

    /** How many words from index 0 may hold a bit: the end of the last chunk made. Any thread. */
    int wordsInUse() {
        for (int c = CHUNKS - 1; c >= 0; c--) {
            if (CHUNK_REFS.getAcquire(chunks, c) != null) {
                return (c + 1) * CHUNK_WORDS;
            }
        }
        return 0;
    }
}
