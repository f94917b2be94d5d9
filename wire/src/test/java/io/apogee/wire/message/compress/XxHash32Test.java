package io.apogee.wire.message.compress;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.message.RandomText;
import io.apogee.wire.message.Seeds;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import net.jpountz.xxhash.XXHash32;
import net.jpountz.xxhash.XXHashFactory;
import org.junit.jupiter.api.Test;

class XxHash32Test {
    @Test
    void equalsLz4JavasXxHash32() {
        SplittableRandom random = Seeds.random("XxHash32Test");
        XXHash32 reference = XXHashFactory.safeInstance().hash32();
        for (int i = 0; i < 3000; i++) {
            byte[] bytes = RandomText.bytes(random, random.nextInt(100));
            int offset = bytes.length == 0 ? 0 : random.nextInt(bytes.length);
            int length = bytes.length - offset;
            int seed = i % 3 == 0 ? 0 : random.nextInt();
            ByteBuffer buffer = random.nextBoolean() ? ByteBuffer.wrap(bytes) : ByteBuffer.allocateDirect(bytes.length).put(0, bytes);
            assertThat(XxHash32.hash(buffer, offset, length, seed)).isEqualTo(reference.hash(bytes, offset, length, seed));
        }
    }

    @Test
    void lz4HeaderChecksumOfRocketMqsDescriptor() {
        ByteBuffer descriptor = ByteBuffer.wrap(new byte[] {0x60, 0x70});
        assertThat((XxHash32.hash(descriptor, 0, 2, 0) >>> 8) & 0xFF).isEqualTo(0x73);
    }
}
