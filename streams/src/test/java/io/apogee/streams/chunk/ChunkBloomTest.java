package io.apogee.streams.chunk;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The bloom filter against osiris's: the hash values and bit positions below were worked out with Erlang/OTP's
 * {@code erlang:phash2} and {@code osiris_bloom}, so the filter Apogee writes is the one RabbitMQ would.
 */
class ChunkBloomTest {
    private static final int BITS = ChunkBloom.DEFAULT_SIZE * Byte.SIZE;
    private static final Phash2 HASH = new Phash2();

    @Test
    void phash2IsErlangs() {
        // erlang:phash2(Term, 4294967295) for each term
        assertThat(Integer.toUnsignedLong(HASH.ofBinary(bytes("apple"), 0, 5, -1))).isEqualTo(1_977_344_157L);
        assertThat(Integer.toUnsignedLong(HASH.ofBinary(bytes("abcdefghijklm"), 0, 13, -1))).isEqualTo(3_501_102_500L);
        assertThat(Integer.toUnsignedLong(HASH.ofBinary(bytes(""), 0, 0, -1))).isEqualTo(147_926_629L);
        // erlang:phash2(Term, 127) for a binary and the list of it
        assertThat(HASH.ofBinary(bytes("banana"), 0, 6, 127)).isEqualTo(85);
        assertThat(HASH.ofListOfBinary(bytes("banana"), 0, 6, 127)).isEqualTo(22);
        assertThat(HASH.ofBinary(bytes("a"), 0, 1, 127)).isEqualTo(100);
        assertThat(HASH.ofListOfBinary(bytes("a"), 0, 1, 127)).isEqualTo(93);
    }

    @Test
    void phash2IsErlangsForWholeBlocksTailsAndHighBytes() {
        // {erlang:phash2(B, 4294967295), erlang:phash2([B], 4294967295)} for binaries of 12, 24, 17 and 11 bytes
        assertHashes(bytes("abcdefghijkl"), 686_521_495L, 3_176_216_688L);
        assertHashes(bytes("abcdefghijklmnopqrstuvwx"), 2_489_409_165L, 442_241_841L);
        assertHashes(bytes("h\u00e9llo w\u00f6rld \u2713"), 3_257_658_013L, 977_758_550L);
        assertHashes(ByteBuffer.wrap(new byte[] {(byte) 255, (byte) 128, 0, 1, 2, 3, 4, 5, 6, 7, 8}), 2_601_329_349L,
            3_948_683_354L);
    }

    private static void assertHashes(ByteBuffer value, long binary, long list) {
        assertThat(Integer.toUnsignedLong(HASH.ofBinary(value, 0, value.capacity(), -1))).isEqualTo(binary);
        assertThat(Integer.toUnsignedLong(HASH.ofListOfBinary(value, 0, value.capacity(), -1))).isEqualTo(list);
    }

    @Test
    void aValueSetsTheTwoBitsOfOsiris() {
        // osiris_bloom:make_hash(<<"apple">>, 128) = {5, 85}: bit 5 is 0x04 of byte 0, bit 85 is 0x04 of byte 10
        byte[] expected = new byte[16];
        expected[0] = 0x04;
        expected[10] = 0x04;
        assertThat(filterOf(16, "apple")).containsExactly(expected);
        assertThat(ChunkBloom.firstBit(HASH, bytes("apple"), 0, 5, BITS)).isEqualTo(5);
        assertThat(ChunkBloom.secondBit(HASH, bytes("apple"), 0, 5, BITS)).isEqualTo(85);
    }

    @Test
    void anUnfilteredEntrySetsBitZeroBesideTheValues() {
        // apple {5, 85}, banana {86, 23}, and bit 0 for the entry without a value: <<132,0,1,0,...,0,6,0,...>> in osiris
        byte[] expected = new byte[16];
        expected[0] = (byte) 0x84;
        expected[2] = 0x01;
        expected[10] = 0x06;
        assertThat(filterOf(16, "apple", "banana", "")).containsExactly(expected);
    }

