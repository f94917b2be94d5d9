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
    void comparesWithoutDecoding() {
        ByteBuffer buffer = ByteBuffer.wrap("TopicTesté".getBytes(StandardCharsets.UTF_8));
        assertThat(Utf8.equals(buffer, 0, 9, "TopicTest")).isTrue();
        assertThat(Utf8.equals(buffer, 0, 9, "TopicTesT")).isFalse();
        assertThat(Utf8.equals(buffer, 0, 8, "TopicTest")).isFalse();
        assertThat(Utf8.equals(buffer, 0, buffer.capacity(), "TopicTesté")).isTrue();
        assertThat(Utf8.equals(buffer, 0, buffer.capacity(), "TopicTestè")).isFalse();
    }
}
