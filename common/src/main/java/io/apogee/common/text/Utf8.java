package io.apogee.common.text;

import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * UTF-8 written straight into a buffer and measured without encoding, so hot paths never build a
 * temporary {@code byte[]} per string. Hand-written because {@code String.getBytes} allocates and
 * {@code CharsetEncoder} needs per-call state.
 *
 * <p>Unpaired surrogates are written as {@code '?'}, exactly as {@code String.getBytes(UTF_8)} does, so the
 * bytes always match what the JDK (and so Apache RocketMQ) would produce. Stateless and thread-safe.
 */
public final class Utf8 {
    private static final byte REPLACEMENT = '?';
    /** Chars an ASCII run is checked and copied by at a time. */
    private static final int ASCII_BLOCK = 8;
    /** The most bytes one char takes in UTF-8 (a pair of surrogates takes four for two). */
    public static final int MAX_BYTES_PER_CHAR = 3;

    private Utf8() {
    }

    /** The number of bytes {@code text} takes in UTF-8. */
    public static int encodedLength(CharSequence text) {
        int length = text.length();
        int bytes = length;
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c >= 0x80) {
                if (c < 0x800) {
                    bytes += 1;
                } else if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(text.charAt(i + 1))) {
                    bytes += 2; // four bytes for two chars
                    i++;
                } else if (Character.isSurrogate(c)) {
                    bytes += 0; // unpaired: one replacement byte
                } else {
                    bytes += 2;
                }
            }
        }
        return bytes;
    }

    /** True when every char of {@code text} is below 0x80, so its UTF-8 form is one byte per char. */
    public static boolean isAscii(CharSequence text) {
        int bits = 0;
        for (int i = 0, n = text.length(); i < n; i++) {
            bits |= text.charAt(i);
        }
        return bits < 0x80;
    }

    /**
     * Writes {@code text}, which the caller knows {@link #isAscii is ASCII}, at absolute {@code index}; returns
     * its length. A {@code String} into a heap buffer is one bulk copy.
     */
    @SuppressWarnings("deprecation") // getBytes(int, int, byte[], int) copies a compact string in one go; exact for ASCII
    public static int encodeAscii(CharSequence text, ByteBuffer buffer, int index) {
        int length = text.length();
        if (text instanceof String string && buffer.hasArray()) {
            Objects.checkFromIndexSize(index, length, buffer.limit());
            string.getBytes(0, length, buffer.array(), buffer.arrayOffset() + index);
            return length;
        }
        for (int i = 0; i < length; i++) {
            buffer.put(index + i, (byte) text.charAt(i));
        }
        return length;
    }

    /** Writes {@code text}, which the caller knows {@link #isAscii is ASCII}, into {@code array}; returns its length. */
    @SuppressWarnings("deprecation") // as above: one bulk copy of a compact string, exact for ASCII
    public static int encodeAscii(CharSequence text, byte[] array, int index) {
        int length = text.length();
        if (text instanceof String string) {
            string.getBytes(0, length, array, index);
            return length;
        }
        for (int i = 0; i < length; i++) {
            array[index + i] = (byte) text.charAt(i);
        }
        return length;
    }

    /**
     * Writes {@code text} as UTF-8 at absolute index {@code index} of {@code buffer} and returns the number of
     * bytes written. The caller guarantees room for {@link #encodedLength(CharSequence)} bytes.
     */
    public static int encode(CharSequence text, ByteBuffer buffer, int index) {
        if (buffer.hasArray()) {
            // sized by the caller: check the cheap lower bound before and the exact end after, not a third scan
            Objects.checkFromIndexSize(index, text.length(), buffer.limit());
            int written = encode(text, buffer.array(), buffer.arrayOffset() + index);
            Objects.checkFromIndexSize(index, written, buffer.limit());
            return written;
        }
        int length = text.length();
        int at = index;
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                buffer.put(at++, (byte) c);
            } else if (c < 0x800) {
                buffer.put(at++, (byte) (0xC0 | (c >> 6)));
                buffer.put(at++, (byte) (0x80 | (c & 0x3F)));
            } else if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(text.charAt(i + 1))) {
                    int cp = Character.toCodePoint(c, text.charAt(++i));
                    buffer.put(at++, (byte) (0xF0 | (cp >> 18)));
                    buffer.put(at++, (byte) (0x80 | ((cp >> 12) & 0x3F)));
                    buffer.put(at++, (byte) (0x80 | ((cp >> 6) & 0x3F)));
                    buffer.put(at++, (byte) (0x80 | (cp & 0x3F)));
                } else {
                    buffer.put(at++, REPLACEMENT);
                }
            } else {
                buffer.put(at++, (byte) (0xE0 | (c >> 12)));
                buffer.put(at++, (byte) (0x80 | ((c >> 6) & 0x3F)));
                buffer.put(at++, (byte) (0x80 | (c & 0x3F)));
            }
        }
        return at - index;
    }

    /**
     * Writes {@code text} as UTF-8 into {@code array} from {@code index}; returns the bytes written. The ASCII
     * run at the start (most names and values) takes the tight loop.
     */
    public static int encode(CharSequence text, byte[] array, int index) {
        int length = text.length();
        int i = 0;
        int at = index;
        while (i < length) {
            char c = text.charAt(i);
            if (c >= 0x80) {
                break;
            }
            array[at++] = (byte) c;
            i++;
        }
        for (; i < length; i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                array[at++] = (byte) c;
            } else if (c < 0x800) {
                array[at++] = (byte) (0xC0 | (c >> 6));
                array[at++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(text.charAt(i + 1))) {
                    int cp = Character.toCodePoint(c, text.charAt(++i));
                    array[at++] = (byte) (0xF0 | (cp >> 18));
                    array[at++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                    array[at++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                    array[at++] = (byte) (0x80 | (cp & 0x3F));
                } else {
                    array[at++] = REPLACEMENT;
                }
            } else {
                array[at++] = (byte) (0xE0 | (c >> 12));
                array[at++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                array[at++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        return at - index;
    }

    /**
     * Writes the chars {@code from} (inclusive) to {@code to} (exclusive) of {@code chars} as UTF-8 into
     * {@code array} from {@code index}; returns the bytes written. The caller makes room for three bytes per char.
     * One pass over plain arrays: ASCII runs go eight chars at a time, and the length is counted as the bytes are
     * written. Unpaired surrogates become {@code '?'}, as in {@link #encode(CharSequence, byte[], int)}.
     */
    public static int encode(char[] chars, int from, int to, byte[] array, int index) {
        int i = from;
        int at = index;
        while (i <= to - ASCII_BLOCK) {
            if ((chars[i] | chars[i + 1] | chars[i + 2] | chars[i + 3] | chars[i + 4] | chars[i + 5] | chars[i + 6]
                | chars[i + 7]) >= 0x80) {
                break;
            }
            for (int k = 0; k < ASCII_BLOCK; k++) {
                array[at + k] = (byte) chars[i + k];
            }
            i += ASCII_BLOCK;
            at += ASCII_BLOCK;
        }
        for (; i < to; i++) {
            char c = chars[i];
            if (c < 0x80) {
                array[at++] = (byte) c;
            } else if (c < 0x800) {
                array[at++] = (byte) (0xC0 | (c >> 6));
                array[at++] = (byte) (0x80 | (c & 0x3F));
            } else if (!Character.isSurrogate(c)) {
                array[at++] = (byte) (0xE0 | (c >> 12));
                array[at++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                array[at++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isHighSurrogate(c) && i + 1 < to && Character.isLowSurrogate(chars[i + 1])) {
                int cp = Character.toCodePoint(c, chars[++i]);
                array[at++] = (byte) (0xF0 | (cp >> 18));
                array[at++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                array[at++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                array[at++] = (byte) (0x80 | (cp & 0x3F));
            } else {
                array[at++] = REPLACEMENT;
            }
        }
        return at - index;
    }

    /**
     * True when the {@code length} bytes at {@code index} of {@code buffer} are exactly the UTF-8 form of
     * {@code text}; compares without decoding.
     */
    public static boolean equals(ByteBuffer buffer, int index, int length, CharSequence text) {
        int n = text.length();
        int at = index;
        int end = index + length;
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                if (at >= end || buffer.get(at++) != (byte) c) {
                    return false;
                }
            } else {
                // rare in names and keys: fall back to a precise comparison of the remainder
                return remainderEquals(buffer, at, end - at, text, i);
            }
        }
        return at == end;
    }

    private static boolean remainderEquals(ByteBuffer buffer, int at, int length, CharSequence text, int from) {
        CharSequence rest = text.subSequence(from, text.length());
        if (encodedLength(rest) != length) {
            return false;
        }
        byte[] expected = rest.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        for (int i = 0; i < length; i++) {
            if (buffer.get(at + i) != expected[i]) {
                return false;
            }
        }
        return true;
    }

    /** Decodes {@code length} UTF-8 bytes at absolute {@code index}; malformed input becomes U+FFFD. */
    public static String decode(ByteBuffer buffer, int index, int length) {
        if (buffer.hasArray()) {
            return new String(buffer.array(), buffer.arrayOffset() + index, length, java.nio.charset.StandardCharsets.UTF_8);
        }
        byte[] bytes = new byte[length];
        buffer.get(index, bytes, 0, length);
        return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
    }
}
