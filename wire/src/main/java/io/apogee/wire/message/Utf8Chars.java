package io.apogee.wire.message;

import io.apogee.common.text.Utf8;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * UTF-8 bytes in a buffer seen as the UTF-16 {@code char}s a {@code String} would hold, without making the
 * {@code String}: compare with a {@link CharSequence}, compute {@code String.hashCode()}, append to an
 * {@link Appendable}. Supplementary characters count as two chars, exactly as in Java.
 * Stateless and safe for any thread.
 *
 * <p>Well-formed UTF-8 is decoded in place. A malformed sequence (which the JDK replaces with U+FFFD by rules
 * that are easy to get subtly wrong) makes the call fall back to {@code new String(bytes, UTF_8)}, so the answer
 * always equals what RocketMQ computes from the same bytes; only that rare path allocates. Stateless and safe for
 * any thread.
 */
public final class Utf8Chars {
    /** Returned by {@link #decode} for a malformed sequence. */
    private static final long MALFORMED = -1;
    private static final int ASCII_LIMIT = 0x80;
    private static final int CONTINUATION_MASK = 0xC0;
    private static final int CONTINUATION_TAG = 0x80;
    private static final int PAYLOAD_MASK = 0x3F;
    private static final int PAYLOAD_BITS = 6;
    private static final int TWO_BYTE_LEAD_MIN = 0xC2;
    private static final int THREE_BYTE_LEAD_MIN = 0xE0;
    private static final int FOUR_BYTE_LEAD_MIN = 0xF0;
    private static final int FOUR_BYTE_LEAD_MAX = 0xF4;
    private static final int TWO_BYTE_PAYLOAD = 0x1F;
    private static final int THREE_BYTE_PAYLOAD = 0x0F;
    private static final int FOUR_BYTE_PAYLOAD = 0x07;
    private static final int MIN_THREE_BYTE_VALUE = 0x800;
    private static final int MIN_FOUR_BYTE_VALUE = 0x10000;
    private static final int HASH_MULTIPLIER = 31;
    private static final int LENGTH_SHIFT = 32;
    private static final int TWO = 2;
    private static final int THREE = 3;
    private static final int FOUR = 4;
    /** The leads above as signed bytes, as an array yields them. */
    private static final int SIGNED_TWO_BYTE_LEAD_MIN = (byte) TWO_BYTE_LEAD_MIN;
    private static final int SIGNED_THREE_BYTE_LEAD_MIN = (byte) THREE_BYTE_LEAD_MIN;
    private static final int SIGNED_FOUR_BYTE_LEAD_MIN = (byte) FOUR_BYTE_LEAD_MIN;
    /** The high bit of each of eight bytes: a word with none set is eight ASCII bytes. */
    private static final long ASCII_WORD_MASK = 0x8080808080808080L;
    /** Eight bytes of an array as one {@code long}; the mask test reads every byte alike, so the order is free. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private Utf8Chars() {
    }

    /**
     * Decodes the code point starting at {@code at} (bytes up to {@code end}). Returns
     * {@code (byteCount << 32) | codePoint}, or {@link #MALFORMED} when the sequence is not well-formed UTF-8
     * as the JDK defines it (overlong forms, surrogates and values above U+10FFFF are malformed).
     */
    private static long decode(ByteBuffer buffer, int at, int end) {
        int lead = buffer.get(at) & 0xFF;
        if (lead < ASCII_LIMIT) {
            return (1L << LENGTH_SHIFT) | lead;
        }
        if (lead < TWO_BYTE_LEAD_MIN || lead > FOUR_BYTE_LEAD_MAX) {
            return MALFORMED;
        }
        int count = lead < THREE_BYTE_LEAD_MIN ? TWO : lead < FOUR_BYTE_LEAD_MIN ? THREE : FOUR;
        if (end - at < count) {
            return MALFORMED;
        }
        int payload = count == TWO ? TWO_BYTE_PAYLOAD : count == THREE ? THREE_BYTE_PAYLOAD : FOUR_BYTE_PAYLOAD;
        int value = lead & payload;
        for (int i = 1; i < count; i++) {
            int next = buffer.get(at + i) & 0xFF;
            if ((next & CONTINUATION_MASK) != CONTINUATION_TAG) {
                return MALFORMED;
            }
            value = (value << PAYLOAD_BITS) | (next & PAYLOAD_MASK);
        }
        return checked(count, value);
    }

