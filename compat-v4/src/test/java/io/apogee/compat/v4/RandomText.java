package io.apogee.compat.v4;

import java.util.SplittableRandom;

/** Random strings and bytes for the codec tests: ASCII, JSON specials, control characters, CJK, emoji, separators. */
final class RandomText {
    private static final String TOPIC_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-%|";
    private static final int[] NON_ASCII = {0xE9, 0x3A9, 0x4E2D, 0x6587, 0xFFFD, 0x20AC, 0x2028, 0x1F600, 0x10348, 0x10FFFF};

    private RandomText() {
    }

    /**
     * Text of up to {@code maxChars} chars mixing ASCII, quotes and backslashes, every control character, DEL, Latin,
     * CJK, U+2028, emoji, the 0x01/0x02 property separators and, if allowed, lone surrogates.
     */
    static String any(SplittableRandom random, int maxChars, boolean loneSurrogates) {
        int length = random.nextInt(maxChars + 1);
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            switch (random.nextInt(12)) {
                case 0 -> text.append((char) random.nextInt(0x20));
                case 1 -> text.append("\"\\/'\u007f".charAt(random.nextInt(5)));
                case 2 -> text.append((char) (0x80 + random.nextInt(0x780)));
                case 3 -> text.append((char) (0x4E00 + random.nextInt(0x5000)));
                case 4 -> text.appendCodePoint(NON_ASCII[random.nextInt(NON_ASCII.length)]);
                case 5 -> text.append(loneSurrogates ? (char) (0xD800 + random.nextInt(0x800)) : '?');
                case 6 -> text.append((char) (0xE000 + random.nextInt(0x2000)));
                case 7 -> text.append(random.nextBoolean() ? '\u0001' : '\u0002');
                default -> text.append((char) (0x20 + random.nextInt(0x5F)));
            }
        }
        return text.toString();
    }

    /** Non-empty text without separators or lone surrogates, so a properties string keeps it whole. */
    static String propertyText(SplittableRandom random, int maxCodePoints) {
        int length = 1 + random.nextInt(maxCodePoints);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            if (random.nextInt(10) < 6) {
                text.append((char) (' ' + random.nextInt(95)));
            } else {
                text.appendCodePoint(NON_ASCII[random.nextInt(NON_ASCII.length)]);
            }
        }
        return text.toString();
    }

    /** A topic of exactly {@code length} ASCII characters from RocketMQ's allowed set. */
    static String topic(SplittableRandom random, int length) {
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append(TOPIC_CHARS.charAt(random.nextInt(TOPIC_CHARS.length())));
        }
        return text.toString();
    }

    static byte[] bytes(SplittableRandom random, int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) random.nextInt(256);
        }
        return bytes;
    }

    /** Bytes that compress well, as a typical text body does. */
    static byte[] compressible(SplittableRandom random, int length) {
        byte[] words = "order created payment shipped topic queue broker ".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = random.nextInt(40) == 0 ? (byte) random.nextInt(256) : words[(i + random.nextInt(2)) % words.length];
        }
        return bytes;
    }
}
