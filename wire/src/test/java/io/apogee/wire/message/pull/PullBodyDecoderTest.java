package io.apogee.wire.message.pull;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.common.text.InternTable;
import io.apogee.wire.message.FormatError;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.MessageFormatException;
import io.apogee.wire.message.MessageSysFlag;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.RandomText;
import io.apogee.wire.message.RocketMessages;
import io.apogee.wire.message.Seeds;
import io.apogee.wire.message.compress.BodyCodec;
import io.apogee.wire.message.compress.BodyCompressor;
import io.apogee.wire.message.compress.CompressionType;
import io.apogee.wire.message.record.StoredRecord;
import io.apogee.wire.message.record.StoredRecordWriter;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.rocketmq.common.compression.CompressorFactory;
import org.apache.rocketmq.common.message.MessageClientExt;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class PullBodyDecoderTest {
    private final PullBodyDecoder decoder = new PullBodyDecoder();
    private final BodyCodec codec = new BodyCodec();

    @AfterEach
    void close() {
        codec.close();
    }

    /** A stored record of {@code message}, by RocketMQ's encoder when it can (V1 topics) else by ours. */
    static byte[] encode(MessageExt message) throws Exception {
        if (message.getTopic().length() <= 127) {
            return MessageDecoder.encode(message, false);
        }
        StoredRecordWriter writer = new StoredRecordWriter().topic(message.getTopic()).queueId(message.getQueueId())
            .flag(message.getFlag()).queueOffset(message.getQueueOffset()).physicalOffset(message.getCommitLogOffset())
            .sysFlag(message.getSysFlag()).bornTimestamp(message.getBornTimestamp())
            .bornHost(HostAddress.of((InetSocketAddress) message.getBornHost())).storeTimestamp(message.getStoreTimestamp())
            .storeHost(HostAddress.of((InetSocketAddress) message.getStoreHost())).reconsumeTimes(message.getReconsumeTimes())
            .preparedTransactionOffset(message.getPreparedTransactionOffset()).body(message.getBody(), 0, message.getBody().length);
        for (Map.Entry<String, String> entry : message.getProperties().entrySet()) {
            writer.extraProperty(entry.getKey(), entry.getValue());
        }
        ByteBuffer buffer = ByteBuffer.allocate(writer.recordSize());
        writer.write(buffer, 0);
        return buffer.array();
    }

    /** A random message as a broker stores it; one in five has a compressed body. */
    static MessageExt randomMessage(SplittableRandom random) throws Exception {
        int[] topicLengths = {1, 10, 127, 128, 255};
        String topic = RandomText.topic(random, topicLengths[random.nextInt(topicLengths.length)]);
        HashMap<String, String> properties = RocketMessages.properties(random, 8);
        int sysFlag = RocketMessages.sysFlag(random, random.nextBoolean(), random.nextBoolean());
        byte[] body = RandomText.bytes(random, random.nextInt(400));
        if (random.nextInt(5) == 0) {
            CompressionType type = CompressionType.values()[random.nextInt(3)];
            body = CompressorFactory.getCompressor(org.apache.rocketmq.common.compression.CompressionType.findByValue(type.value()))
                .compress(RandomText.compressible(random, random.nextInt(20_000)), 5);
            sysFlag = MessageSysFlag.withCompression(sysFlag, random.nextInt(8) == 0 && type == CompressionType.ZLIB ? 0 : type.value());
        }
        return RocketMessages.messageExt(random, topic, body, properties, sysFlag);
    }

    static Map<String, String> toMap(PropertiesReader properties) {
        Map<String, String> map = new HashMap<>();
        while (properties.next()) {
            map.put(properties.name(), properties.value());
        }
        return map;
    }

    @Test
    void everyFieldEqualsWhatRocketMqsClientDecodes() throws Exception {
        SplittableRandom random = Seeds.random("PullBodyDecoderTest.random");
        InternTable topics = new InternTable(64, 255);
        PullBodyDecoder interning = new PullBodyDecoder(topics);
        PullBodyDecoder checkedWalker = new PullBodyDecoder();
        for (int round = 0; round < 300; round++) {
            int count = 1 + random.nextInt(8);
            List<byte[]> records = new ArrayList<>();
            int total = 0;
            for (int i = 0; i < count; i++) {
                byte[] record = encode(randomMessage(random));
                records.add(record);
                total += record.length;
            }
            int offset = random.nextInt(5);
            ByteBuffer body = random.nextBoolean() ? ByteBuffer.allocateDirect(offset + total) : ByteBuffer.allocate(offset + total);
            int at = offset;
            for (byte[] record : records) {
                body.put(at, record);
                at += record.length;
            }
            List<MessageExt> expected = MessageDecoder.decodesBatch(body.slice(offset, total), true, true, true);
            assertThat(expected).hasSize(count);
            PullBodyDecoder under = round % 2 == 0 ? decoder : interning;
            under.verifyBodyCrc(true).wrap(body, offset, total);
            assertThat(under.count()).isEqualTo(count);
            PullBodyDecoder walker = round % 3 == 0 ? checkedWalker.wrapChecked(body, offset, total) : under;
            for (MessageExt theirs : expected) {
                assertThat(walker.next()).isTrue();
                assertSameMessage(walker.message(), (MessageClientExt) theirs);
            }
            assertThat(walker.next()).isFalse();
        }
        PullBodyDecoder fresh = new PullBodyDecoder(new InternTable(4, 255));
        ByteBuffer two = twoRecords();
        fresh.wrap(two, 0, two.limit());
        assertThat(fresh.next()).isTrue();
        String first = fresh.message().topic();
        assertThat(fresh.next()).isTrue();
        assertThat(fresh.message().topic()).isEqualTo("T").isSameAs(first);
    }

    private void assertSameMessage(PulledMessage ours, MessageClientExt theirs) {
        assertThat(ours.totalSize()).isEqualTo(theirs.getStoreSize());
        assertThat(ours.bodyCrc()).isEqualTo(theirs.getBodyCRC());
        assertThat(ours.queueId()).isEqualTo(theirs.getQueueId());
        assertThat(ours.flag()).isEqualTo(theirs.getFlag());
        assertThat(ours.queueOffset()).isEqualTo(theirs.getQueueOffset());
        assertThat(ours.physicalOffset()).isEqualTo(theirs.getCommitLogOffset());
        int sysFlag = ours.isCompressed() ? MessageSysFlag.clearCompressed(ours.sysFlag()) : ours.sysFlag();
        assertThat(sysFlag).as("RocketMQ clears COMPRESSED once it inflated the body").isEqualTo(theirs.getSysFlag());
        assertThat(ours.bornTimestamp()).isEqualTo(theirs.getBornTimestamp());
        assertThat(ours.bornHost().toSocketAddress()).isEqualTo(theirs.getBornHost());
        assertThat(ours.storeTimestamp()).isEqualTo(theirs.getStoreTimestamp());
        assertThat(ours.storeHost().toSocketAddress()).isEqualTo(theirs.getStoreHost());
        assertThat(ours.reconsumeTimes()).isEqualTo(theirs.getReconsumeTimes());
        assertThat(ours.preparedTransactionOffset()).isEqualTo(theirs.getPreparedTransactionOffset());
        assertThat(ours.topic()).isEqualTo(theirs.getTopic());
        byte[] body = ours.decompressBody(codec, 1 << 20);
        assertThat(body).isEqualTo(theirs.getBody() == null ? new byte[0] : theirs.getBody());
        if (!ours.isCompressed()) {
            ByteBuffer view = ours.body();
            assertThat(view.remaining()).isEqualTo(ours.bodyLength());
            assertThat(RocketMessages.bytes(view, view.position(), view.remaining())).isEqualTo(body);
            assertThat(ours.bodySlice()).isEqualTo(view);
        } else {
            ByteBuffer out = ByteBuffer.allocateDirect(body.length);
            assertThat(ours.decompressBody(codec, out, 0, body.length)).isEqualTo(body.length);
            if (body.length > 0) {
                assertThat(ours.decompressBody(codec, out, 0, body.length - 1)).isEqualTo(BodyCompressor.DOES_NOT_FIT);
            }
        }
        assertThat(toMap(ours.properties())).isEqualTo(theirs.getProperties() == null ? Map.of() : theirs.getProperties());
        assertThat(ours.msgId()).isEqualTo(theirs.getMsgId());
        assertThat(ours.offsetMsgId()).isEqualTo(theirs.getOffsetMsgId());
    }

    private static ByteBuffer twoRecords() {
        StoredRecordWriter writer = new StoredRecordWriter().topic("T").bornHost(HostAddress.of(new byte[4], 1))
            .storeHost(HostAddress.of(new byte[] {10, 0, 0, 1}, 10911)).extraProperty("TAGS", "A");
        byte[] body = "body".getBytes(StandardCharsets.US_ASCII);
        writer.body(body, 0, body.length);
        int size = writer.recordSize();
        ByteBuffer buffer = ByteBuffer.allocate(2 * size);
        writer.write(buffer, 0);
        writer.physicalOffset(size).write(buffer, size);
        return buffer;
    }

    private void assertFailsAfter(ByteBuffer body, int delivered, FormatError error) {
        decoder.wrap(body, 0, body.limit());
        for (int i = 0; i < delivered; i++) {
            assertThat(decoder.next()).isTrue();
        }
        assertThatThrownBy(decoder::next).isInstanceOf(MessageFormatException.class)
            .hasMessageContaining("pull body")
            .satisfies(e -> assertThat(((MessageFormatException) e).error()).isEqualTo(error));
    }

    @Test
    void truncatedBodiesDeliverTheCompleteRecordsThenFail() {
        ByteBuffer body = twoRecords();
        int size = body.limit() / 2;
        for (int length = 1; length < body.limit(); length++) {
            ByteBuffer prefix = body.duplicate().limit(length);
            if (length == size) {
                assertThat(decoder.wrap(prefix, 0, length).count()).isEqualTo(1);
                continue;
            }
            int complete = length / size;
            assertFailsAfter(prefix, complete, FormatError.TRUNCATED);
            assertThat(MessageDecoder.decodesBatch(prefix.duplicate(), true, true, true)).as("RocketMQ stops there too")
                .hasSize(complete);
        }
    }

    @Test
    void aPlainWrapChecksAgainAfterACheckedOne() {
        ByteBuffer body = twoRecords();
        assertThat(decoder.wrap(body, 0, body.limit()).count()).isEqualTo(2);
        decoder.wrapChecked(body, 0, body.limit());
        assertThat(decoder.next()).isTrue();
        assertThat(decoder.next()).isTrue();
        assertThat(decoder.next()).isFalse();
        body.putInt(body.limit() / 2 + StoredRecord.MAGIC_OFFSET, 0x0BADF00D);
        assertFailsAfter(body, 1, FormatError.BAD_MAGIC);
    }

    @Test
    void corruptRecordsRaiseTheirOwnError() {
        int size = twoRecords().limit() / 2;
        ByteBuffer badMagic = twoRecords();
        badMagic.putInt(size + StoredRecord.MAGIC_OFFSET, 0x0BADF00D);
        assertFailsAfter(badMagic, 1, FormatError.BAD_MAGIC);
        ByteBuffer blank = twoRecords();
        StoredRecord.writeBlank(blank, size, size);
        assertFailsAfter(blank, 1, FormatError.BAD_MAGIC);
        ByteBuffer sizes = twoRecords();
        sizes.putInt(0, size - 1);
        assertFailsAfter(sizes, 0, FormatError.LENGTH_MISMATCH);
        ByteBuffer hugeTotal = twoRecords();
        hugeTotal.putInt(size, Integer.MAX_VALUE);
        assertFailsAfter(hugeTotal, 1, FormatError.TRUNCATED);
        ByteBuffer tinyTotal = twoRecords();
        tinyTotal.putInt(size, 12);
        assertFailsAfter(tinyTotal, 1, FormatError.BAD_TOTAL_SIZE);
        ByteBuffer hugeBody = twoRecords();
        hugeBody.putInt(StoredRecord.bodyLengthOffset(0), Integer.MAX_VALUE);
        assertFailsAfter(hugeBody, 0, FormatError.LENGTH_MISMATCH);
        ByteBuffer negativeBody = twoRecords();
        negativeBody.putInt(size + StoredRecord.bodyLengthOffset(0), Integer.MIN_VALUE);
        assertFailsAfter(negativeBody, 1, FormatError.NEGATIVE_LENGTH);
        ByteBuffer hostKinds = twoRecords();
        hostKinds.putInt(StoredRecord.SYS_FLAG_OFFSET, MessageSysFlag.BORNHOST_V6);
        assertFailsAfter(hostKinds, 0, FormatError.LENGTH_MISMATCH);
        ByteBuffer crc = twoRecords();
        crc.put(size + StoredRecord.bodyOffset(0), (byte) 'B');
        assertThat(decoder.verifyBodyCrc(false).wrap(crc, 0, crc.limit()).count()).isEqualTo(2);
        decoder.verifyBodyCrc(true);
        assertFailsAfter(crc, 1, FormatError.BAD_BODY_CRC);
    }

    @Test
    void compressedBodiesDecompressOnlyWhenAskedAndFailByName() {
        ByteBuffer body = twoRecords();
        body.putInt(StoredRecord.SYS_FLAG_OFFSET, MessageSysFlag.withCompression(0, 4));
        body.putInt(body.limit() / 2 + StoredRecord.SYS_FLAG_OFFSET, MessageSysFlag.withCompression(0, CompressionType.ZSTD.value()));
        decoder.wrap(body, 0, body.limit());
        assertThat(decoder.next()).isTrue();
        assertThat(decoder.message().compressionType()).isNull();
        assertThatThrownBy(() -> decoder.message().decompressBody(codec, 100)).isInstanceOf(MessageFormatException.class)
            .satisfies(e -> assertThat(((MessageFormatException) e).error()).isEqualTo(FormatError.UNKNOWN_COMPRESSION));
        assertThat(decoder.next()).isTrue();
        assertThatThrownBy(() -> decoder.message().decompressBody(codec, 100)).isInstanceOf(MessageFormatException.class)
            .satisfies(e -> assertThat(((MessageFormatException) e).error()).isEqualTo(FormatError.CORRUPT_COMPRESSED_BODY));
        assertThat(decoder.message().body().remaining()).isEqualTo(4);
    }

    @Test
    void messageIdIsTheUniqueKeyWhenPresentElseTheOffsetId() {
        ByteBuffer body = twoRecords();
        decoder.wrap(body, 0, body.limit());
        assertThat(decoder.next()).isTrue();
        assertThat(decoder.message().msgId()).isEqualTo("0A00000100002A9F0000000000000000");
        StoredRecordWriter writer = new StoredRecordWriter().topic("T").bornHost(HostAddress.of(new byte[4], 1))
            .storeHost(HostAddress.of(new byte[4], 2)).extraProperty("UNIQ_KEY", "FD00AB").extraProperty("UNIQ_KEY", "C0FFEE");
        ByteBuffer single = ByteBuffer.allocate(writer.recordSize());
        writer.write(single, 0);
        decoder.wrap(single, 0, single.limit());
        assertThat(decoder.next()).isTrue();
        StringBuilder id = new StringBuilder();
        decoder.message().appendMsgId(id);
        assertThat(id.toString()).isEqualTo("C0FFEE");
    }
}
