package io.apogee.wire.frame;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Randomized property tests in both directions against Apache RocketMQ 5.4.0's {@link RemotingCommand}: random
 * codes, flags, opaques, versions, languages, remarks, ext maps and bodies, in both serializations. Each test prints
 * its seed; replay one with {@code -Dapogee.seed=<seed>}.
 */
class RocketMqCompatibilityTest {
    private static final int SAMPLES = 1500;

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void ourEncodingIsRocketMqsByteForByte(SerializeType type) {
        long seed = Seeds.seed("ourEncodingIsRocketMqsByteForByte " + type);
        RandomHeaders headers = new RandomHeaders(new Random(seed));
        FrameEncoder encoder = new FrameEncoder();
        for (int i = 0; i < SAMPLES; i++) {
            RandomHeaders.Sample sample = headers.sample(type);
            byte[] expected = RocketMqOracle.encode(sample.command());
            byte[] ours = encode(encoder, sample);
            assertSameBytes(ours, expected, "seed " + seed + " sample " + i + " " + sample.header());
        }
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void rocketMqDecodesOurFrames(SerializeType type) {
        long seed = Seeds.seed("rocketMqDecodesOurFrames " + type);
        RandomHeaders headers = new RandomHeaders(new Random(seed));
        FrameEncoder encoder = new FrameEncoder();
        for (int i = 0; i < SAMPLES; i++) {
            RandomHeaders.Sample sample = headers.sample(type);
            RemotingCommand decoded = RocketMqOracle.decode(encode(encoder, sample));
            RocketMqOracle.assertDecodedAs(decoded, sample, type, "seed " + seed + " sample " + i + " " + sample.header());
        }
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void weDecodeRocketMqsFrames(SerializeType type) {
        long seed = Seeds.seed("weDecodeRocketMqsFrames " + type);
        Random random = new Random(seed);
        RandomHeaders headers = new RandomHeaders(random);
        FrameDecoder decoder = new FrameDecoder();
        DecodedFrame frame = new DecodedFrame();
        for (int i = 0; i < SAMPLES; i++) {
            RandomHeaders.Sample sample = headers.sample(type);
            byte[] bytes = RocketMqOracle.encode(sample.command());
            int offset = random.nextInt(16);
            ByteBuffer buffer = place(bytes, offset, random.nextInt(32), random.nextBoolean());
            int consumed = decoder.decode(buffer, offset, buffer.limit() - offset, frame);
            String context = "seed " + seed + " sample " + i + " " + sample.header();
            assertThat(consumed).as(context).isEqualTo(bytes.length);
            assertThat(frame.frameOffset()).as(context).isEqualTo(offset);
            RocketMqOracle.assertDecodedAs(frame, sample, type, context);
        }
    }

    /** Our whole frame for a sample: prefix and header by the encoder, then the body. */
    static byte[] encode(FrameEncoder encoder, RandomHeaders.Sample sample) {
        int front = encoder.measure(sample.header());
        ByteBuffer buffer = ByteBuffer.allocate(front + sample.body().length);
        int size = encoder.encode(sample.header(), ByteBuffer.wrap(sample.body()), 0, sample.body().length, buffer, 0);
        assertThat(size).isEqualTo(buffer.capacity());
        return buffer.array();
    }

    /** {@code bytes} at {@code offset} of a heap or direct buffer, with junk before and {@code slack} junk bytes after. */
    static ByteBuffer place(byte[] bytes, int offset, int slack, boolean direct) {
        int size = offset + bytes.length + slack;
        ByteBuffer buffer = direct ? ByteBuffer.allocateDirect(size) : ByteBuffer.allocate(size);
        for (int i = 0; i < size; i++) {
            buffer.put(i, (byte) (i * 31 + 7));
        }
        buffer.put(offset, bytes);
        return buffer;
    }

    static void assertSameBytes(byte[] ours, byte[] expected, String context) {
        if (!Arrays.equals(ours, expected)) {
            int headerEnd = Math.min(expected.length, FrameLayout.PREFIX_SIZE + (ByteBuffer.wrap(expected).getInt(4) & 0xFFFFFF));
            assertThat(HexFormat.of().formatHex(Arrays.copyOf(ours, Math.min(ours.length, headerEnd)))).as(context)
                .isEqualTo(HexFormat.of().formatHex(Arrays.copyOf(expected, headerEnd)));
            assertThat(ours.length).as(context).isEqualTo(expected.length);
            assertThat(Arrays.mismatch(ours, expected)).as(context + ": first differing byte").isEqualTo(-1);
        }
    }
}
