package io.apogee.wire.message.record;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.text.InternTable;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.RandomText;
import io.apogee.wire.message.RocketMessages;
import io.apogee.wire.message.Seeds;
import io.apogee.wire.message.id.OffsetMessageId;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;

class StoredRecordTest {
    /** The stored-record test vector of docs/protocol.md §4.4 (5.4.0 {@code MessageDecoder.encode}). */
    static final String VECTOR = "00000073daa320a73610a68600000001000000000000000000000005" + "00000000000000c8"
        + "000000000000018bcfe568000a0000020000c350" + "0000018bcfe568640a00000100002a9f" + "00000000" + "0000000000000000"
        + "0000000568656c6c6f" + "09546f70696354657374" + "000a54414753015461674102";

    static StoredRecordWriter vectorWriter() {
        return new StoredRecordWriter().topic("TopicTest").queueId(1).queueOffset(5).physicalOffset(200)
            .bornTimestamp(1_700_000_000_000L).bornHost(HostAddress.of(new byte[] {10, 0, 0, 2}, 50000))
            .storeTimestamp(1_700_000_000_100L).storeHost(HostAddress.of(new byte[] {10, 0, 0, 1}, 10911))
            .body("hello".getBytes(StandardCharsets.US_ASCII), 0, 5).extraProperty("TAGS", "TagA");
    }

    @Test
    void writesAndReadsTheDocumentedTestVector() {
        StoredRecordWriter writer = vectorWriter();
        assertThat(writer.check()).isEqualTo(SizeCheck.FITS);
        assertThat(writer.recordSize()).isEqualTo(115);
        ByteBuffer buffer = ByteBuffer.allocate(115);
        assertThat(writer.write(buffer, 0)).isEqualTo(115);
        assertThat(HexFormat.of().formatHex(buffer.array())).isEqualTo(VECTOR);

        StoredRecord record = new StoredRecord().wrap(ByteBuffer.wrap(HexFormat.of().parseHex(VECTOR)), 0);
        assertThat(record.totalSize()).isEqualTo(115);
        assertThat(record.magic()).isEqualTo(StoredRecord.MAGIC_V1).isEqualTo(-626843481);
        assertThat(record.bodyCrc()).isEqualTo(0x3610A686);
        assertThat(record.queueId()).isEqualTo(1);
        assertThat(record.flag()).isZero();
        assertThat(record.queueOffset()).isEqualTo(5);
        assertThat(record.physicalOffset()).isEqualTo(200);
        assertThat(record.sysFlag()).isZero();
        assertThat(record.bornTimestamp()).isEqualTo(1_700_000_000_000L);
        assertThat(record.bornHost()).isEqualTo(HostAddress.of(new byte[] {10, 0, 0, 2}, 50000));
        assertThat(record.bornHostPort()).isEqualTo(50000);
        assertThat(record.bornHostAddressLength()).isEqualTo(4);
        assertThat(record.storeTimestamp()).isEqualTo(1_700_000_000_100L);
        assertThat(record.storeHost().toString()).isEqualTo("10.0.0.1:10911");
        assertThat(record.reconsumeTimes()).isZero();
        assertThat(record.preparedTransactionOffset()).isZero();
        assertThat(record.bodyLength()).isEqualTo(5);
        assertThat(new String(RocketMessages.bytes(record.buffer(), record.bodyOffset(), 5), StandardCharsets.US_ASCII))
            .isEqualTo("hello");
        assertThat(record.topic()).isEqualTo("TopicTest");
        assertThat(record.topic(new InternTable(16, 64))).isEqualTo("TopicTest");
        assertThat(record.topicEquals("TopicTest")).isTrue();
        assertThat(record.topicEquals("TopicTesT")).isFalse();
        assertThat(record.properties().value("TAGS")).isEqualTo("TagA");
        assertThat(record.tagsCode()).isEqualTo(2598919L);
        assertThat(OffsetMessageId.of(record)).isEqualTo("0A00000100002A9F00000000000000C8");
        assertThat(StoredRecord.recordSize(0, 5, 9, 10)).isEqualTo(115);
        assertThat(new RecordValidator(1024).check(record.buffer(), 0, 115, true)).isEqualTo(RecordStatus.VALID);
    }

    @Test
    void readsEveryFieldOfRocketMqsRecords() throws Exception {
        SplittableRandom random = Seeds.random("StoredRecordTest.rocketmq");
        StoredRecord record = new StoredRecord();
        for (int i = 0; i < 1000; i++) {
            String topic = RandomText.topic(random, random.nextInt(128));
            byte[] body = RandomText.bytes(random, random.nextInt(600));
            HashMap<String, String> properties = RocketMessages.properties(random, 8);
            int sysFlag = RocketMessages.sysFlag(random, random.nextBoolean(), random.nextBoolean());
            MessageExt message = RocketMessages.messageExt(random, topic, body, properties, sysFlag);
            byte[] bytes = MessageDecoder.encode(message, false);
            int offset = random.nextInt(9);
            ByteBuffer buffer = ByteBuffer.allocateDirect(offset + bytes.length).put(offset, bytes);
            record.wrap(buffer, offset);
            assertThat(record.offset()).isEqualTo(offset);
            assertThat(record.totalSize()).isEqualTo(bytes.length);
            assertSameFields(record, message);
        }
    }

