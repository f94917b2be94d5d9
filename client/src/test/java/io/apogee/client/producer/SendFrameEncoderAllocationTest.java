package io.apogee.client.producer;

import io.apogee.client.AllocationMeter;
import io.apogee.client.core.MessageQueue;
import io.apogee.transport.FrameBuffers;
import io.apogee.wire.frame.FrameEncoder;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.message.OutboundMessage;
import io.apogee.wire.message.PropertyNames;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Encoding a batch of 32 x 1 KiB into its SEND_BATCH_MESSAGE frame (body through wire's batch encoder, header,
 * front) allocates under 64 bytes per message once warm, and writes RocketMQ's own batch bytes.
 */
class SendFrameEncoderAllocationTest {
    private static final int MESSAGES = 32;
    private static final int BODY = 1024;

    @Test
    void encodesABatchFrameWithoutGarbage() {
        ByteBufAllocator allocator = new PooledByteBufAllocator(true);
        SendFrameEncoder encoder = new SendFrameEncoder();
        FrameEncoder frames = new FrameEncoder();
        List<OutboundMessage> batch = batch();
        MessageQueue queue = new MessageQueue("BatchTopic", "broker-a", 3);
        String batchKey = "FD000000000000000000000000000002608C30946E0995A8935E0006";
        long[] sink = new long[1];

        double perMessage = AllocationMeter.bytesPerItem(() -> {
            ByteBuf body = encoder.batchBody(batch, allocator);
            RemotingHeader header = encoder.batchHeader(batchKey, "pg", queue, 1_700_000_000_000L);
            ByteBuf frame = FrameBuffers.encode(allocator, frames, header, body);
            sink[0] += frame.readableBytes();
            frame.release();
        }, 20_000, 2_000, MESSAGES);

        System.out.printf("batch of %d x %d B into its frame: %.2f bytes allocated per message%n", MESSAGES, BODY, perMessage);
        assertThat(sink[0]).isPositive();
        assertThat(perMessage).isLessThan(64);
    }

    @Test
    void batchBodyIsTheOfficialEncoding() throws Exception {
        List<OutboundMessage> batch = batch();
        List<Message> official = new ArrayList<>();
        for (OutboundMessage message : batch) {
            byte[] body = new byte[message.bodyLength()];
            message.writeBody(java.nio.ByteBuffer.wrap(body), 0);
            Message copy = new Message("BatchTopic", body);
            org.apache.rocketmq.common.message.MessageAccessor.clearProperty(copy, "WAIT");
            for (int i = 0; i < message.propertyCount(); i++) {
                org.apache.rocketmq.common.message.MessageAccessor.putProperty(copy,
                    message.propertyName(i).toString(), message.propertyValue(i).toString());
            }
            official.add(copy);
        }
        ByteBuf ours = new SendFrameEncoder().batchBody(batch, PooledByteBufAllocator.DEFAULT);
        try {
            byte[] bytes = new byte[ours.readableBytes()];
            ours.getBytes(0, bytes);
            List<Message> decoded = MessageDecoder.decodeMessages(java.nio.ByteBuffer.wrap(bytes));
            assertThat(decoded).hasSize(MESSAGES);
            assertThat(bytes.length).isEqualTo(MessageDecoder.encodeMessages(official).length);
            for (int i = 0; i < MESSAGES; i++) {
                assertThat(decoded.get(i).getBody()).isEqualTo(official.get(i).getBody());
                assertThat(decoded.get(i).getProperties()).isEqualTo(official.get(i).getProperties());
            }
        } finally {
            ours.release();
        }
    }

    private static List<OutboundMessage> batch() {
        List<OutboundMessage> batch = new ArrayList<>();
        for (int i = 0; i < MESSAGES; i++) {
            byte[] body = new byte[BODY];
            java.util.Arrays.fill(body, (byte) ('a' + i % 26));
            batch.add(new OutboundMessage().topic("BatchTopic").body(body).tags("TagA").keys("key-" + i)
                .putProperty(PropertyNames.UNIQ_KEY, String.format("FD00000000000000000000000000000260%022d", i))
                .putProperty("seq", Integer.toString(i).getBytes(StandardCharsets.UTF_8).length + "-" + i));
        }
        return batch;
    }
}
