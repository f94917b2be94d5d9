package io.apogee.wire.message.compress;

import java.nio.ByteBuffer;

/**
 * xxHash32 (seed 0 unless given) over a buffer range, for the checksums of the LZ4 frame format: the header
 * checksum byte, and the optional block and content checksums. Written from the published xxHash specification.
 * Stateless and safe for any thread.
 */
final class XxHash32 {
    private static final int PRIME1 = 0x9E3779B1;
    private static final int PRIME2 = 0x85EBCA77;
    private static final int PRIME3 = 0xC2B2AE3D;
    private static final int PRIME4 = 0x27D4EB2F;
    private static final int PRIME5 = 0x165667B1;
    private static final int STRIPE = 16;
    private static final int LANE = 4;
    private static final int ROUND_ROTATION = 13;
    private static final int WORD_ROTATION = 17;
    private static final int BYTE_ROTATION = 11;
    private static final int[] MERGE_ROTATIONS = {1, 7, 12, 18};
    private static final int AVALANCHE_SHIFT_1 = 15;
    private static final int AVALANCHE_SHIFT_2 = 13;
    private static final int AVALANCHE_SHIFT_3 = 16;
    private static final int BYTE_MASK = 0xFF;

    private XxHash32() {
    }

    /** xxHash32 of {@code length} bytes at absolute {@code offset}. */
    static int hash(ByteBuffer buffer, int offset, int length, int seed) {
        int end = offset + length;
        int at = offset;
        int h;
        if (length >= STRIPE) {
            int v1 = seed + PRIME1 + PRIME2;
            int v2 = seed + PRIME2;
            int v3 = seed;
            int v4 = seed - PRIME1;
            int limit = end - STRIPE;
            while (at <= limit) {
                v1 = round(v1, lane(buffer, at));
                v2 = round(v2, lane(buffer, at + LANE));
                v3 = round(v3, lane(buffer, at + 2 * LANE));
                v4 = round(v4, lane(buffer, at + 3 * LANE));
                at += STRIPE;
            }
            h = Integer.rotateLeft(v1, MERGE_ROTATIONS[0]) + Integer.rotateLeft(v2, MERGE_ROTATIONS[1])
                + Integer.rotateLeft(v3, MERGE_ROTATIONS[2]) + Integer.rotateLeft(v4, MERGE_ROTATIONS[3]);
        } else {
            h = seed + PRIME5;
        }
        h += length;
        while (at + LANE <= end) {
            h = Integer.rotateLeft(h + lane(buffer, at) * PRIME3, WORD_ROTATION) * PRIME4;
            at += LANE;
        }
        while (at < end) {
            h = Integer.rotateLeft(h + (buffer.get(at) & BYTE_MASK) * PRIME5, BYTE_ROTATION) * PRIME1;
            at++;
        }
        h ^= h >>> AVALANCHE_SHIFT_1;
        h *= PRIME2;
        h ^= h >>> AVALANCHE_SHIFT_2;
        h *= PRIME3;
        h ^= h >>> AVALANCHE_SHIFT_3;
        return h;
    }

    private static int round(int accumulator, int lane) {
        return Integer.rotateLeft(accumulator + lane * PRIME2, ROUND_ROTATION) * PRIME1;
    }

    /** A little-endian int32 lane. */
    private static int lane(ByteBuffer buffer, int at) {
        return Integer.reverseBytes(buffer.getInt(at));
    }
}
