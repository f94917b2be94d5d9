package io.apogee.streams.chunk;

import java.nio.ByteBuffer;

/**
 * The bloom filter of a chunk, as osiris writes it between the chunk header and the data entries: a bit string of
 * {@link ChunkLayout#bloomSize()} bytes, bit 0 being the high bit of the first byte. Each filter value sets two bits,
 * {@code phash2(Value, Bits - 1) + 1} and {@code phash2([Value], Bits - 1) + 1} (see {@link Phash2}), so a value never
 * sets bit 0. Bit 0 marks a chunk that also holds messages published without a filter value.
 *
 * <pre>
 *   byte 0          byte 1                          byte size-1
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-      -+-+-+-+-+-+-+-+-+
 *  |U|1|2|3|4|5|6|7|8|9|...              ...|   bits - 1    |
 *  +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-      -+-+-+-+-+-+-+-+-+
 *   U: an entry without a filter value is in the chunk
 * </pre>
 *
 * <p>A chunk none of whose entries has a filter value has no filter at all (bloom size 0), as in osiris.
 *
 * <p>Stateless; safe for any thread.
 */
public final class ChunkBloom {
    /** The filter size osiris uses unless a stream sets another: 16 bytes, 128 bits. */
    public static final int DEFAULT_SIZE = 16;
    /** The smallest filter size osiris takes. */
    public static final int MIN_SIZE = 16;
    /** The largest filter size: the header's bloom size field is one byte. */
    public static final int MAX_SIZE = 255;
    /** The bit that says the chunk holds entries without a filter value. */
    public static final int UNFILTERED_BIT = 0;
    private static final int TOP_BIT = 0x80;

    private ChunkBloom() {
    }

    /** The first bit a filter value sets in a filter of {@code bits} bits, 1 to {@code bits - 1}. */
    public static int firstBit(Phash2 hash, ByteBuffer value, int from, int length, int bits) {
        return hash.ofBinary(value, from, length, bits - 1) + 1;
    }

    /** The second bit a filter value sets in a filter of {@code bits} bits, 1 to {@code bits - 1}. */
    public static int secondBit(Phash2 hash, ByteBuffer value, int from, int length, int bits) {
        return hash.ofListOfBinary(value, from, length, bits - 1) + 1;
    }

    /** Sets bit {@code bit} of the filter starting at {@code at} of {@code filter}. */
    public static void set(ByteBuffer filter, int at, int bit) {
        int index = at + bit / Byte.SIZE;
        filter.put(index, (byte) (filter.get(index) | TOP_BIT >>> (bit % Byte.SIZE)));
    }

    /** Whether bit {@code bit} of the filter starting at {@code at} of {@code filter} is set. */
    public static boolean isSet(ByteBuffer filter, int at, int bit) {
        return (filter.get(at + bit / Byte.SIZE) & TOP_BIT >>> (bit % Byte.SIZE)) != 0;
    }
}
