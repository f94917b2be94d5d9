package io.apogee.wire.message.record;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.PropertiesWriter;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.RandomText;
import io.apogee.wire.message.RocketMessages;
import io.apogee.wire.message.Seeds;
import io.apogee.wire.message.batch.BatchBodyReader;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageClientExt;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;

class StoredRecordWriterTest {
    private final StoredRecordWriter writer = new StoredRecordWriter();

    /** Sets every field but body and properties from a RocketMQ message. */
    private StoredRecordWriter header(MessageExt message) {
        return writer.reset().topic(message.getTopic()).queueId(message.getQueueId()).flag(message.getFlag())
            .queueOffset(message.getQueueOffset()).physicalOffset(message.getCommitLogOffset()).sysFlag(message.getSysFlag())
            .bornTimestamp(message.getBornTimestamp()).bornHost(HostAddress.of((InetSocketAddress) message.getBornHost()))
            .storeTimestamp(message.getStoreTimestamp()).storeHost(HostAddress.of((InetSocketAddress) message.getStoreHost()))
            .reconsumeTimes(message.getReconsumeTimes()).preparedTransactionOffset(message.getPreparedTransactionOffset());
    }

    private StoredRecordWriter fill(MessageExt message, SplittableRandom random) {
        header(message);
        byte[] body = message.getBody();
        if (random.nextBoolean()) {
            writer.body(body, 0, body.length);
        } else {
            writer.body(ByteBuffer.allocateDirect(body.length + 3).put(3, body), 3, body.length);
        }
        for (Map.Entry<String, String> entry : message.getProperties().entrySet()) {
            writer.extraProperty(entry.getKey(), entry.getValue());
        }
        return writer;
    }

    private byte[] write(int offset, boolean direct) {
        int size = writer.recordSize();
        ByteBuffer buffer = direct ? ByteBuffer.allocateDirect(offset + size) : ByteBuffer.allocate(offset + size);
        assertThat(writer.write(buffer, offset)).isEqualTo(size);
        return RocketMessages.bytes(buffer, offset, size);
    }

    @Test
    void recordsEqualRocketMqsEncodingByteForByte() throws Exception {
        SplittableRandom random = Seeds.random("StoredRecordWriterTest.bytes");
        for (int i = 0; i < 1500; i++) {
            int topicLength = i % 10 == 0 ? 127 : i % 10 == 1 ? 1 : random.nextInt(128);
            int bodyLength = i % 50 == 0 ? random.nextInt(200_000) : random.nextInt(800);
            int sysFlag = RocketMessages.sysFlag(random, random.nextBoolean(), random.nextBoolean());
            MessageExt message = RocketMessages.messageExt(random, RandomText.topic(random, topicLength),
                RandomText.bytes(random, bodyLength), RocketMessages.properties(random, 10), sysFlag);
            fill(message, random);
            assertThat(writer.check()).isEqualTo(SizeCheck.FITS);
            byte[] ours = write(random.nextInt(16), random.nextBoolean());
            assertThat(ours).isEqualTo(MessageDecoder.encode(message, false));
        }
    }