    @Test
    void aLongValueAndALargerFilterHashAsInOsiris() {
        // 26 bytes span two of lookup2's 12-byte blocks: {28, 90} in 128 bits
        byte[] expected = new byte[16];
        expected[3] = 0x08;
        expected[11] = 0x20;
        assertThat(filterOf(16, "abcdefghijklmnopqrstuvwxyz")).containsExactly(expected);
        // apple in 256 bits: {208, 48}
        byte[] wide = new byte[32];
        wide[6] = (byte) 0x80;
        wide[26] = (byte) 0x80;
        assertThat(filterOf(32, "apple")).containsExactly(wide);
    }

    @Test
    void aChunkWithoutValuesHasNoFilter() {
        BloomWriter writer = new BloomWriter().reset(16);
        writer.addUnfiltered();
        writer.add(bytes(""), 0, 0);
        assertThat(writer.length()).isZero();
    }

    @Test
    void valuesInAChunkAlwaysMatch() {
        Random random = new Random(17);
        for (int round = 0; round < 500; round++) {
            int size = ChunkBloom.MIN_SIZE + random.nextInt(ChunkBloom.MAX_SIZE - ChunkBloom.MIN_SIZE + 1);
            List<String> values = new ArrayList<>();
            for (int i = 1 + random.nextInt(8); i > 0; i--) {
                values.add(Long.toString(random.nextLong(), 36 - random.nextInt(20)));
            }
            ByteBuffer filter = ByteBuffer.wrap(filterOf(size, values.toArray(String[]::new)));
            for (String value : values) {
                assertThat(new BloomMatcher(List.of(value), false).matches(filter, 0, size))
                    .as("round %d, size %d, %s in %s", round, size, value, values).isTrue();
            }
        }
    }

    @Test
    void aValueNotInTheChunkDoesNotMatchWhenItsBitsAreClear() {
        // texas is {82, 109}; california sets {83, 49}: osiris_bloom:is_match says false
        ByteBuffer california = ByteBuffer.wrap(filterOf(16, "california"));
        assertThat(new BloomMatcher(List.of("texas"), false).matches(california, 0, 16)).isFalse();
        assertThat(new BloomMatcher(List.of("texas", "california"), false).matches(california, 0, 16)).isTrue();
        Set<Integer> bits = new HashSet<>();
        for (int bit = 0; bit < BITS; bit++) {
            if (ChunkBloom.isSet(california, 0, bit)) {
                bits.add(bit);
            }
        }
        assertThat(bits).containsExactlyInAnyOrder(83, 49);
    }

    @Test
    void matchUnfilteredTakesChunksWithoutFilterAndChunksWithTheUnfilteredBit() {
        ByteBuffer none = ByteBuffer.allocate(0);
        assertThat(new BloomMatcher(List.of("texas"), false).matches(none, 0, 0)).isFalse();
        assertThat(new BloomMatcher(List.of("texas"), true).matches(none, 0, 0)).isTrue();
        ByteBuffer mixed = ByteBuffer.wrap(filterOf(16, "california", ""));
        assertThat(new BloomMatcher(List.of("texas"), false).matches(mixed, 0, 16)).isFalse();
        assertThat(new BloomMatcher(List.of("texas"), true).matches(mixed, 0, 16)).isTrue();
        ByteBuffer filteredOnly = ByteBuffer.wrap(filterOf(16, "california"));
        assertThat(new BloomMatcher(List.of("texas"), true).matches(filteredOnly, 0, 16)).isFalse();
    }

    @Test
    void aMatcherFollowsTheSizeOfEachChunksFilter() {
        BloomMatcher matcher = new BloomMatcher(List.of("apple"), false);
        assertThat(matcher.matches(ByteBuffer.wrap(filterOf(16, "apple")), 0, 16)).isTrue();
        assertThat(matcher.matches(ByteBuffer.wrap(filterOf(32, "apple")), 0, 32)).isTrue();
        assertThat(matcher.matches(ByteBuffer.wrap(filterOf(32, "banana")), 0, 32)).isFalse();
    }

    private static byte[] filterOf(int size, String... values) {
        BloomWriter writer = new BloomWriter().reset(size);
        for (String value : values) {
            ByteBuffer bytes = bytes(value);
            writer.add(bytes, 0, bytes.capacity());
        }
        ByteBuffer out = ByteBuffer.allocate(writer.length());
        writer.writeTo(out, 0);
        return out.array();
    }

    private static ByteBuffer bytes(String value) {
        return ByteBuffer.wrap(value.getBytes(StandardCharsets.UTF_8));
    }
}
