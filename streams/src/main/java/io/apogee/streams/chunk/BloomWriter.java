package io.apogee.streams.chunk;

import java.nio.ByteBuffer;

/**
 * Builds the bloom filter of one chunk from the filter values of its entries, as osiris's {@code osiris_bloom} does:
 * each value sets its two bits, and an entry without a value sets the unfiltered bit, but only when some entry of the
 * chunk has a value. A chunk without any value gets no filter ({@link #length()} 0).
 *
 * <p>Not thread-safe: one per publishing connection, {@link #reset} before each chunk.
 */
public final class BloomWriter {
    private final ByteBuffer bits = ByteBuffer.allocate(ChunkBloom.MAX_SIZE);
    private final Phash2 hash = new Phash2();
    private int size = ChunkBloom.DEFAULT_SIZE;
    private boolean filtered;
    private boolean unfiltered;

    /** Starts a new chunk whose filter, if it gets one, is {@code sizeBytes} long (16 to 255). */
    public BloomWriter reset(int sizeBytes) {
        if (sizeBytes < ChunkBloom.MIN_SIZE || sizeBytes > ChunkBloom.MAX_SIZE) {
            throw new IllegalArgumentException("bloom filter size " + sizeBytes + ", not 16 to 255");
        }
        size = sizeBytes;
        filtered = false;
        unfiltered = false;
        bits.clear();
        for (int i = 0; i < size; i++) {
            bits.put(i, (byte) 0);
        }
        return this;
    }

    /** Adds the filter value in the {@code length} bytes of {@code value} from {@code from}; an empty one is none. */
    public void add(ByteBuffer value, int from, int length) {
        if (length == 0) {
            unfiltered = true;
            return;
        }
        int bitCount = size * Byte.SIZE;
        ChunkBloom.set(bits, 0, ChunkBloom.firstBit(hash, value, from, length, bitCount));
        ChunkBloom.set(bits, 0, ChunkBloom.secondBit(hash, value, from, length, bitCount));
        filtered = true;
    }

    /** Adds an entry published without a filter value. */
    public void addUnfiltered() {
        unfiltered = true;
    }

    /** The bytes of the filter: 0 when no entry had a filter value, else the size given to {@link #reset}. */
    public int length() {
        return filtered ? size : 0;
    }

    /** Writes the {@link #length()} bytes of the filter at {@code at} of {@code target}. */
    public void writeTo(ByteBuffer target, int at) {
        if (!filtered) {
            return;
        }
        if (unfiltered) {
            ChunkBloom.set(bits, 0, ChunkBloom.UNFILTERED_BIT);
        }
        target.put(at, bits, 0, size);
    }
}
