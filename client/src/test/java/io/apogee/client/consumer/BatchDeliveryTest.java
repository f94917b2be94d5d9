package io.apogee.client.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.client.core.MessageQueue;
import io.apogee.wire.message.MessageFormatException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;

/**
 * A range pull's body parsed in place: thousands of records in RocketMQ's stored format ({@code MessageDecoder.encode})
 * lying inside a larger response buffer, each delivered in order with its offset, body, tags and properties read
 * from that buffer; a tag subscription skips the others; the last record may end exactly at the body's end, and a
 * truncated one fails after the records before it were delivered.
 */
class BatchDeliveryTest {
    private static final MessageQueue QUEUE = new MessageQueue("RangeTopic", "broker-a", 3);
    private static final int MESSAGES = 3000;
    private static final int FIRST_OFFSET = 5000;
    private static final int PREFIX = 77;

    @Test
    void everyRecordOfALargeBodyIsDeliveredInOrderFromTheResponseBuffer() throws Exception {
        ByteBuffer response = response(records(MESSAGES), 40);
        List<String> seen = new ArrayList<>();
        long[] expectedOffset = {FIRST_OFFSET};
        int delivered = new BatchDelivery().deliver(body(response, 40), QUEUE, null, message -> {
            int i = (int) (message.queueOffset() - FIRST_OFFSET);
            assertThat(message.queueOffset()).isEqualTo(expectedOffset[0]++);
            assertThat(message.queue()).isEqualTo(QUEUE);
            assertThat(message.tags()).isEqualTo(tag(i));
            assertThat(message.keys()).isEqualTo("key-" + i);
            assertThat(message.property("index")).isEqualTo(Integer.toString(i));
            ByteBuffer body = message.body();
            assertThat(body.isDirect()).as("a view of the response buffer, no copy").isEqualTo(response.isDirect());
            assertThat(StandardCharsets.UTF_8.decode(body.duplicate()).toString()).isEqualTo(body(i));
            seen.add(message.msgId());
        });
        assertThat(delivered).isEqualTo(MESSAGES);
        assertThat(seen).doesNotHaveDuplicates();
        assertThat(expectedOffset[0]).isEqualTo(FIRST_OFFSET + MESSAGES);
    }

    @Test
    void aTagSubscriptionGetsOnlyItsTagsInOrder() throws Exception {
        ByteBuffer response = response(records(MESSAGES), 0);
        List<Long> offsets = new ArrayList<>();
        int delivered = new BatchDelivery().deliver(body(response, 0), QUEUE, Set.of("TagB"),
            message -> offsets.add(message.queueOffset()));
        assertThat(delivered).isEqualTo(MESSAGES / 3);
        assertThat(offsets).isSorted().allSatisfy(offset -> assertThat(tag((int) (offset - FIRST_OFFSET))).isEqualTo("TagB"));
    }

    @Test
    void aTruncatedLastRecordFailsAfterTheWholeOnesWereDelivered() throws Exception {
        byte[] records = records(10);
        ByteBuffer response = response(records, 0);
        ByteBuffer body = body(response, 0);
        body.limit(body.limit() - 5);
        List<Long> offsets = new ArrayList<>();
        assertThatThrownBy(() -> new BatchDelivery().deliver(body, QUEUE, null, message -> offsets.add(message.queueOffset())))
            .isInstanceOf(MessageFormatException.class);
        assertThat(offsets).hasSize(9);
    }

    /** {@code records} inside a direct response buffer: {@code PREFIX} bytes of header before, {@code after} bytes after. */
    private static ByteBuffer response(byte[] records, int after) {
        ByteBuffer response = ByteBuffer.allocateDirect(PREFIX + records.length + after);
        response.position(PREFIX);
        response.put(records);
        return response.clear();
    }

    /** The records of {@code response} as a pull body: from the prefix to just before the {@code after} bytes. */
    private static ByteBuffer body(ByteBuffer response, int after) {
        return response.duplicate().position(PREFIX).limit(response.capacity() - after);
    }

    private static byte[] records(int count) throws Exception {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < count; i++) {
            MessageExt message = new MessageExt();
            message.setTopic(QUEUE.topic());
            message.setQueueId(QUEUE.queueId());
            message.setQueueOffset(FIRST_OFFSET + i);
            message.setCommitLogOffset(1000L * i);
            message.setBornTimestamp(1_700_000_000_000L + i);
            message.setStoreTimestamp(1_700_000_000_100L + i);
            message.setBornHost(new InetSocketAddress("10.0.0.2", 50000));
            message.setStoreHost(new InetSocketAddress("10.0.0.1", 10911));
            message.setBody(body(i).getBytes(StandardCharsets.UTF_8));
            message.setTags(tag(i));
            message.setKeys("key-" + i);
            MessageAccessor.putProperty(message, "index", Integer.toString(i));
            MessageAccessor.putProperty(message, "UNIQ_KEY", String.format("FD00000000000000000000000000000260%022d", i));
            out.write(MessageDecoder.encode(message, false));
        }
        return out.toByteArray();
    }

    private static String tag(int i) {
        return "Tag" + (char) ('A' + i % 3);
    }

    private static String body(int i) {
        return "body " + i + " " + "x".repeat(i % 200);
    }
}
