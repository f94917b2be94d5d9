package io.apogee.wire.message;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageExt;

/**
 * Builds Apache RocketMQ's own message objects (the oracle) and the matching Apogee inputs from the same random
 * choices. Properties are fed to Apogee in the iteration order of RocketMQ's {@code HashMap}, which is the order
 * RocketMQ writes them in.
 */
public final class RocketMessages {
    private static final String[] NAMES = {PropertyNames.TAGS, PropertyNames.KEYS, PropertyNames.UNIQ_KEY, PropertyNames.WAIT,
        PropertyNames.CLUSTER, PropertyNames.MSG_REGION, PropertyNames.TRACE_ON, PropertyNames.DELAY};

    private RocketMessages() {
    }

    /** Random properties in a RocketMQ-style {@code HashMap}: known names and random Unicode ones. */
    public static HashMap<String, String> properties(SplittableRandom random, int maxCount) {
        HashMap<String, String> properties = new HashMap<>();
        int count = random.nextInt(maxCount + 1);
        for (int i = 0; i < count; i++) {
            String name = random.nextBoolean() ? NAMES[random.nextInt(NAMES.length)] : RandomText.unicodeWithOddities(random, 12);
            String value = random.nextInt(30) == 0 ? "" : RandomText.unicodeWithOddities(random, 40);
            properties.put(name, value);
        }
        return properties;
    }

    /** A RocketMQ {@link Message} with exactly these fields (properties map used as is). */
    public static Message message(String topic, int flag, byte[] body, HashMap<String, String> properties) {
        Message message = new Message();
        message.setTopic(topic);
        message.setFlag(flag);
        message.setBody(body);
        MessageAccessor.setProperties(message, properties);
        return message;
    }

    /** Our outbound message with the same fields, properties in RocketMQ's iteration order. */
    public static OutboundMessage outbound(String topic, int flag, byte[] body, Map<String, String> properties) {
        OutboundMessage message = new OutboundMessage().topic(topic).flag(flag).body(body);
        for (Map.Entry<String, String> entry : properties.entrySet()) {
            message.putProperty(entry.getKey(), entry.getValue());
        }
        return message;
    }

    /** A random IPv4 or IPv6 socket address (never an IPv4-mapped IPv6 one). */
    public static InetSocketAddress address(SplittableRandom random, boolean ipv6) {
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

    /** A fully populated RocketMQ {@link MessageExt}, as a broker would store it. */
    public static MessageExt messageExt(SplittableRandom random, String topic, byte[] body, HashMap<String, String> properties,
                                        int sysFlag) {
        MessageExt message = new MessageExt();
        message.setTopic(topic);
        message.setBody(body);
        MessageAccessor.setProperties(message, properties);
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
        message.setBodyCRC(new BodyCrc().of(body, 0, body.length));
        return message;
    }

    /**
     * A random sysflag without the COMPRESSED bit (so RocketMQ's decoder does not try to inflate random bytes),
     * with the given host kinds.
     */
    public static int sysFlag(SplittableRandom random, boolean bornV6, boolean storeV6) {
        int sysFlag = random.nextInt(1 << 11) & ~(MessageSysFlag.BORNHOST_V6 | MessageSysFlag.STOREHOST_V6 | MessageSysFlag.COMPRESSED);
        return MessageSysFlag.withStoreHostV6(MessageSysFlag.withBornHostV6(sysFlag, bornV6), storeV6);
    }

    /** The bytes of a buffer's range. */
    public static byte[] bytes(ByteBuffer buffer, int offset, int length) {
        byte[] bytes = new byte[length];
        buffer.get(offset, bytes);
        return bytes;
    }
}
