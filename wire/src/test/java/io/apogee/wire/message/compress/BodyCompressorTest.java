package io.apogee.wire.message.compress;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.wire.message.FormatError;
import io.apogee.wire.message.MessageFormatException;
import io.apogee.wire.message.RandomText;
import io.apogee.wire.message.RocketMessages;
import io.apogee.wire.message.Seeds;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import net.jpountz.lz4.LZ4FrameOutputStream;
import org.apache.rocketmq.common.compression.Compressor;
import org.apache.rocketmq.common.compression.CompressorFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class BodyCompressorTest {
    private final BodyCodec codec = new BodyCodec();

    @AfterEach
    void close() {
        codec.close();
    }

    private static Compressor theirs(CompressionType type) {
        return CompressorFactory.getCompressor(org.apache.rocketmq.common.compression.CompressionType.findByValue(type.value()));
    }

    private static ByteBuffer buffer(byte[] bytes, int offset, int capacity, boolean direct) {
        ByteBuffer buffer = direct ? ByteBuffer.allocateDirect(offset + capacity) : ByteBuffer.allocate(offset + capacity);
        buffer.put(offset, bytes, 0, Math.min(bytes.length, capacity));
        return buffer;
    }

    private static byte[] data(SplittableRandom random, int length) {
        return random.nextBoolean() ? RandomText.compressible(random, length) : RandomText.bytes(random, length);
    }

    @ParameterizedTest
    @EnumSource(CompressionType.class)
    void interoperatesWithRocketMqBothWays(CompressionType type) throws Exception {
        SplittableRandom random = Seeds.random("BodyCompressorTest." + type);
        BodyCompressor ours = codec.compressor(type);
        int[] lengths = {0, 1, 17, 100, 4096, 5000, 70_000, 300_000};
        for (int round = 0; round < 48; round++) {
            byte[] data = data(random, lengths[round % lengths.length]);
            boolean sourceDirect = round % 2 == 0;
            boolean destinationDirect = round / 2 % 2 == 0;
            int offset = random.nextInt(8);
            ByteBuffer source = buffer(data, offset, data.length, sourceDirect);
            int capacity = ours.maxCompressedLength(data.length);
            ByteBuffer compressed = buffer(new byte[0], 3, capacity, destinationDirect);
            int length = ours.compress(BodyCodec.DEFAULT_LEVEL, source, offset, data.length, compressed, 3, capacity);
            assertThat(length).isPositive();
            byte[] ourBytes = RocketMessages.bytes(compressed, 3, length);
            assertThat(theirs(type).decompress(ourBytes)).as("RocketMQ reads ours").isEqualTo(data);

            byte[] theirBytes = theirs(type).compress(data, BodyCodec.DEFAULT_LEVEL);
            if (type != CompressionType.ZSTD) {
                assertThat(ourBytes).as("same bytes as RocketMQ").isEqualTo(theirBytes);
            }
            ByteBuffer input = buffer(theirBytes, offset, theirBytes.length, destinationDirect);
            ByteBuffer output = buffer(new byte[0], 5, data.length, sourceDirect);
            assertThat(ours.decompress(input, offset, theirBytes.length, output, 5, data.length)).isEqualTo(data.length);
            assertThat(RocketMessages.bytes(output, 5, data.length)).as("we read RocketMQ's").isEqualTo(data);
            if (data.length > 0) {
                assertThat(ours.decompress(input, offset, theirBytes.length, output, 5, data.length - 1))
                    .isEqualTo(BodyCompressor.DOES_NOT_FIT);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(CompressionType.class)
    void bodiesOverFourMebibytesCrossBlockBoundaries(CompressionType type) throws Exception {
        SplittableRandom random = Seeds.random("BodyCompressorTest.large." + type);
        byte[] data = RandomText.compressible(random, 4 * 1024 * 1024 + 1000);
        byte[] ours = codec.compress(type, BodyCodec.DEFAULT_LEVEL, data);
        assertThat(theirs(type).decompress(ours)).isEqualTo(data);
        byte[] theirs = theirs(type).compress(data, BodyCodec.DEFAULT_LEVEL);
        assertThat(codec.decompress(type, ByteBuffer.wrap(theirs), 0, theirs.length, 8 << 20)).isEqualTo(data);
    }

    @ParameterizedTest
    @EnumSource(CompressionType.class)
    void corruptOrTruncatedInputIsAFormatError(CompressionType type) throws Exception {
        SplittableRandom random = Seeds.random("BodyCompressorTest.corrupt." + type);
        BodyCompressor ours = codec.compressor(type);
        ByteBuffer output = ByteBuffer.allocate(1 << 16);
        for (int i = 0; i < 200; i++) {
            byte[] garbage = RandomText.bytes(random, 1 + random.nextInt(64));
            assertThatThrownBy(() -> ours.decompress(ByteBuffer.wrap(garbage), 0, garbage.length, output, 0, output.capacity()))
                .isInstanceOf(MessageFormatException.class)
                .satisfies(e -> assertThat(((MessageFormatException) e).error()).isEqualTo(FormatError.CORRUPT_COMPRESSED_BODY));
        }
        byte[] valid = theirs(type).compress(RandomText.compressible(random, 5000), 5);
        assertThatThrownBy(() -> ours.decompress(ByteBuffer.wrap(valid), 0, valid.length / 2, output, 0, output.capacity()))
            .isInstanceOf(MessageFormatException.class);
    }

    @ParameterizedTest
    @EnumSource(CompressionType.class)
    void compressionThatDoesNotFitIsReported(CompressionType type) {
        byte[] data = RandomText.bytes(new SplittableRandom(1), 1000);
        ByteBuffer small = ByteBuffer.allocate(100);
        assertThat(codec.compressor(type).compress(5, ByteBuffer.wrap(data), 0, 1000, small, 0, 100))
            .isEqualTo(BodyCompressor.DOES_NOT_FIT);
        assertThat(codec.compressor(type).type()).isEqualTo(type);
    }

    @Test
    void lz4FramesWithEveryOptionAreRead() throws Exception {
        SplittableRandom random = Seeds.random("BodyCompressorTest.lz4options");
        byte[] data = data(random, 200_000);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (LZ4FrameOutputStream out = new LZ4FrameOutputStream(bytes, LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB, data.length,
            LZ4FrameOutputStream.FLG.Bits.BLOCK_INDEPENDENCE, LZ4FrameOutputStream.FLG.Bits.BLOCK_CHECKSUM,
            LZ4FrameOutputStream.FLG.Bits.CONTENT_SIZE, LZ4FrameOutputStream.FLG.Bits.CONTENT_CHECKSUM)) {
            out.write(data);
        }
        byte[] frame = bytes.toByteArray();
        byte[] twoFrames = new byte[frame.length * 2];
        System.arraycopy(frame, 0, twoFrames, 0, frame.length);
        System.arraycopy(frame, 0, twoFrames, frame.length, frame.length);
        byte[] decoded = codec.decompress(CompressionType.LZ4, ByteBuffer.wrap(twoFrames), 0, twoFrames.length, 1 << 20);
        assertThat(decoded).hasSize(data.length * 2);
        assertThat(java.util.Arrays.copyOfRange(decoded, data.length, decoded.length)).isEqualTo(data);
        for (int flip : new int[] {5, 6, 20, frame.length - 2}) {
            byte[] damaged = frame.clone();
            damaged[flip] ^= 0x01;
            assertThatThrownBy(() -> codec.decompress(CompressionType.LZ4, ByteBuffer.wrap(damaged), 0, damaged.length, 1 << 20))
                .isInstanceOf(MessageFormatException.class).hasMessageContaining("lz4 frame");
        }
    }

    @Test
    void sysFlagChoosesTheCodecAndLimitsAreEnforced() {
        assertThat(codec.forSysFlag(0x1).type()).isEqualTo(CompressionType.ZLIB);
        assertThat(codec.forSysFlag(0x301).type()).isEqualTo(CompressionType.ZLIB);
        assertThat(codec.forSysFlag(0x101).type()).isEqualTo(CompressionType.LZ4);
        assertThat(codec.forSysFlag(0x201).type()).isEqualTo(CompressionType.ZSTD);
        assertThatThrownBy(() -> codec.forSysFlag(0x401)).isInstanceOf(MessageFormatException.class)
            .satisfies(e -> assertThat(((MessageFormatException) e).error()).isEqualTo(FormatError.UNKNOWN_COMPRESSION));
        assertThat(CompressionType.ZSTD.sysFlagBits()).isEqualTo(0x200);
        byte[] big = codec.compress(CompressionType.ZLIB, 5, new byte[100_000]);
        assertThatThrownBy(() -> codec.decompress(CompressionType.ZLIB, ByteBuffer.wrap(big), 0, big.length, 99_999))
            .isInstanceOf(MessageFormatException.class)
            .satisfies(e -> assertThat(((MessageFormatException) e).error()).isEqualTo(FormatError.BODY_TOO_LARGE));
        assertThat(codec.decompress(CompressionType.ZLIB, ByteBuffer.wrap(big), 0, big.length, 100_000)).hasSize(100_000);
    }
}