    @Test
    void rocketMqDecodesOurRecordsWithEveryFieldEqualIncludingV2Topics() {
        SplittableRandom random = Seeds.random("StoredRecordWriterTest.decode");
        int[] topicLengths = {1, 50, 127, 128, 200, 255};
        for (int i = 0; i < 600; i++) {
            int count = 1 + random.nextInt(4);
            List<MessageExt> messages = new ArrayList<>();
            ByteBuffer body = ByteBuffer.allocate(count * 3000 + 4096);
            int at = 0;
            for (int m = 0; m < count; m++) {
                String topic = RandomText.topic(random, topicLengths[random.nextInt(topicLengths.length)]);
                int sysFlag = RocketMessages.sysFlag(random, random.nextBoolean(), random.nextBoolean());
                MessageExt message = RocketMessages.messageExt(random, topic, RandomText.bytes(random, random.nextInt(1500)),
                    RocketMessages.properties(random, 6), sysFlag);
                messages.add(message);
                at += fill(message, random).write(body, at);
            }
            body.limit(at);
            List<MessageExt> decoded = MessageDecoder.decodesBatch(body.duplicate(), true, true, true);
            assertThat(decoded).hasSize(count);
            StoredRecord record = new StoredRecord();
            int offset = 0;
            for (int m = 0; m < count; m++) {
                MessageExt expected = messages.get(m);
                MessageExt actual = decoded.get(m);
                assertThat(actual.getTopic()).isEqualTo(expected.getTopic());
                assertThat(actual.getFlag()).isEqualTo(expected.getFlag());
                assertThat(actual.getQueueId()).isEqualTo(expected.getQueueId());
                assertThat(actual.getQueueOffset()).isEqualTo(expected.getQueueOffset());
                assertThat(actual.getCommitLogOffset()).isEqualTo(expected.getCommitLogOffset());
                assertThat(actual.getSysFlag()).isEqualTo(expected.getSysFlag());
                assertThat(actual.getBornTimestamp()).isEqualTo(expected.getBornTimestamp());
                assertThat(actual.getBornHost()).isEqualTo(expected.getBornHost());
                assertThat(actual.getStoreTimestamp()).isEqualTo(expected.getStoreTimestamp());
                assertThat(actual.getStoreHost()).isEqualTo(expected.getStoreHost());
                assertThat(actual.getReconsumeTimes()).isEqualTo(expected.getReconsumeTimes());
                assertThat(actual.getPreparedTransactionOffset()).isEqualTo(expected.getPreparedTransactionOffset());
                assertThat(actual.getBody() == null ? new byte[0] : actual.getBody()).isEqualTo(expected.getBody());
                assertThat(actual.getBodyCRC()).isEqualTo(expected.getBodyCRC());
                assertThat(actual.getProperties() == null ? Map.of() : actual.getProperties())
                    .isEqualTo(StoredRecordTest.wireProperties(expected.getProperties()));
                assertThat(((MessageClientExt) actual).getOffsetMsgId())
                    .isEqualTo(MessageDecoder.createMessageId(expected.getStoreHost(), expected.getCommitLogOffset()));
                record.wrap(body, offset);
                assertThat(actual.getStoreSize()).isEqualTo(record.totalSize());
                StoredRecordTest.assertSameFields(record, expected);
                MessageExt single = MessageDecoder.decode(body.slice(offset, record.totalSize()), true, false);
                assertThat(single.getTopic()).isEqualTo(expected.getTopic());
                assertThat(single.getBody() == null ? new byte[0] : single.getBody()).isEqualTo(expected.getBody());
                offset += record.totalSize();
            }
        }
    }

    @Test
    void largeBodiesUpToFourMebibytes() throws Exception {
        SplittableRandom random = Seeds.random("StoredRecordWriterTest.large");
        for (int length : new int[] {4 * 1024 * 1024, 4 * 1024 * 1024 - 1}) {
            MessageExt message = RocketMessages.messageExt(random, "Large", RandomText.bytes(random, length),
                RocketMessages.properties(random, 3), RocketMessages.sysFlag(random, false, true));
            fill(message, random);
            assertThat(write(0, true)).isEqualTo(MessageDecoder.encode(message, false));
        }
    }

    @Test
    void batchEntriesAreCopiedWithoutReencoding() throws Exception {
        SplittableRandom random = Seeds.random("StoredRecordWriterTest.batch");
        BatchBodyReader reader = new BatchBodyReader();
        for (int i = 0; i < 200; i++) {
            List<Message> messages = new ArrayList<>();
            List<MessageExt> stored = new ArrayList<>();
            int sysFlag = RocketMessages.sysFlag(random, random.nextBoolean(), random.nextBoolean());
            int count = 1 + random.nextInt(6);
            for (int m = 0; m < count; m++) {
                HashMap<String, String> properties = RocketMessages.properties(random, 6);
                byte[] body = RandomText.bytes(random, random.nextInt(400));
                MessageExt message = RocketMessages.messageExt(random, "BatchTopic", body, properties, sysFlag);
                messages.add(RocketMessages.message("BatchTopic", message.getFlag(), body, properties));
                stored.add(message);
            }
            byte[] batch = MessageDecoder.encodeMessages(messages);
            reader.wrap(ByteBuffer.wrap(batch), 0, batch.length);
            for (MessageExt message : stored) {
                assertThat(reader.next()).isTrue();
                header(message).fromBatchEntry(reader.entry());
                assertThat(write(0, false)).isEqualTo(MessageDecoder.encode(message, false));
            }
        }
    }

