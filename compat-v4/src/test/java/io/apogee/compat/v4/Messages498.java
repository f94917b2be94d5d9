package io.apogee.compat.v4;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.MessageSysFlag;
import io.apogee.wire.message.OutboundMessage;
import io.apogee.wire.message.record.StoredRecord;
import io.apogee.wire.message.record.StoredRecordWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;

/**
 * RocketMQ 4.9.8's message objects (the oracle) and the matching Apogee inputs, built from the same random choices.
 * Properties go to Apogee in the iteration order of 4.9.8's {@code HashMap}, which is the order 4.9.8 writes them in.
 */
final class Messages498 {
    private static final String[] NAMES = {"TAGS", "KEYS", "UNIQ_KEY", "WAIT", "CLUSTER", "MSG_REGION", "TRACE_ON", "DELAY"};

    private Messages498() {
    }

    /** Random properties in a 4.9.8-style {@code HashMap}: known names and random Unicode ones, rarely an empty value. */
    static HashMap<String, String> properties(SplittableRandom random, int maxCount) {
        HashMap<String, String> properties = new HashMap<>();
        int count = random.nextInt(maxCount + 1);
        for (int i = 0; i < count; i++) {
            String name = random.nextBoolean() ? NAMES[random.nextInt(NAMES.length)] : RandomText.propertyText(random, 12);
            properties.put(name, random.nextInt(30) == 0 ? "" : RandomText.propertyText(random, 40));
        }
        return properties;
    }

    static Message message(String topic, int flag, byte[] body, HashMap<String, String> properties) {
        Message message = new Message();
        message.setTopic(topic);
        message.setFlag(flag);
        message.setBody(body);
        MessageAccessor.setProperties(message, properties);
        return message;
    }

    /** Our outbound message with the same fields, properties in 4.9.8's iteration order. */
    static OutboundMessage outbound(String topic, int flag, byte[] body, Map<String, String> properties) {
        OutboundMessage message = new OutboundMessage().topic(topic).flag(flag).body(body);
        properties.forEach(message::putProperty);
        return message;
    }