    /** Every field of {@code record} equals the RocketMQ message's. */
    static void assertSameFields(StoredRecord record, MessageExt message) {
        assertThat(record.magic()).isEqualTo(record.topicLength() > 127 ? StoredRecord.MAGIC_V2 : StoredRecord.MAGIC_V1);
        assertThat(record.bodyCrc()).isEqualTo(message.getBodyCRC());
        assertThat(record.queueId()).isEqualTo(message.getQueueId());
        assertThat(record.flag()).isEqualTo(message.getFlag());
        assertThat(record.queueOffset()).isEqualTo(message.getQueueOffset());
        assertThat(record.physicalOffset()).isEqualTo(message.getCommitLogOffset());
        assertThat(record.sysFlag()).isEqualTo(message.getSysFlag());
        assertThat(record.bornTimestamp()).isEqualTo(message.getBornTimestamp());
        assertThat(record.bornHost()).isEqualTo(HostAddress.of((InetSocketAddress) message.getBornHost()));
        assertThat(record.bornHostIsV6()).isEqualTo(record.bornHostAddressLength() == 16);
        assertThat(record.storeTimestamp()).isEqualTo(message.getStoreTimestamp());
        assertThat(record.storeHost()).isEqualTo(HostAddress.of((InetSocketAddress) message.getStoreHost()));
        assertThat(record.storeHostPort()).isEqualTo(((InetSocketAddress) message.getStoreHost()).getPort());
        assertThat(record.reconsumeTimes()).isEqualTo(message.getReconsumeTimes());
        assertThat(record.preparedTransactionOffset()).isEqualTo(message.getPreparedTransactionOffset());
        assertThat(RocketMessages.bytes(record.buffer(), record.bodyOffset(), record.bodyLength())).isEqualTo(message.getBody());
        assertThat(record.topic()).isEqualTo(message.getTopic());
        assertThat(toMap(record.properties())).isEqualTo(wireProperties(message.getProperties()));
        String tags = wireProperties(message.getProperties()).get("TAGS");
        assertThat(record.tagsCode()).isEqualTo(tags == null ? 0 : tags.hashCode());
        assertThat(OffsetMessageId.of(record)).isEqualTo(MessageDecoder.createMessageId(message.getStoreHost(),
            message.getCommitLogOffset()));
    }

    static Map<String, String> toMap(PropertiesReader properties) {
        Map<String, String> map = new HashMap<>();
        while (properties.next()) {
            map.put(properties.name(), properties.value());
        }
        return map;
    }

    /** Properties as they survive the wire: UTF-8 round trip, empty values dropped. */
    static Map<String, String> wireProperties(Map<String, String> properties) {
        String text = MessageDecoder.messageProperties2String(properties);
        return MessageDecoder.string2messageProperties(new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8));
    }

    @Test
    void fixedFieldsCanBePatchedInPlace() {
        ByteBuffer buffer = ByteBuffer.allocate(115);
        vectorWriter().write(buffer, 0);
        StoredRecord record = new StoredRecord().wrap(buffer, 0);
        record.queueOffset(77).physicalOffset(1 << 20).storeTimestamp(42).bodyCrc(9);
        assertThat(record.queueOffset()).isEqualTo(77);
        assertThat(record.physicalOffset()).isEqualTo(1 << 20);
        assertThat(record.storeTimestamp()).isEqualTo(42);
        assertThat(record.bodyCrc()).isEqualTo(9);
        assertThat(record.topic()).isEqualTo("TopicTest");
        assertThat(new String(RocketMessages.bytes(record.bodySlice(), 0, 5), StandardCharsets.US_ASCII)).isEqualTo("hello");
    }

    @Test
    void blankRecordPadsTheEndOfAFile() {
        ByteBuffer buffer = ByteBuffer.allocate(100);
        StoredRecord.writeBlank(buffer, 40, 60);
        assertThat(buffer.getInt(40)).isEqualTo(60);
        assertThat(buffer.getInt(44)).isEqualTo(0xCBD43194).isEqualTo(MessageDecoder.BLANK_MAGIC_CODE);
        RecordValidator validator = new RecordValidator(1000);
        assertThat(validator.check(buffer, 40, 100, true)).isEqualTo(RecordStatus.BLANK);
        assertThat(validator.totalSize()).isEqualTo(60);
    }

    @Test
    void layoutConstantsMatchRocketMq() {
        assertThat(StoredRecord.MAGIC_V1).isEqualTo(MessageDecoder.MESSAGE_MAGIC_CODE);
        assertThat(StoredRecord.MAGIC_V2).isEqualTo(MessageDecoder.MESSAGE_MAGIC_CODE_V2);
        assertThat(StoredRecord.PHYSICAL_OFFSET_OFFSET).isEqualTo(MessageDecoder.PHY_POS_POSITION);
        assertThat(StoredRecord.QUEUE_OFFSET_OFFSET).isEqualTo(MessageDecoder.QUEUE_OFFSET_POSITION);
        assertThat(StoredRecord.SYS_FLAG_OFFSET).isEqualTo(MessageDecoder.SYSFLAG_POSITION);
        assertThat(StoredRecord.FLAG_OFFSET).isEqualTo(MessageDecoder.MESSAGE_FLAG_POSITION);
        assertThat(StoredRecord.storeTimestampOffset(0)).isEqualTo(MessageDecoder.MESSAGE_STORE_TIMESTAMP_POSITION);
        assertThat(StoredRecord.bodyLengthOffset(0)).as("the fixed part with IPv4 hosts").isEqualTo(84);
        assertThat(StoredRecord.bodyLengthOffset(0x30)).isEqualTo(84 + 24);
        assertThat(StoredRecord.MIN_RECORD_SIZE).isEqualTo(84 + 4 + 1 + 2);
    }
}
