package io.apogee.common.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class Utf8Test {
    @Test
    void encodesExactlyLikeStringGetBytes() {
        long seed = System.nanoTime();
        SplittableRandom random = new SplittableRandom(seed);
        ByteBuffer buffer = ByteBuffer.allocateDirect(1024);
        for (int i = 0; i < 20_000; i++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(0, 40);
            for (int j = 0; j < length; j++) {
                text.append((char) switch (random.nextInt(5)) {
                    case 0 -> random.nextInt(0, 0x80);
                    case 1 -> random.nextInt(0x80, 0x800);
                    case 2 -> random.nextInt(0xD800, 0xE000); // surrogates, paired or not
                    default -> random.nextInt(0x800, 0x10000);
                });
            }
            byte[] expected = text.toString().getBytes(StandardCharsets.UTF_8);
            assertThat(Utf8.encodedLength(text)).as("seed %d: %s", seed, text).isEqualTo(expected.length);
            int written = Utf8.encode(text, buffer, 7);
            byte[] actual = new byte[written];
            buffer.get(7, actual);
            assertThat(actual).as("seed %d", seed).isEqualTo(expected);
            assertThat(Utf8.equals(buffer, 7, written, text.toString())).isTrue();
            assertThat(Utf8.decode(buffer, 7, written)).isEqualTo(new String(expected, StandardCharsets.UTF_8));
        }
    }

    @Test
    void encodesCharArraysExactlyLikeStringGetBytes() {
        long seed = System.nanoTime();
        SplittableRandom random = new SplittableRandom(seed);
        byte[] array = new byte[3 * 80 + 16];
        for (int i = 0; i < 20_000; i++) {
            // long ASCII runs with an odd char at any place, so every edge of the eight-char blocks is crossed
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(0, 80);
            for (int j = 0; j < length; j++) {
                text.append((char) switch (random.nextInt(12)) {
                    case 0 -> random.nextInt(0x80, 0x800);
                    case 1 -> random.nextInt(0xD800, 0xE000); // surrogates, paired or not
                    case 2 -> random.nextInt(0x800, 0x10000);
                    default -> random.nextInt(0, 0x80);
                });
            }
            char[] chars = ("xy" + text + "z").toCharArray();
            byte[] expected = text.toString().getBytes(StandardCharsets.UTF_8);
            int written = Utf8.encode(chars, 2, chars.length - 1, array, 5);
            assertThat(java.util.Arrays.copyOfRange(array, 5, 5 + written)).as("seed %d: %s", seed, text)
                .isEqualTo(expected);
        }
    }

    @Test
    void charArraysWithPairsAndLonelySurrogatesAtTheEdges() {
        String[] texts = {"", "a", "abcdefgh", "abcdefg\u00E9", "abcdefgh\u00E9", "abcdefghi\uD83D\uDE80",
            "\uD83D\uDE80abcdefghijklmnop", "abcdefg\uD83D", "\uDE80abcdefgh", "abcdefgh\uD83D", "\u6771\u4EAC"};
        byte[] array = new byte[64];
        for (String text : texts) {
            char[] chars = text.toCharArray();
            int written = Utf8.encode(chars, 0, chars.length, array, 0);
            assertThat(java.util.Arrays.copyOf(array, written)).as(text).isEqualTo(text.getBytes(StandardCharsets.UTF_8));
        }
        // a pair cut by the end of the range is a lonely high surrogate there, as String.getBytes sees a substring
        char[] cut = "ab\uD83D\uDE80".toCharArray();
        int written = Utf8.encode(cut, 0, 3, array, 0);
        assertThat(java.util.Arrays.copyOf(array, written)).isEqualTo("ab?".getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void comparesWithoutDecoding() {
        ByteBuffer buffer = ByteBuffer.wrap("TopicTesté".getBytes(StandardCharsets.UTF_8));
        assertThat(Utf8.equals(buffer, 0, 9, "TopicTest")).isTrue();
        assertThat(Utf8.equals(buffer, 0, 9, "TopicTesT")).isFalse();
        assertThat(Utf8.equals(buffer, 0, 8, "TopicTest")).isFalse();
        assertThat(Utf8.equals(buffer, 0, buffer.capacity(), "TopicTesté")).isTrue();
        assertThat(Utf8.equals(buffer, 0, buffer.capacity(), "TopicTestè")).isFalse();
    }
}
