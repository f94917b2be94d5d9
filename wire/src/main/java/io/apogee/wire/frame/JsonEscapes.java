package io.apogee.wire.frame;

import java.nio.ByteBuffer;

/**
 * JSON string escaping exactly as fastjson2 2.0.x writes it for RocketMQ 5.x (checked against
 * {@code JSON.toJSONString} followed by {@code getBytes(UTF_8)}, which is what {@code RemotingSerializable} does):
 *
 * <pre>
 *  '"'  -&gt; \"      '\\' -&gt; \\
 *  0x08 -&gt; \b      0x09 -&gt; \t      0x0A -&gt; \n      0x0C -&gt; \f      0x0D -&gt; \r
 *  other 0x00..0x1F -&gt; &#92;u00xx (lower-case hex)
 *  everything else, '/', 0x7F, U+2028 and all non-ASCII included, is written as plain UTF-8;
 *  a lone UTF-16 surrogate becomes '?', as String.getBytes(UTF_8) writes it
 * </pre>
 *
 * <p>Works on UTF-8 byte ranges (ext keys and values; multi-byte UTF-8 never contains a byte below 0x80, so
 * escaping bytes equals escaping characters) and on Java strings (the remark). Stateless and thread-safe.
 */
final class JsonEscapes {
    private static final int ASCII_LIMIT = 0x80;
    private static final int FIRST_PLAIN = 0x20;
    private static final int SHORT_ESCAPE_SIZE = 2;
    private static final int UNICODE_ESCAPE_SIZE = 6;
    private static final byte BACKSLASH = '\\';
    private static final byte[] UNICODE_ESCAPE_PREFIX = {'\\', 'u', '0', '0'};
    private static final byte[] HEX = {'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};
    private static final int HEX_DIGIT_BITS = 4;
    private static final int HEX_DIGIT_MASK = 0xF;
    private static final byte LONE_SURROGATE_REPLACEMENT = '?';
    /** For each ASCII byte: how many bytes it takes once escaped. */
    private static final byte[] ESCAPED_SIZE = new byte[ASCII_LIMIT];
    /** For each ASCII byte with a two-byte escape: the letter after the backslash. */
    private static final byte[] ESCAPE_LETTER = new byte[ASCII_LIMIT];

    static {
        for (int b = 0; b < ASCII_LIMIT; b++) {
            ESCAPED_SIZE[b] = (byte) (b < FIRST_PLAIN ? UNICODE_ESCAPE_SIZE : 1);
        }
        shortEscape('"', '"');
        shortEscape('\\', '\\');
        shortEscape('\b', 'b');
        shortEscape('\t', 't');
        shortEscape('\n', 'n');
        shortEscape('\f', 'f');
        shortEscape('\r', 'r');
    }

    private JsonEscapes() {
    }

    private static void shortEscape(char c, char letter) {
        ESCAPED_SIZE[c] = SHORT_ESCAPE_SIZE;
        ESCAPE_LETTER[c] = (byte) letter;
    }

    /** The size of the {@code length} UTF-8 bytes at {@code from} once escaped, quotes not included. */
    static int escapedLength(byte[] source, int from, int length) {
        int size = length;
        int end = from + length;
        for (int i = PlainRuns.skipUnescaped(source, from, end); i < end; i = PlainRuns.skipUnescaped(source, i + 1, end)) {
            byte b = source[i];
            if (b >= 0) {
                size += ESCAPED_SIZE[b] - 1;
            }
        }
        return size;
    }

    /**
     * Writes the {@code length} UTF-8 bytes at {@code from} escaped, at absolute {@code at}; returns the bytes written.
     * Runs that need no escape are found a word at a time and copied in bulk.
     */
    static int writeEscaped(byte[] source, int from, int length, ByteBuffer target, int at) {
        int out = at;
        int run = from;
        int end = from + length;
        for (int i = PlainRuns.skipUnescaped(source, from, end); i < end; i = PlainRuns.skipUnescaped(source, i + 1, end)) {
            byte b = source[i];
            if (b >= 0 && ESCAPED_SIZE[b] != 1) {
                target.put(out, source, run, i - run);
                out += i - run;
                out += writeEscape(b, target, out);
                run = i + 1;
            }
        }
        target.put(out, source, run, end - run);
        out += end - run;
        return out - at;
    }

    /** The UTF-8 size of {@code text} once escaped, quotes not included. */
    static int escapedLength(CharSequence text) {
        int size = 0;
        int length = text.length();
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c < ASCII_LIMIT) {
                size += ESCAPED_SIZE[c];
            } else if (isPairAt(text, i)) {
                size += Utf8Sequences.length(Character.codePointAt(text, i));
                i++;
            } else {
                size += Character.isSurrogate(c) ? 1 : Utf8Sequences.length(c);
            }
        }
        return size;
    }

    /** Writes {@code text} as escaped UTF-8 at absolute {@code at}; returns the bytes written. */
    static int writeEscaped(CharSequence text, ByteBuffer target, int at) {
        int out = at;
        int length = text.length();
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c < ASCII_LIMIT) {
                if (ESCAPED_SIZE[c] == 1) {
                    target.put(out++, (byte) c);
                } else {
                    out += writeEscape((byte) c, target, out);
                }
            } else if (isPairAt(text, i)) {
                out += Utf8Sequences.write(Character.codePointAt(text, i), target, out);
                i++;
            } else if (Character.isSurrogate(c)) {
                target.put(out++, LONE_SURROGATE_REPLACEMENT);
            } else {
                out += Utf8Sequences.write(c, target, out);
            }
        }
        return out - at;
    }

    private static boolean isPairAt(CharSequence text, int i) {
        return Character.isHighSurrogate(text.charAt(i)) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1));
    }

    private static int writeEscape(byte b, ByteBuffer target, int at) {
        if (ESCAPED_SIZE[b] == SHORT_ESCAPE_SIZE) {
            target.put(at, BACKSLASH);
            target.put(at + 1, ESCAPE_LETTER[b]);
            return SHORT_ESCAPE_SIZE;
        }
        target.put(at, UNICODE_ESCAPE_PREFIX);
        int digits = at + UNICODE_ESCAPE_PREFIX.length;
        target.put(digits, HEX[b >> HEX_DIGIT_BITS]);
        target.put(digits + 1, HEX[b & HEX_DIGIT_MASK]);
        return UNICODE_ESCAPE_SIZE;
    }
}
