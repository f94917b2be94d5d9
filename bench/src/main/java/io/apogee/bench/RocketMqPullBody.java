package io.apogee.bench;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;

/**
 * A PULL response body as a broker would send it: each message stored as a record by RocketMQ's own encoder, with
 * fixed queue offsets, times and hosts, so both sides of a decode benchmark read the same bytes.
 */
final class RocketMqPullBody {
    private RocketMqPullBody() {
    }

    /** The body of {@code messages}, each stored with the properties {@code properties} makes of its own. */
    static byte[] of(List<Message> messages, UnaryOperator<Map<String, String>> properties) {
        List<byte[]> records = new ArrayList<>();
        int total = 0;
        long physical = 4096;
        for (int i = 0; i < messages.size(); i++) {
            Message message = messages.get(i);
            MessageExt ext = new MessageExt();
            ext.setTopic(message.getTopic());
            ext.setBody(message.getBody());
            ext.setFlag(message.getFlag());
            MessageAccessor.setProperties(ext, properties.apply(message.getProperties()));
            ext.setQueueId(i % 4);
            ext.setQueueOffset(1000 + i);
            ext.setCommitLogOffset(physical);
            ext.setBornTimestamp(1_764_000_000_000L + i);
            ext.setStoreTimestamp(1_764_000_000_005L + i);
            ext.setBornHost(new InetSocketAddress("10.0.0.2", 50_000));
            ext.setStoreHost(new InetSocketAddress("10.0.0.1", 10_911));
            byte[] record;
            try {
                record = MessageDecoder.encode(ext, false);
            } catch (Exception e) {
                throw new IllegalStateException("RocketMQ could not encode the workload", e);
            }
            records.add(record);
            physical += record.length;
            total += record.length;
        }
        ByteBuffer body = ByteBuffer.allocate(total);
        records.forEach(body::put);
        return body.array();
    }
}