    /** A random IPv4 or IPv6 socket address (never an IPv4-mapped IPv6 one). */
    static InetSocketAddress address(SplittableRandom random, boolean ipv6) {
        byte[] ip = RandomText.bytes(random, ipv6 ? 16 : 4);
        if (ipv6) {
            ip[0] = (byte) (0x20 | random.nextInt(16));
        }
        try {
            return new InetSocketAddress(InetAddress.getByAddress(ip), random.nextInt(65536));
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A random sysflag with the given host kinds and no COMPRESSED bit (so that 4.9.8 does not inflate random bytes);
     * the other bits, compression type included, are random.
     */
    static int sysFlag(SplittableRandom random, boolean bornV6, boolean storeV6) {
        int sysFlag = random.nextInt(1 << 11) & ~(MessageSysFlag.BORNHOST_V6 | MessageSysFlag.STOREHOST_V6 | MessageSysFlag.COMPRESSED);
        return MessageSysFlag.withStoreHostV6(MessageSysFlag.withBornHostV6(sysFlag, bornV6), storeV6);
    }

    /** A fully populated 4.9.8 {@link MessageExt}, as a broker stores it, with a V1 topic of 1 to 127 bytes. */
    static MessageExt stored(SplittableRandom random, byte[] body, int sysFlag) {
        int topicLength = switch (random.nextInt(8)) {
            case 0 -> 127;
            case 1 -> 1;
            default -> 1 + random.nextInt(127);
        };
        MessageExt message = new MessageExt();
        message.setTopic(RandomText.topic(random, topicLength));
        message.setBody(body);
        MessageAccessor.setProperties(message, properties(random, 8));
        message.setFlag(random.nextInt());
        message.setQueueId(random.nextInt(1024));
        message.setQueueOffset(random.nextLong(Long.MAX_VALUE));
        message.setCommitLogOffset(random.nextLong(Long.MAX_VALUE));
        message.setSysFlag(sysFlag);
        message.setBornTimestamp(random.nextLong(Long.MAX_VALUE));
        message.setBornHost(address(random, MessageSysFlag.isBornHostV6(sysFlag)));
        message.setStoreTimestamp(random.nextLong(Long.MAX_VALUE));
        message.setStoreHost(address(random, MessageSysFlag.isStoreHostV6(sysFlag)));
        message.setReconsumeTimes(random.nextInt(100));
        message.setPreparedTransactionOffset(random.nextLong(Long.MAX_VALUE));
        message.setBodyCRC(org.apache.rocketmq.common.UtilAll.crc32(body));
        return message;
    }

    /** Our writer set to every field of a 4.9.8 message; properties as text or as entries in iteration order. */
    static StoredRecordWriter writer(MessageExt message, boolean propertiesAsText) {
        StoredRecordWriter writer = new StoredRecordWriter().topic(message.getTopic()).queueId(message.getQueueId())
            .flag(message.getFlag()).queueOffset(message.getQueueOffset()).physicalOffset(message.getCommitLogOffset())
            .sysFlag(message.getSysFlag()).bornTimestamp(message.getBornTimestamp())
            .bornHost(HostAddress.of((InetSocketAddress) message.getBornHost())).storeTimestamp(message.getStoreTimestamp())
            .storeHost(HostAddress.of((InetSocketAddress) message.getStoreHost())).reconsumeTimes(message.getReconsumeTimes())
            .preparedTransactionOffset(message.getPreparedTransactionOffset())
            .body(message.getBody(), 0, message.getBody().length);
        if (propertiesAsText) {
            writer.properties(MessageDecoder.messageProperties2String(message.getProperties()));
        } else {
            message.getProperties().forEach(writer::extraProperty);
        }
        return writer;
    }

    /** Properties as they survive the wire: UTF-8 round trip, entries with an empty value dropped. */
    static Map<String, String> wireProperties(Map<String, String> properties) {
        String text = MessageDecoder.messageProperties2String(properties);
        return MessageDecoder.string2messageProperties(new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8));
    }

    /** 4.9.8's decoding of a stored record equals the message it was made from, field by field. */
    static void assertSameMessage(MessageExt actual, MessageExt expected, String context) {
        assertThat(actual.getTopic()).as(context).isEqualTo(expected.getTopic());
        assertThat(actual.getFlag()).as(context).isEqualTo(expected.getFlag());
        assertThat(actual.getQueueId()).as(context).isEqualTo(expected.getQueueId());
        assertThat(actual.getQueueOffset()).as(context).isEqualTo(expected.getQueueOffset());
        assertThat(actual.getCommitLogOffset()).as(context).isEqualTo(expected.getCommitLogOffset());
        assertThat(actual.getSysFlag()).as(context).isEqualTo(expected.getSysFlag());
        assertThat(actual.getBornTimestamp()).as(context).isEqualTo(expected.getBornTimestamp());
        assertThat(actual.getBornHost()).as(context).isEqualTo(expected.getBornHost());
        assertThat(actual.getStoreTimestamp()).as(context).isEqualTo(expected.getStoreTimestamp());
        assertThat(actual.getStoreHost()).as(context).isEqualTo(expected.getStoreHost());
        assertThat(actual.getReconsumeTimes()).as(context).isEqualTo(expected.getReconsumeTimes());
        assertThat(actual.getPreparedTransactionOffset()).as(context).isEqualTo(expected.getPreparedTransactionOffset());
        assertThat(actual.getBodyCRC()).as(context).isEqualTo(expected.getBodyCRC());
        assertThat(actual.getBody() == null ? new byte[0] : actual.getBody()).as(context).isEqualTo(expected.getBody());
        assertThat(actual.getProperties() == null ? Map.of() : actual.getProperties()).as(context)
            .isEqualTo(wireProperties(expected.getProperties()));
    }

    /** Our reading of a stored record equals the 4.9.8 message it was made from, field by field. */
    static void assertSameRecord(StoredRecord record, MessageExt expected, String context) {
        assertThat(record.topic()).as(context).isEqualTo(expected.getTopic());
        assertThat(record.flag()).as(context).isEqualTo(expected.getFlag());
        assertThat(record.queueId()).as(context).isEqualTo(expected.getQueueId());
        assertThat(record.queueOffset()).as(context).isEqualTo(expected.getQueueOffset());
        assertThat(record.physicalOffset()).as(context).isEqualTo(expected.getCommitLogOffset());
        assertThat(record.sysFlag()).as(context).isEqualTo(expected.getSysFlag());
        assertThat(record.bornTimestamp()).as(context).isEqualTo(expected.getBornTimestamp());
        assertThat(record.bornHost()).as(context).isEqualTo(HostAddress.of((InetSocketAddress) expected.getBornHost()));
        assertThat(record.storeTimestamp()).as(context).isEqualTo(expected.getStoreTimestamp());
        assertThat(record.storeHost()).as(context).isEqualTo(HostAddress.of((InetSocketAddress) expected.getStoreHost()));
        assertThat(record.reconsumeTimes()).as(context).isEqualTo(expected.getReconsumeTimes());
        assertThat(record.preparedTransactionOffset()).as(context).isEqualTo(expected.getPreparedTransactionOffset());
        assertThat(record.bodyCrc()).as(context).isEqualTo(expected.getBodyCRC());
        byte[] body = new byte[record.bodyLength()];
        record.buffer().get(record.bodyOffset(), body);
        assertThat(body).as(context).isEqualTo(expected.getBody());
        Map<String, String> properties = new HashMap<>();
        var reader = record.properties();
        while (reader.next()) {
            properties.put(reader.name(), reader.value());
        }
        assertThat(properties).as(context).isEqualTo(wireProperties(expected.getProperties()));
    }
}
