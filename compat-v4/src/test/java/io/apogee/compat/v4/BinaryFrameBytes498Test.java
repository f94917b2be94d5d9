package io.apogee.compat.v4;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.frame.SerializeType;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * In the ROCKETMQ binary serialization our frames are RocketMQ 4.9.8's byte for byte, ext entries in the iteration
 * order of the {@code HashMap} 4.9.8 was given (which is the order 4.9.8 writes them in).
 */
class BinaryFrameBytes498Test {
    private static final int SAMPLES = 1000;

    @Test
    void ourBinaryFramesAre498sByteForByte() {
        SplittableRandom random = Seeds.random("BinaryFrameBytes498Test");
        RandomFrames frames = new RandomFrames(random);
        HexFormat hex = HexFormat.of();
        for (int i = 0; i < SAMPLES; i++) {
            RandomFrames.Sample sample = frames.next(SerializeType.ROCKETMQ);
            byte[] expected = Oracle498.encode(sample.command());
            byte[] ours = Oracle498.ourFrame(sample.header(), ByteBuffer.wrap(sample.body()), 0, sample.body().length);
            assertThat(hex.formatHex(ours)).as("sample " + i + " " + sample.header()).isEqualTo(hex.formatHex(expected));
        }
    }
}
