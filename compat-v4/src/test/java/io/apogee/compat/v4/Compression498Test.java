package io.apogee.compat.v4;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.message.MessageSysFlag;
import io.apogee.wire.message.compress.BodyCodec;
import io.apogee.wire.message.compress.CompressionType;
import io.apogee.wire.message.pull.PullBodyDecoder;
import io.apogee.wire.message.record.StoredRecordWriter;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import org.apache.rocketmq.common.UtilAll;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;

/**
 * Compressed bodies as a 4.x producer sends them: zlib ({@code UtilAll.compress}, level 5 by default) with only the
 * COMPRESSED sysflag bit, type bits 0. Our codec inflates them, alone and inside a pulled record; 4.9.8's
 * {@code UtilAll.uncompress} and client decoder inflate ours, whose bytes equal 4.9.8's at the same level.
 */
@SuppressWarnings("deprecation") // UtilAll.compress and uncompress are what the 4.x producer and 4.x tools call
class Compression498Test {
    private static final int ROUNDS = 60;
    private static final int MAX_BODY = 4 * 1024 * 1024;
    private static final int LEVEL = 5;

    @Test
    void aFourXProducersSysFlagNamesZlib() {
        assertThat(CompressionType.fromSysFlag(MessageSysFlag.COMPRESSED)).isEqualTo(CompressionType.ZLIB);
    }

    @Test
    void weInflate498sBodiesAnd498InflatesOursWhichAreTheSameBytes() throws Exception {
        SplittableRandom random = Seeds.random("Compression498Test.bodies");
        try (BodyCodec codec = new BodyCodec()) {
            for (int i = 0; i < ROUNDS; i++) {
                byte[] body = body(random);
                int level = i % 3 == 0 ? 1 + random.nextInt(9) : LEVEL;
                byte[] theirs = UtilAll.compress(body, level);
                CompressionType type = CompressionType.fromSysFlag(MessageSysFlag.COMPRESSED);
                assertThat(codec.decompress(type, ByteBuffer.wrap(theirs), 0, theirs.length, MAX_BODY)).isEqualTo(body);
                byte[] ours = codec.compress(CompressionType.ZLIB, level, body);
                assertThat(UtilAll.uncompress(ours)).isEqualTo(body);
                assertThat(ours).as("level " + level + ", " + body.length + " bytes").isEqualTo(theirs);
            }
        }
    }

    /**
     * At level 0 (stored blocks, which no producer uses: the level is 5 unless configured) 4.9.8's
     * {@code DeflaterOutputStream} feeds the deflater 512 bytes at a time and ends its blocks elsewhere than our
     * one-shot deflate, so the bytes differ; both still inflate each other's output.
     */
    @Test
    void levelZeroInflatesBothWays() throws Exception {
        SplittableRandom random = Seeds.random("Compression498Test.level0");
        try (BodyCodec codec = new BodyCodec()) {
            for (int i = 0; i < ROUNDS / 6; i++) {
                byte[] body = body(random);
                byte[] theirs = UtilAll.compress(body, 0);
                assertThat(codec.decompress(CompressionType.ZLIB, ByteBuffer.wrap(theirs), 0, theirs.length, MAX_BODY)).isEqualTo(body);
                assertThat(UtilAll.uncompress(codec.compress(CompressionType.ZLIB, 0, body))).isEqualTo(body);
            }
        }
    }

    @Test
    void compressedRecordsCrossBothWays() throws Exception {
        SplittableRandom random = Seeds.random("Compression498Test.records");
        try (BodyCodec codec = new BodyCodec()) {
            PullBodyDecoder decoder = new PullBodyDecoder();
            for (int i = 0; i < ROUNDS; i++) {
                byte[] body = body(random);
                int sysFlag = Messages498.sysFlag(random, random.nextBoolean(), random.nextBoolean())
                    & ~MessageSysFlag.COMPRESSION_MASK | MessageSysFlag.COMPRESSED;
                MessageExt message = Messages498.stored(random, UtilAll.compress(body, LEVEL), sysFlag);

                byte[] theirs = MessageDecoder.encode(message, false);
                decoder.wrap(ByteBuffer.wrap(theirs), 0, theirs.length);
                assertThat(decoder.next()).isTrue();
                assertThat(decoder.message().isCompressed()).isTrue();
                assertThat(decoder.message().decompressBody(codec, MAX_BODY)).isEqualTo(body);

                byte[] ourBody = codec.compress(CompressionType.ZLIB, LEVEL, body);
                StoredRecordWriter writer = Messages498.writer(message, true).body(ourBody, 0, ourBody.length);
                ByteBuffer record = ByteBuffer.allocate(writer.recordSize());
                writer.write(record, 0);
                MessageExt read = MessageDecoder.decodes(record).get(0);
                assertThat(read.getBody()).isEqualTo(body);
                assertThat(read.getSysFlag()).isEqualTo(sysFlag);
            }
        }
    }

    private static byte[] body(SplittableRandom random) {
        int length = 4097 + random.nextInt(random.nextInt(10) == 0 ? 1_000_000 : 60_000);
        return random.nextBoolean() ? RandomText.compressible(random, length) : RandomText.bytes(random, length);
    }
}
