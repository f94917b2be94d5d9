package io.apogee.wire.frame;

import java.nio.ByteBuffer;

/**
 * Well-formed UTF-8 (RFC 3629) one sequence at a time, read from and written to buffers in place: the checks
 * behind the JSON decoder's {@link FrameError#INVALID_UTF8}, the code point writer behind its {@code \}{@code u}
 * escapes, and the code point reader behind {@link HashMapOrder}'s {@code String.hashCode}.
 *
 * <pre>
 *  code points        byte 1    byte 2    byte 3    byte 4
 *  U+0000..U+007F     0xxxxxxx
 *  U+0080..U+07FF     110xxxxx  10xxxxxx
 *  U+0800..U+FFFF     1110xxxx  10xxxxxx  10xxxxxx             (no U+D800..U+DFFF)
 *  U+10000..U+10FFFF  11110xxx  10xxxxxx  10xxxxxx  10xxxxxx
 * </pre>
 *
 * <p>Stateless and thread-safe.
 */
final class Utf8Sequences {
    /** Returned by {@link #sequenceLength} for a malformed sequence. */
    static final int MALFORMED = -1;
    /** Returned by {@link #sequenceLength} when the sequence runs past the end of the region. */
    static final int TRUNCATED = -2;

    private static final int BYTE_MASK = 0xFF;
    private static final int ASCII_LIMIT = 0x80;
    private static final int CONTINUATION_TAG = 0x80;
    private static final int CONTINUATION_TAG_MASK = 0xC0;
    private static final int CONTINUATION_BITS = 6;
    private static final int CONTINUATION_PAYLOAD = 0x3F;
    private static final int TWO_BYTE_LEAD = 0xC0;
    private static final int THREE_BYTE_LEAD = 0xE0;
    private static final int FOUR_BYTE_LEAD = 0xF0;
    private static final int TWO_BYTE_PAYLOAD = 0x1F;
    private static final int THREE_BYTE_PAYLOAD = 0x0F;
    private static final int FOUR_BYTE_PAYLOAD = 0x07;
    /** 0xC0 and 0xC1 would only start overlong forms of ASCII. */
    private static final int SMALLEST_TWO_BYTE_LEAD = 0xC2;
    /** Beyond 0xF4 a sequence would exceed U+10FFFF. */
    private static final int LARGEST_FOUR_BYTE_LEAD = 0xF4;
    /** After 0xE0 a second byte below this would start an overlong form of U+0000..U+07FF. */
    private static final int AFTER_E0_SMALLEST = 0xA0;
    /** The lead byte of U+D000..U+DFFF, whose upper half are the UTF-16 surrogates. */
    private static final int SURROGATE_BLOCK_LEAD = 0xED;
    /** After 0xED a second byte above this would encode a surrogate. */
    private static final int AFTER_ED_LARGEST = 0x9F;
    /** After 0xF0 a second byte below this would start an overlong form of U+0000..U+FFFF. */
    private static final int AFTER_F0_SMALLEST = 0x90;
    /** After 0xF4 a second byte above this would exceed U+10FFFF. */
    private static final int AFTER_F4_LARGEST = 0x8F;
    private static final int TWO_BYTE_LIMIT = 0x800;
    private static final int THREE_BYTE_LIMIT = 0x1_0000;
    private static final int TWO_BYTES = 2;
    private static final int THREE_BYTES = 3;
    private static final int FOUR_BYTES = 4;

    private Utf8Sequences() {
    }

