package io.apogee.wire.message;

import java.util.SplittableRandom;

/**
 * Random strings for codec tests: ASCII, two- and three-byte UTF-8 characters, supplementary characters
 * (surrogate pairs), and optionally the odd cases (unpaired surrogates, the 0x01/0x02 separators).
 */
public final class RandomText {
    private static final String TOPIC_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-%|";
    private static final int[] NON_ASCII = {0xE9, 0x3A9, 0x4E2D, 0x6587, 0xFFFD, 0x20AC, 0x1F600, 0x10348, 0x1D11E, 0x10FFFF};

    private RandomText() {
    }

    /** A topic of exactly {@code length} ASCII characters from RocketMQ's allowed set. */
    public static String topic(SplittableRandom random, int length) {
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append(TOPIC_CHARS.charAt(random.nextInt(TOPIC_CHARS.length())));
        }
        return text.toString();
    }

    /** A non-empty string of up to {@code maxLength} code points, without separators or unpaired surrogates. */
    public static String unicode(SplittableRandom random, int maxLength) {
        int length = 1 + random.nextInt(maxLength);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            int kind = random.nextInt(10);
            if (kind < 6) {
                text.append((char) (' ' + random.nextInt(95)));
            } else {
                text.appendCodePoint(NON_ASCII[random.nextInt(NON_ASCII.length)]);
            }
        }
        return text.toString();
    }

    /** Like {@link #unicode} but sometimes with an unpaired surrogate (written as '?' in UTF-8). */
    public static String unicodeWithOddities(SplittableRandom random, int maxLength) {
        String text = unicode(random, maxLength);
        if (random.nextInt(20) == 0) {
            int at = random.nextInt(text.length() + 1);
            char lone = random.nextBoolean() ? '\uD83D' : '\uDE00';
            return text.substring(0, at) + lone + text.substring(at);
        }
        return text;
    }

    /** Random bytes (for bodies). */
    public static byte[] bytes(SplittableRandom random, int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) random.nextInt(256);
        }
        return bytes;
    }

    /** Bytes that compress well (for compression tests). */
    public static byte[] compressible(SplittableRandom random, int length) {
        byte[] bytes = new byte[length];
        byte[] words = "hello broker message queue topic rocket apogee ".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        for (int i = 0; i < length; i++) {
            bytes[i] = random.nextInt(50) == 0 ? (byte) random.nextInt(256) : words[(i + random.nextInt(3)) % words.length];
        }
        return bytes;
    }
}
