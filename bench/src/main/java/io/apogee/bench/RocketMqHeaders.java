package io.apogee.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;

/**
 * The SEND_MESSAGE_V2 and PULL_MESSAGE request headers as RocketMQ's 5.x client fills them, and their frames as
 * RocketMQ's own encoder writes them. Headers are rebuilt on each call; frames are plain byte arrays.
 */
public final class RocketMqHeaders {
    /** Code of SEND_MESSAGE_V2. */
    public static final int SEND_MESSAGE_V2 = 310;
    /** Code of PULL_MESSAGE. */
    public static final int PULL_MESSAGE = 11;

    private RocketMqHeaders() {
    }

    /**
     * A SEND_MESSAGE_V2 header for the first message of {@code workload}, made as RocketMQ's 5.x producer makes it:
     * a V1 header with the broker name, turned into V2 (which carries the name as {@code n}).
     */
    @SuppressWarnings("deprecation") // setBname is how RocketMQ's own 5.x client sets the broker name
    public static SendMessageRequestHeaderV2 send(Workload workload) {
        SendMessageRequestHeader header = new SendMessageRequestHeader();
        header.setProducerGroup("bench_producer_group");
        header.setTopic(Workload.TOPIC);
        header.setDefaultTopic("TBW102");
        header.setDefaultTopicQueueNums(4);
        header.setQueueId(3);
        header.setSysFlag(0);
        header.setBornTimestamp(1_764_000_000_000L);
        header.setFlag(0);
        header.setProperties(MessageDecoder.messageProperties2String(workload.properties(0)));
        header.setReconsumeTimes(0);
        header.setUnitMode(false);
        header.setBatch(false);
        header.setBname("broker-a");
        return SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(header);
    }

    /** A PULL_MESSAGE header as a push consumer sends it. */
    @SuppressWarnings("deprecation") // setBname is how RocketMQ's own 5.x client sets the "bname" key
    public static PullMessageRequestHeader pull() {
        PullMessageRequestHeader header = new PullMessageRequestHeader();
        header.setConsumerGroup("bench_consumer_group");
        header.setTopic(Workload.TOPIC);
        header.setQueueId(3);
        header.setQueueOffset(1_234_567L);
        header.setMaxMsgNums(32);
        header.setSysFlag(3);
        header.setCommitOffset(1_234_500L);
        header.setSuspendTimeoutMillis(15_000L);
        header.setSubVersion(1_764_000_000_123L);
        header.setExpressionType("TAG");
        header.setMaxMsgBytes(262_144);
        header.setBname("broker-a");
        return header;
    }

    /** The header named {@code name} ("SEND_V2" or "PULL"). */
    public static CommandCustomHeader header(String name, Workload workload) {
        return "PULL".equals(name) ? pull() : send(workload);
    }

    /** The request code of the header named {@code name}. */
    public static int code(String name) {
        return "PULL".equals(name) ? PULL_MESSAGE : SEND_MESSAGE_V2;
    }

    /**
     * The whole request frame, length prefix included, as RocketMQ's network encoder writes it in
     * {@code serialization} ({@code fastEncodeHeader}, which puts a FastCodes header's fields in its own order).
     */
    public static byte[] frame(String name, String serialization, Workload workload) {
        RemotingCommand command = RemotingCommand.createRequestCommand(code(name), header(name, workload));
        command.setSerializeTypeCurrentRPC(SerializeType.valueOf(serialization));
        command.setOpaque(42);
        ByteBuf encoded = Unpooled.buffer(4096);
        command.fastEncodeHeader(encoded);
        byte[] bytes = new byte[encoded.readableBytes()];
        encoded.readBytes(bytes);
        return bytes;
    }
}