    /**
     * The length (1 to 4) of the well-formed sequence at {@code at}, or {@link #MALFORMED}, or {@link #TRUNCATED}
     * if a well-formed beginning is cut by {@code end}.
     */
    static int sequenceLength(byte[] buffer, int at, int end) {
        int lead = buffer[at] & BYTE_MASK;
        if (lead < ASCII_LIMIT) {
            return 1;
        }
        int length;
        int secondMin = CONTINUATION_TAG;
        int secondMax = CONTINUATION_TAG | CONTINUATION_PAYLOAD;
        if (lead < SMALLEST_TWO_BYTE_LEAD || lead > LARGEST_FOUR_BYTE_LEAD) {
            return MALFORMED;
        } else if (lead < THREE_BYTE_LEAD) {
            length = TWO_BYTES;
        } else if (lead < FOUR_BYTE_LEAD) {
            length = THREE_BYTES;
            if (lead == THREE_BYTE_LEAD) {
                secondMin = AFTER_E0_SMALLEST;
            } else if (lead == SURROGATE_BLOCK_LEAD) {
                secondMax = AFTER_ED_LARGEST;
            }
        } else {
            length = FOUR_BYTES;
            if (lead == FOUR_BYTE_LEAD) {
                secondMin = AFTER_F0_SMALLEST;
            } else if (lead == LARGEST_FOUR_BYTE_LEAD) {
                secondMax = AFTER_F4_LARGEST;
            }
        }
        for (int i = 1; i < length; i++) {
            if (at + i >= end) {
                return TRUNCATED;
            }
            int next = buffer[at + i] & BYTE_MASK;
            boolean inRange = i == 1 ? next >= secondMin && next <= secondMax : (next & CONTINUATION_TAG_MASK) == CONTINUATION_TAG;
            if (!inRange) {
                return MALFORMED;
            }
        }
        return length;
    }

    /** The code point of the well-formed {@code length}-byte sequence at {@code at}. */
    static int codePoint(byte[] buffer, int at, int length) {
        int lead = buffer[at] & BYTE_MASK;
        int codePoint = switch (length) {
            case 1 -> lead;
            case TWO_BYTES -> lead & TWO_BYTE_PAYLOAD;
            case THREE_BYTES -> lead & THREE_BYTE_PAYLOAD;
            default -> lead & FOUR_BYTE_PAYLOAD;
        };
        for (int i = 1; i < length; i++) {
            codePoint = codePoint << CONTINUATION_BITS | buffer[at + i] & CONTINUATION_PAYLOAD;
        }
        return codePoint;
    }

    /** The number of bytes {@link #write} produces for {@code codePoint}. */
    static int length(int codePoint) {
        if (codePoint < ASCII_LIMIT) {
            return 1;
        } else if (codePoint < TWO_BYTE_LIMIT) {
            return TWO_BYTES;
        }
        return codePoint < THREE_BYTE_LIMIT ? THREE_BYTES : FOUR_BYTES;
    }

    /** Appends the UTF-8 form of {@code codePoint} (not a surrogate) to {@code sink}. */
    static void write(int codePoint, ExtFields sink) {
        int length = length(codePoint);
        sink.writeByte(leadByte(codePoint, length));
        for (int i = length - 2; i >= 0; i--) {
            sink.writeByte(continuation(codePoint, i));
        }
    }

    /** Writes the UTF-8 form of {@code codePoint} (not a surrogate) at absolute {@code at}; returns its length. */
    static int write(int codePoint, ByteBuffer target, int at) {
        int length = length(codePoint);
        target.put(at, (byte) leadByte(codePoint, length));
        for (int i = 1; i < length; i++) {
            target.put(at + i, (byte) continuation(codePoint, length - 1 - i));
        }
        return length;
    }

    private static int leadByte(int codePoint, int length) {
        int payload = codePoint >> ((length - 1) * CONTINUATION_BITS);
        return switch (length) {
            case 1 -> codePoint;
            case TWO_BYTES -> TWO_BYTE_LEAD | payload;
            case THREE_BYTES -> THREE_BYTE_LEAD | payload;
            default -> FOUR_BYTE_LEAD | payload;
        };
    }

    private static int continuation(int codePoint, int index) {
        return CONTINUATION_TAG | codePoint >> (index * CONTINUATION_BITS) & CONTINUATION_PAYLOAD;
    }
}