    @Test
    void extraPropertiesFollowTheGivenOnesWithASeparatorWhenMissing() {
        byte[] unterminated = "A\u00011".getBytes(StandardCharsets.UTF_8);
        StoredRecordWriter w = StoredRecordTest.vectorWriter().clearExtraProperties()
            .properties(ByteBuffer.wrap(unterminated), 0, unterminated.length)
            .extraProperty(PropertyNames.CLUSTER, "DefaultCluster").extraProperty("\u00E9", "\uD83D\uDE00");
        ByteBuffer buffer = ByteBuffer.allocate(w.recordSize());
        w.write(buffer, 0);
        StoredRecord record = new StoredRecord().wrap(buffer, 0);
        String expected = "A\u00011\u0002CLUSTER\u0001DefaultCluster\u0002\u00E9\u0001\uD83D\uDE00\u0002";
        assertThat(new String(RocketMessages.bytes(buffer, record.propertiesOffset(), record.propertiesLength()), StandardCharsets.UTF_8))
            .isEqualTo(expected);
        assertThat(new RecordValidator(4096).check(buffer, 0, buffer.limit(), true)).isEqualTo(RecordStatus.VALID);
    }

    @Test
    void entriesEncodedOnceComeLastAndWriteWhatExtraPropertiesWould() {
        byte[] unterminated = "A\u00011".getBytes(StandardCharsets.UTF_8);
        byte[] trailing = PropertiesWriter.encodeEntries(PropertyNames.CLUSTER, "DefaultCluster", "\u00E9", "\uD83D\uDE00");
        StoredRecordWriter once = StoredRecordTest.vectorWriter().clearExtraProperties()
            .properties(ByteBuffer.wrap(unterminated), 0, unterminated.length).extraProperty("K", "v").trailingEntries(trailing);
        StoredRecordWriter each = StoredRecordTest.vectorWriter().clearExtraProperties()
            .properties(ByteBuffer.wrap(unterminated), 0, unterminated.length).extraProperty("K", "v")
            .extraProperty(PropertyNames.CLUSTER, "DefaultCluster").extraProperty("\u00E9", "\uD83D\uDE00");
        assertThat(once.recordSize()).isEqualTo(each.recordSize());
        ByteBuffer written = ByteBuffer.allocate(once.recordSize());
        ByteBuffer expected = ByteBuffer.allocate(each.recordSize());
        once.write(written, 0);
        each.write(expected, 0);
        assertThat(written.array()).isEqualTo(expected.array());
        StoredRecordWriter alone = StoredRecordTest.vectorWriter().clearExtraProperties()
            .properties(ByteBuffer.wrap(unterminated), 0, unterminated.length).trailingEntries(trailing);
        ByteBuffer buffer = ByteBuffer.allocate(alone.recordSize());
        alone.write(buffer, 0);
        StoredRecord record = new StoredRecord().wrap(buffer, 0);
        assertThat(new String(RocketMessages.bytes(buffer, record.propertiesOffset(), record.propertiesLength()), StandardCharsets.UTF_8))
            .as("a separator is added before them too")
            .isEqualTo("A\u00011\u0002CLUSTER\u0001DefaultCluster\u0002\u00E9\u0001\uD83D\uDE00\u0002");
        HostAddress host = HostAddress.of(new byte[] {1, 2, 3, 4}, 1);
        assertThat(alone.reset().storeHost(host).bornHost(host).recordSize()).as("reset forgets them")
            .isEqualTo(StoredRecord.recordSize(0, 0, 0, 0));
    }

