package io.apogee.streams.chunk;

import java.nio.ByteBuffer;

/**
 * Erlang's {@code erlang:phash2/2} for the two terms osiris's bloom filter hashes: a binary, and a list holding one
 * binary. The values must equal the Erlang VM's bit for bit, or a chunk's filter written here would not match a reader
 * that computes it as RabbitMQ does. The VM hashes a binary with Bob Jenkins' lookup2 block hash seeded by a constant
 * for the binary type, then folds each enclosing list cell in with one more mix.
 *
 * <p>Not thread-safe: it keeps lookup2's three words in fields, so that hashing allocates nothing; one per thread.
 */
public final class Phash2 {
    /** The golden ratio, lookup2's start value for two of its three words. */
    private static final int GOLDEN = 0x9e3779b9;
    /** The VM's seed for a binary: the golden ratio times 13. */
    private static final int BINARY_SEED = 0x08d12e65;
    /** The VM's constant for the empty list that ends a list: the golden ratio times 2. */
    private static final int NIL_SEED = 0x3c6ef372;
    /** The VM's type code of the empty list, mixed in with {@link #NIL_SEED}. */
    private static final int NIL_TYPE = 2;
    private static final int BLOCK = 12;
    private static final int WORD = 4;
    private static final int BYTE_MASK = 0xFF;

    private int a;
    private int b;
    private int c;

    /** {@code erlang:phash2(Binary, Range)} of the {@code length} bytes of {@code value} from {@code from}. */
    public int ofBinary(ByteBuffer value, int from, int length, int range) {
        return Integer.remainderUnsigned(binaryHash(value, from, length), range);
    }

    /** {@code erlang:phash2([Binary], Range)}: the same bytes in a list of one element. */
    public int ofListOfBinary(ByteBuffer value, int from, int length, int range) {
        int hash = binaryHash(value, from, length);
        a = NIL_SEED + NIL_TYPE;
        b = NIL_SEED;
        c = hash;
        mix();
        return Integer.remainderUnsigned(c, range);
    }

    /** The VM's 32-bit hash of a binary at the top of a term (no enclosing term hashed before it). */
    int binaryHash(ByteBuffer value, int from, int length) {
        if (length == 0) {
            return BINARY_SEED;
        }
        a = GOLDEN;
        b = GOLDEN;
        c = BINARY_SEED;
        int at = from;
        int end = from + length;
        while (end - at >= BLOCK) {
            a += littleEndian(value, at, WORD);
            b += littleEndian(value, at + WORD, WORD);
            c += littleEndian(value, at + 2 * WORD, WORD);
            mix();
            at += BLOCK;
        }
        // the tail: its first four bytes go to a, the next four to b, the rest to c above its low byte, which is the length
        int left = end - at;
        c += length;
        a += littleEndian(value, at, Math.min(left, WORD));
        if (left > WORD) {
            b += littleEndian(value, at + WORD, Math.min(left - WORD, WORD));
        }
        if (left > 2 * WORD) {
            c += littleEndian(value, at + 2 * WORD, left - 2 * WORD) << Byte.SIZE;
        }
        mix();
        return c;
    }

    /** Up to four bytes from {@code at} as a little-endian number. */
    private static int littleEndian(ByteBuffer value, int at, int count) {
        int word = 0;
        for (int i = 0; i < count; i++) {
            word |= (value.get(at + i) & BYTE_MASK) << (Byte.SIZE * i);
        }
        return word;
    }

    /** lookup2's mix of its three words a, b and c. */
    private void mix() {
        a -= b + c;
        a ^= c >>> 13;
        b -= c + a;
        b ^= a << 8;
        c -= a + b;
        c ^= b >>> 13;
        a -= b + c;
        a ^= c >>> 12;
        b -= c + a;
        b ^= a << 16;
        c -= a + b;
        c ^= b >>> 5;
        a -= b + c;
        a ^= c >>> 3;
        b -= c + a;
        b ^= a << 10;
        c -= a + b;
        c ^= b >>> 15;
    }
}
