package io.apogee.streams.chunk;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Tells whether a chunk may hold a message a filtering reader asked for, from the chunk's bloom filter, as osiris's
 * reader does: the chunk matches when both bits of one of the wanted values are set. With {@code match-unfiltered}, a
 * chunk without a filter matches, and so does one whose unfiltered bit is set. A bloom filter has false positives,
 * never false negatives: the client still drops the messages it did not ask for.
 *
 * <p>An empty wanted value stands for "no value", as osiris hashes an empty binary to the unfiltered bit.
 *
 * <p>Not thread-safe: one per subscription, used on its connection's event loop. The bit positions depend on the
 * filter's size; they are worked out again when a chunk's filter has another size than the last one's.
 */
public final class BloomMatcher {
    private final ByteBuffer[] values;
    private final boolean matchUnfiltered;
    private final int[] firstBits;
    private final int[] secondBits;
    private final Phash2 hash = new Phash2();
    private int bitCount;

    /** A matcher for {@code values} (at least one), with or without {@code match-unfiltered}. */
    public BloomMatcher(List<String> values, boolean matchUnfiltered) {
        this.values = new ByteBuffer[values.size()];
        boolean unfiltered = matchUnfiltered;
        for (int i = 0; i < this.values.length; i++) {
            byte[] bytes = values.get(i).getBytes(StandardCharsets.UTF_8);
            this.values[i] = ByteBuffer.wrap(bytes);
            unfiltered |= bytes.length == 0;
        }
        this.matchUnfiltered = unfiltered;
        this.firstBits = new int[this.values.length];
        this.secondBits = new int[this.values.length];
    }

    /** Whether the chunk whose filter is the {@code size} bytes at {@code at} of {@code chunk} may hold a wanted value. */
    public boolean matches(ByteBuffer chunk, int at, int size) {
        if (size == 0) {
            return matchUnfiltered;
        }
        if (matchUnfiltered && ChunkBloom.isSet(chunk, at, ChunkBloom.UNFILTERED_BIT)) {
            return true;
        }
        if (size * Byte.SIZE != bitCount) {
            hashFor(size * Byte.SIZE);
        }
        for (int i = 0; i < values.length; i++) {
            if (values[i].capacity() > 0 && ChunkBloom.isSet(chunk, at, firstBits[i])
                && ChunkBloom.isSet(chunk, at, secondBits[i])) {
                return true;
            }
        }
        return false;
    }

    private void hashFor(int bits) {
        bitCount = bits;
        for (int i = 0; i < values.length; i++) {
            ByteBuffer value = values[i];
            if (value.capacity() > 0) {
                firstBits[i] = ChunkBloom.firstBit(hash, value, 0, value.capacity(), bits);
                secondBits[i] = ChunkBloom.secondBit(hash, value, 0, value.capacity(), bits);
            }
        }
    }
}
