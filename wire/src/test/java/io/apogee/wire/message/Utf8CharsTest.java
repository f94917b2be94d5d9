package io.apogee.wire.message;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class Utf8CharsTest {
    @Test
    void wellFormedTextHashesComparesAndAppendsLikeAString() {
        SplittableRandom random = Seeds.random("Utf8CharsTest.wellFormed");
        for (int i = 0; i < 2000; i++) {
            String text = RandomText.unicode(random, 30);
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            ByteBuffer buffer = i % 2 == 0 ? ByteBuffer.wrap(bytes) : ByteBuffer.allocateDirect(bytes.length).put(0, bytes);
            assertThat(Utf8Chars.hashCode(buffer, 0, bytes.length)).isEqualTo(text.hashCode());
            assertThat(Utf8Chars.contentEquals(buffer, 0, bytes.length, text)).isTrue();
            assertThat(Utf8Chars.contentEquals(buffer, 0, bytes.length, text + "x")).isFalse();
            assertThat(Utf8Chars.contentEquals(buffer, 0, bytes.length, text.substring(0, text.length() - 1))).isFalse();
            StringBuilder appended = new StringBuilder();
            Utf8Chars.appendTo(buffer, 0, bytes.length, appended);
            assertThat(appended.toString()).isEqualTo(text);
            assertThat(Utf8Chars.isWellFormed(buffer, 0, bytes.length)).isTrue();
            char[] chars = new char[bytes.length + 1];
            int count = Utf8Chars.decode(bytes, 0, bytes.length, chars);
            assertThat(new String(chars, 0, count)).isEqualTo(text);
        }
    }

    @Test
    void malformedBytesGiveWhatTheJdkDecoderGives() {
        SplittableRandom random = Seeds.random("Utf8CharsTest.malformed");
        byte[] alphabet = {'a', (byte) 0xC3, (byte) 0xA9, (byte) 0xE4, (byte) 0xB8, (byte) 0xAD, (byte) 0xF0, (byte) 0x9F,
            (byte) 0x98, (byte) 0x80, (byte) 0xED, (byte) 0xA0, (byte) 0xC0, (byte) 0xF5, (byte) 0xFF, (byte) 0xE0, (byte) 0x80};
        for (int i = 0; i < 5000; i++) {
            byte[] bytes = new byte[random.nextInt(12)];
            for (int j = 0; j < bytes.length; j++) {
                bytes[j] = alphabet[random.nextInt(alphabet.length)];
            }
            String expected = new String(bytes, StandardCharsets.UTF_8);
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            assertThat(Utf8Chars.hashCode(buffer, 0, bytes.length)).as(expected).isEqualTo(expected.hashCode());
            assertThat(Utf8Chars.contentEquals(buffer, 0, bytes.length, expected)).isTrue();
            StringBuilder appended = new StringBuilder();
            Utf8Chars.appendTo(buffer, 0, bytes.length, appended);
            assertThat(appended.toString()).isEqualTo(expected);
            assertThat(Utf8Chars.isWellFormed(buffer, 0, bytes.length))
                .isEqualTo(java.util.Arrays.equals(expected.getBytes(StandardCharsets.UTF_8), bytes));
            // the array decoder gives the same text, or -1 exactly when the bytes are malformed
            char[] chars = new char[bytes.length];
            int count = Utf8Chars.decode(bytes, 0, bytes.length, chars);
            if (Utf8Chars.isWellFormed(buffer, 0, bytes.length)) {
                assertThat(new String(chars, 0, count)).isEqualTo(expected);
            } else {
                assertThat(count).isEqualTo(-1);
            }
        }
    }

    /** Texts around the eight-byte ASCII words: every length up to three words, each form placed at every index. */
    @Test
    void arrayDecoderHandlesEveryFormAtEveryPlaceAroundTheAsciiWords() {
        String[] forms = {"é", "ÿ", "Ω", "Ж", "東", "\uFFFD", "\uD83D\uDE80", "\u0800", "\uFFFF", "\u0080", "\u07FF"};
        for (int length = 0; length <= 25; length++) {
            String ascii = "abcdefghijklmnopqrstuvwxyz".substring(0, length);
            assertDecodes(ascii);
            for (String form : forms) {
                for (int at = 0; at <= length; at++) {
                    assertDecodes(ascii.substring(0, at) + form + ascii.substring(at));
                    assertDecodes(ascii.substring(0, at) + form + ascii.substring(at) + form);
                }
            }
        }
    }

    @Test
    void arrayDecoderReadsLongMixedTextAndRangesInsideAnArray() {
        String mixed = "Zürich-東京-São Paulo-Kraków-Αθήνα-Москва-\uD83D\uDE80-".repeat(5);
        assertDecodes(mixed);
        byte[] bytes = ("xx" + mixed + "yy").getBytes(StandardCharsets.UTF_8);
        char[] chars = new char[bytes.length];
        int count = Utf8Chars.decode(bytes, 2, bytes.length - 4, chars);
        assertThat(new String(chars, 0, count)).isEqualTo(mixed);
    }

    /** Each malformed form, after ASCII words or none, is refused (-1), as the JDK would replace it. */
    @Test
    void arrayDecoderRefusesEveryMalformedFormAfterAsciiWords() {
        byte[][] malformed = {
            {(byte) 0x80}, {(byte) 0xBF}, {(byte) 0xC0, (byte) 0x80}, {(byte) 0xC1, (byte) 0xBF}, {(byte) 0xC3},
            {(byte) 0xC3, 'a'}, {(byte) 0xE0, (byte) 0x80, (byte) 0x80}, {(byte) 0xE0, (byte) 0x9F, (byte) 0xBF},
            {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xED, (byte) 0xBF, (byte) 0xBF}, {(byte) 0xE4, (byte) 0xB8},
            {(byte) 0xE4, 'a', (byte) 0xAD}, {(byte) 0xE4, (byte) 0xB8, 'a'}, {(byte) 0xF0, (byte) 0x8F, (byte) 0xBF, (byte) 0xBF},
            {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, {(byte) 0xF0, (byte) 0x9F, (byte) 0x9A},
            {(byte) 0xF5, (byte) 0x80, (byte) 0x80, (byte) 0x80}, {(byte) 0xFF},
        };
        for (int prefix : new int[] {0, 1, 7, 8, 9, 16}) {
            for (byte[] form : malformed) {
                byte[] bytes = new byte[prefix + form.length];
                java.util.Arrays.fill(bytes, 0, prefix, (byte) 'k');
                System.arraycopy(form, 0, bytes, prefix, form.length);
                assertThat(Utf8Chars.decode(bytes, 0, bytes.length, new char[bytes.length]))
                    .as("%d ASCII bytes then %s", prefix, java.util.Arrays.toString(form)).isEqualTo(-1);
                assertThat(Utf8Chars.isWellFormed(ByteBuffer.wrap(bytes), 0, bytes.length)).isFalse();
            }
        }
    }

    /** A form cut short by the end of the range is refused even when the array goes on past it. */
    @Test
    void arrayDecoderStopsAtTheEndOfTheRangeNotOfTheArray() {
        byte[] bytes = "abcdefgh東".getBytes(StandardCharsets.UTF_8);
        for (int length = 9; length < bytes.length; length++) {
            assertThat(Utf8Chars.decode(bytes, 0, length, new char[bytes.length])).as("length %d", length).isEqualTo(-1);
        }
        assertThat(Utf8Chars.decode(bytes, 0, 8, new char[8])).isEqualTo(8);
    }

    private static void assertDecodes(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        char[] chars = new char[bytes.length];
        int count = Utf8Chars.decode(bytes, 0, bytes.length, chars);
        assertThat(new String(chars, 0, Math.max(count, 0))).as("decoding %s", text).isEqualTo(text);
    }

    @Test
    void charSequenceHashEqualsStringHash() {
        assertThat(Utf8Chars.hashCode(new StringBuilder("TagA\uD83D\uDE00"))).isEqualTo("TagA\uD83D\uDE00".hashCode());
    }
}