    /** The decoded code point, or {@link #MALFORMED} for an overlong form, a surrogate or a value above U+10FFFF. */
    private static long checked(int count, int value) {
        boolean overlong = count == THREE && value < MIN_THREE_BYTE_VALUE || count == FOUR && value < MIN_FOUR_BYTE_VALUE;
        if (overlong || Character.isSurrogate((char) value) && count == THREE || value > Character.MAX_CODE_POINT) {
            return MALFORMED;
        }
        return ((long) count << LENGTH_SHIFT) | value;
    }

    private static int byteCount(long decoded) {
        return (int) (decoded >>> LENGTH_SHIFT);
    }

    private static int codePoint(long decoded) {
        return (int) decoded;
    }

    /** {@code new String(bytes, UTF_8).hashCode()} for the {@code length} bytes at {@code index}. */
    public static int hashCode(ByteBuffer buffer, int index, int length) {
        int end = index + length;
        int hash = 0;
        int at = index;
        while (at < end) {
            byte b = buffer.get(at);
            if (b >= 0) { // ASCII, nearly every byte of names and values: no decoding step
                hash = HASH_MULTIPLIER * hash + b;
                at++;
                continue;
            }
            long decoded = decode(buffer, at, end);
            if (decoded == MALFORMED) {
                return Utf8.decode(buffer, index, length).hashCode();
            }
            int cp = codePoint(decoded);
            if (cp < MIN_FOUR_BYTE_VALUE) {
                hash = HASH_MULTIPLIER * hash + cp;
            } else {
                hash = HASH_MULTIPLIER * hash + Character.highSurrogate(cp);
                hash = HASH_MULTIPLIER * hash + Character.lowSurrogate(cp);
            }
            at += byteCount(decoded);
        }
        return hash;
    }

    /** {@code String.hashCode()} of a {@link CharSequence}, computed without {@code toString()}. */
    public static int hashCode(CharSequence text) {
        int hash = 0;
        for (int i = 0, n = text.length(); i < n; i++) {
            hash = HASH_MULTIPLIER * hash + text.charAt(i);
        }
        return hash;
    }

    /** True when the {@code length} UTF-8 bytes at {@code index} decode to exactly the chars of {@code text}. */
    public static boolean contentEquals(ByteBuffer buffer, int index, int length, CharSequence text) {
        int end = index + length;
        int at = index;
        int i = 0;
        int n = text.length();
        while (at < end) {
            byte b = buffer.get(at);
            if (b >= 0) { // ASCII fast path
                if (i >= n || text.charAt(i) != b) {
                    return false;
                }
                i++;
                at++;
                continue;
            }
            long decoded = decode(buffer, at, end);
            if (decoded == MALFORMED) {
                return Utf8.decode(buffer, index, length).contentEquals(text);
            }
            int cp = codePoint(decoded);
            if (cp < MIN_FOUR_BYTE_VALUE) {
                if (i >= n || text.charAt(i) != cp) {
                    return false;
                }
                i++;
            } else {
                if (i + 1 >= n || text.charAt(i) != Character.highSurrogate(cp) || text.charAt(i + 1) != Character.lowSurrogate(cp)) {
                    return false;
                }
                i += TWO;
            }
            at += byteCount(decoded);
        }
        return i == n;
    }

