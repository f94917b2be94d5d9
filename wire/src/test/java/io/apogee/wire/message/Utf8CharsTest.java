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

    @Test
    void charSequenceHashEqualsStringHash() {
        assertThat(Utf8Chars.hashCode(new StringBuilder("TagA\uD83D\uDE00"))).isEqualTo("TagA\uD83D\uDE00".hashCode());
    }
}
