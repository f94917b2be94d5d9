package io.apogee.common.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ByteSearchTest {
    private static int naive(ByteBuffer buffer, byte value, int from, int to) {
        for (int i = from; i < to; i++) {
            if (buffer.get(i) == value) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void findsTheFirstOccurrenceLikeAByteLoop() {
        long seed = Long.getLong("apogee.seed", System.nanoTime());
        SplittableRandom random = new SplittableRandom(seed);
        for (int round = 0; round < 20_000; round++) {
            int size = random.nextInt(0, 64);
            ByteBuffer buffer = random.nextBoolean() ? ByteBuffer.allocate(size) : ByteBuffer.allocateDirect(size);
            int alphabet = random.nextInt(1, 256);
            for (int i = 0; i < size; i++) {
                buffer.put(i, (byte) random.nextInt(alphabet));
            }
            byte value = (byte) random.nextInt(alphabet);
            int from = size == 0 ? 0 : random.nextInt(0, size + 1);
            int to = random.nextInt(from, size + 1);
            assertThat(ByteSearch.indexOf(buffer, value, from, to))
                .as("seed %d round %d", seed, round).isEqualTo(naive(buffer, value, from, to));
            byte[] array = new byte[size];
            buffer.get(0, array);
            assertThat(ByteSearch.indexOf(array, value, from, to))
                .as("array, seed %d round %d", seed, round).isEqualTo(naive(buffer, value, from, to));
        }
    }

    @Test
    void handlesHighBytesAndRunsOfTheValue() {
        ByteBuffer buffer = ByteBuffer.wrap(new byte[] {(byte) 0x80, (byte) 0xFF, 0, 1, 1, 2, 2, 2, (byte) 0x81, 1, 2});
        assertThat(ByteSearch.indexOf(buffer, (byte) 2, 0, buffer.capacity())).isEqualTo(5);
        assertThat(ByteSearch.indexOf(buffer, (byte) 1, 4, buffer.capacity())).isEqualTo(4);
        assertThat(ByteSearch.indexOf(buffer, (byte) 0x81, 0, buffer.capacity())).isEqualTo(8);
        assertThat(ByteSearch.indexOf(buffer, (byte) 0xFF, 0, buffer.capacity())).isEqualTo(1);
        assertThat(ByteSearch.indexOf(buffer, (byte) 3, 0, buffer.capacity())).isEqualTo(-1);
    }

    @Test
    void arraySearchFindsTheValueAtEveryPlaceOfAWordAndInTheTail() {
        for (int size = 1; size <= 25; size++) {
            for (int at = 0; at < size; at++) {
                byte[] array = new byte[size + 4];
                java.util.Arrays.fill(array, (byte) 0x81); // high bytes next to the value must not be taken for it
                array[at + 2] = 1;
                assertThat(ByteSearch.indexOf(array, (byte) 1, 2, size + 2)).as("size %d at %d", size, at).isEqualTo(at + 2);
                assertThat(ByteSearch.indexOf(array, (byte) 1, at + 3, size + 2)).isEqualTo(-1);
            }
        }
    }

    @Test
    void arraySearchRejectsARangeOutsideTheArray() {
        byte[] array = new byte[8];
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ByteSearch.indexOf(array, (byte) 0, 4, 9))
            .isInstanceOf(IndexOutOfBoundsException.class);
    }
}