    /** Appends the chars the {@code length} UTF-8 bytes at {@code index} decode to. */
    public static void appendTo(ByteBuffer buffer, int index, int length, Appendable out) {
        try {
            if (!isWellFormed(buffer, index, length)) {
                out.append(Utf8.decode(buffer, index, length));
                return;
            }
            int end = index + length;
            int at = index;
            while (at < end) {
                byte b = buffer.get(at);
                if (b >= 0) { // ASCII fast path
                    out.append((char) b);
                    at++;
                    continue;
                }
                long decoded = decode(buffer, at, end);
                int cp = codePoint(decoded);
                if (cp < MIN_FOUR_BYTE_VALUE) {
                    out.append((char) cp);
                } else {
                    out.append(Character.highSurrogate(cp)).append(Character.lowSurrogate(cp));
                }
                at += byteCount(decoded);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Decodes the {@code length} UTF-8 bytes of {@code array} at {@code index} into {@code destination} (room for
     * {@code length} chars, which always suffices) in one pass; returns the chars written, or -1 when the bytes are
     * malformed (the caller then falls back to the JDK's decoder, as {@link #appendTo} does).
     *
     * <p>An ASCII start (most names, keys, tags and ids are ASCII from end to end) is checked eight bytes at a time
     * and widened without a branch per byte. After the first non-ASCII byte each form is decoded in line, so that
     * mixed text takes one data-dependent branch per char.
     */
    public static int decode(byte[] array, int index, int length, char[] destination) {
        Objects.checkFromIndexSize(index, length, array.length);
        int end = index + length;
        int at = index;
        int n = 0;
        while (at <= end - Long.BYTES && ((long) LONGS.get(array, at) & ASCII_WORD_MASK) == 0) {
            for (int k = 0; k < Long.BYTES; k++) {
                destination[n + k] = (char) array[at + k];
            }
            at += Long.BYTES;
            n += Long.BYTES;
        }
        while (at < end) {
            int lead = array[at];
            if (lead >= 0) {
                destination[n++] = (char) lead;
                at++;
            } else if (lead < SIGNED_THREE_BYTE_LEAD_MIN) { // 0x80 to 0xDF: two bytes, or a stray continuation
                if (lead < SIGNED_TWO_BYTE_LEAD_MIN || at + 1 >= end || !isContinuation(array[at + 1])) {
                    return -1;
                }
                destination[n++] = (char) (((lead & TWO_BYTE_PAYLOAD) << PAYLOAD_BITS) | (array[at + 1] & PAYLOAD_MASK));
                at += TWO;
            } else if (lead < SIGNED_FOUR_BYTE_LEAD_MIN) { // 0xE0 to 0xEF: three bytes (CJK and most of the BMP)
                if (at + TWO >= end) {
                    return -1;
                }
                int second = array[at + 1];
                int third = array[at + TWO];
                int value = ((lead & THREE_BYTE_PAYLOAD) << (TWO * PAYLOAD_BITS)) | ((second & PAYLOAD_MASK) << PAYLOAD_BITS)
                    | (third & PAYLOAD_MASK);
                if (!isContinuation(second) || !isContinuation(third) || value < MIN_THREE_BYTE_VALUE
                    || Character.isSurrogate((char) value)) {
                    return -1;
                }
                destination[n++] = (char) value;
                at += THREE;
            } else { // four bytes (a surrogate pair) or malformed: rare, the general decoder
                long decoded = decode(array, at, end);
                if (decoded == MALFORMED) {
                    return -1;
                }
                int cp = codePoint(decoded);
                destination[n++] = Character.highSurrogate(cp);
                destination[n++] = Character.lowSurrogate(cp);
                at += FOUR;
            }
        }
        return n;
    }

    private static boolean isContinuation(int b) {
        return (b & CONTINUATION_MASK) == CONTINUATION_TAG;
    }

    /** {@link #decode(ByteBuffer, int, int)} over an array: the same rules, without a buffer access per byte. */
    private static long decode(byte[] array, int at, int end) {
        int lead = array[at] & 0xFF;
        if (lead < TWO_BYTE_LEAD_MIN || lead > FOUR_BYTE_LEAD_MAX) {
            return MALFORMED;
        }
        int count = lead < THREE_BYTE_LEAD_MIN ? TWO : lead < FOUR_BYTE_LEAD_MIN ? THREE : FOUR;
        if (end - at < count) {
            return MALFORMED;
        }
        int payload = count == TWO ? TWO_BYTE_PAYLOAD : count == THREE ? THREE_BYTE_PAYLOAD : FOUR_BYTE_PAYLOAD;
        int value = lead & payload;
        for (int i = 1; i < count; i++) {
            int next = array[at + i] & 0xFF;
            if ((next & CONTINUATION_MASK) != CONTINUATION_TAG) {
                return MALFORMED;
            }
            value = (value << PAYLOAD_BITS) | (next & PAYLOAD_MASK);
        }
        return checked(count, value);
    }

    /** True when the {@code length} bytes at {@code index} are well-formed UTF-8. */
    public static boolean isWellFormed(ByteBuffer buffer, int index, int length) {
        int end = index + length;
        int at = index;
        while (at < end) {
            if (buffer.get(at) >= 0) { // ASCII fast path
                at++;
                continue;
            }
            long decoded = decode(buffer, at, end);
            if (decoded == MALFORMED) {
                return false;
            }
            at += byteCount(decoded);
        }
        return true;
    }
}
