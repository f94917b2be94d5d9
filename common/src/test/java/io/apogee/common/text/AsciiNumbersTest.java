package io.apogee.common.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AsciiNumbersTest {
    @Test
    void writesAndParsesLikeTheJdk() {
        long seed = System.nanoTime();
        SplittableRandom random = new SplittableRandom(seed);
        ByteBuffer buffer = ByteBuffer.allocate(32);
        for (int i = 0; i < 10_000; i++) {
            long value = switch (i % 3) {
                case 0 -> random.nextLong();
                case 1 -> random.nextInt(-1000, 1000);
                default -> random.nextLong(Long.MIN_VALUE + 1, Long.MAX_VALUE);
            };
            int written = AsciiNumbers.write(value, buffer, 3);
            String text = new String(buffer.array(), 3, written, StandardCharsets.US_ASCII);
            assertThat(text).as("seed %d", seed).isEqualTo(Long.toString(value));
            assertThat(AsciiNumbers.length(value)).isEqualTo(written);
            if (value != Long.MIN_VALUE) {
                assertThat(AsciiNumbers.parseLong(buffer, 3, written)).as("seed %d", seed).isEqualTo(value);
            }
        }
    }

    @Test
    void rejectsWhatIsNotADecimalLong() {
        for (String bad : new String[] {"", "-", "+", "12a", " 1", "99999999999999999999", "1.5", "--1"}) {
            ByteBuffer buffer = ByteBuffer.wrap(bad.getBytes(StandardCharsets.US_ASCII));
            assertThat(AsciiNumbers.parseLong(buffer, 0, buffer.capacity())).as(bad).isEqualTo(AsciiNumbers.INVALID);
        }
        ByteBuffer plus = ByteBuffer.wrap("+42".getBytes(StandardCharsets.US_ASCII));
        assertThat(AsciiNumbers.parseLong(plus, 0, 3)).isEqualTo(42);
    }
}