    @Test
    void aTopicMeasuredOnceIsMeasuredAgainWhenAnotherIsGiven() {
        StoredRecordWriter w = StoredRecordTest.vectorWriter();
        int small = w.topic("T").recordSize();
        int larger = w.topic("TT\u00E9").recordSize();
        assertThat(larger - small).isEqualTo(3);
        assertThat(w.topic("T").recordSize()).isEqualTo(small);
        StringBuilder mutable = new StringBuilder("T");
        w.topic(mutable);
        mutable.append("TT");
        assertThat(w.topic(mutable).recordSize()).as("text that is not a String is measured each time").isEqualTo(small + 2);
    }

    @Test
    void propertiesGivenAsTextAreEncodedInPlace() {
        String text = "TAGS\u0001\u4E2D\uD83D\uDE00\u0002KEYS\u0001k";
        StoredRecordWriter w = StoredRecordTest.vectorWriter().clearExtraProperties().properties(text).extraProperty("A", "1");
        ByteBuffer buffer = ByteBuffer.allocateDirect(w.recordSize());
        w.write(buffer, 0);
        StoredRecord record = new StoredRecord().wrap(buffer, 0);
        assertThat(new String(RocketMessages.bytes(buffer, record.propertiesOffset(), record.propertiesLength()), StandardCharsets.UTF_8))
            .isEqualTo(text + "\u0002A\u00011\u0002");
        assertThat(record.properties().value("TAGS")).isEqualTo("\u4E2D\uD83D\uDE00");
    }

    @Test
    void topicFromBytesGivenCrcAndHostBits() {
        byte[] topic = "xxTopicTestyy".getBytes(StandardCharsets.US_ASCII);
        StoredRecordWriter w = StoredRecordTest.vectorWriter().topic(ByteBuffer.wrap(topic), 2, 9).sysFlag(0x30).bodyCrc(12345);
        ByteBuffer buffer = ByteBuffer.allocate(w.recordSize());
        w.write(buffer, 0);
        StoredRecord record = new StoredRecord().wrap(buffer, 0);
        assertThat(record.topic()).isEqualTo("TopicTest");
        assertThat(record.sysFlag()).as("IPv6 bits follow the hosts").isZero();
        assertThat(record.bodyCrc()).isEqualTo(12345);
        assertThat(new RecordValidator(4096).check(buffer, 0, buffer.limit(), true)).isEqualTo(RecordStatus.BAD_BODY_CRC);
        w.computeBodyCrc().write(buffer, 0);
        assertThat(record.bodyCrc()).isEqualTo(0x3610A686);
    }

    @Test
    void fieldsThatDoNotFitAreReportedNotWritten() {
        StoredRecordWriter w = StoredRecordTest.vectorWriter();
        w.topic("t".repeat(32768));
        assertThat(w.check()).isEqualTo(SizeCheck.TOPIC_TOO_LONG);
        assertThatThrownBy(() -> w.write(ByteBuffer.allocate(1 << 16), 0)).isInstanceOf(IllegalStateException.class);
        w.topic("t".repeat(32767));
        assertThat(w.check()).isEqualTo(SizeCheck.FITS);
        w.topic("T").extraProperty("big", "v".repeat(32767 - 10 - 5));
        assertThat(w.check()).isEqualTo(SizeCheck.FITS);
        w.extraProperty("x", "");
        assertThat(w.check()).isEqualTo(SizeCheck.PROPERTIES_TOO_LONG);
        assertThatThrownBy(() -> new StoredRecordWriter().recordSize()).isInstanceOf(IllegalStateException.class);
        ByteBuffer small = ByteBuffer.allocate(114);
        assertThatThrownBy(() -> StoredRecordTest.vectorWriter().write(small, 0)).isInstanceOf(IndexOutOfBoundsException.class);
    }
}
