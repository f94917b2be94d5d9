package io.apogee.client.consumer;

import io.apogee.client.AllocationMeter;
import io.apogee.client.core.MessageQueue;
import io.apogee.common.text.InternTable;
import io.apogee.transport.FrameBuffers;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.DecodedFrame;
import io.apogee.wire.frame.FrameDecoder;
import io.apogee.wire.frame.FrameEncoder;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.PullMessageResponseHeader;
import io.apogee.wire.message.pull.PullBodyDecoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Parsing a 32-message PULL_MESSAGE response (frame, header, body check) and delivering every message with its body
 * read, as the consumer does, allocates under 64 bytes per message once warm. The body is RocketMQ's own stored
 * format ({@code MessageDecoder.encode}).
 */
class PullDeliveryAllocationTest {
    private static final int MESSAGES = 32;
    private static final int BODY = 1024;

    @Test
    void parsesAndDeliversAPullResponseWithoutGarbage() throws Exception {
        PooledByteBufAllocator allocator = new PooledByteBufAllocator(true);
        ByteBuf frame = pullResponseFrame(allocator);
        FrameDecoder frames = new FrameDecoder();
        DecodedFrame decoded = new DecodedFrame();
        PullMessageResponseHeader response = new PullMessageResponseHeader();
        InternTable names = new InternTable(64, 255);
        PullBodyDecoder counter = new PullBodyDecoder();
        BatchDelivery delivery = new BatchDelivery(null);
        ProcessQueue queue = new ProcessQueue(new MessageQueue("PullTopic", "broker-a", 1), 0, 32, 1);
        long[] checksum = new long[1];
        MessageListener listener = message -> {
            ByteBuffer body = message.body();
            for (int i = body.position(); i < body.limit(); i += 64) {
                checksum[0] += body.get(i);
            }
            checksum[0] += message.queueOffset();
        };

        double perMessage = AllocationMeter.bytesPerItem(() -> {
            ByteBuffer bytes = frame.internalNioBuffer(0, frame.readableBytes());
            int origin = bytes.position();
            frames.decode(bytes, origin, frame.readableBytes(), decoded);
            ByteBuf body = frame.retainedSlice(decoded.bodyOffset() - origin, decoded.bodyLength());
            response.decode(decoded.header().ext(), names);
            ByteBuffer view = body.nioBuffer();
            int count = counter.wrap(view, view.position(), view.remaining()).count();
            PulledBatch batch = new PulledBatch(body, view, count, response.nextBeginOffset());
            delivery.deliver(queue, batch, null, listener);
            body.release();
        }, 20_000, 2_000, MESSAGES);

        System.out.printf("pull response of %d x %d B parsed and every body read: %.2f bytes allocated per message%n",
            MESSAGES, BODY, perMessage);
        assertThat(checksum[0]).isNotZero();
        assertThat(perMessage).isLessThan(64);
        frame.release();
    }

    private static ByteBuf pullResponseFrame(PooledByteBufAllocator allocator) throws Exception {
        ByteBuf body = allocator.directBuffer();
        for (int i = 0; i < MESSAGES; i++) {
            MessageExt message = new MessageExt();
            message.setTopic("PullTopic");
            message.setQueueId(1);
            message.setQueueOffset(100 + i);
            message.setCommitLogOffset(4096L * i);
            message.setBornTimestamp(1_700_000_000_000L);
            message.setStoreTimestamp(1_700_000_000_100L);
            message.setBornHost(new InetSocketAddress("10.0.0.2", 50000));
            message.setStoreHost(new InetSocketAddress("10.0.0.1", 10911));
            byte[] payload = new byte[BODY];
            Arrays.fill(payload, (byte) ('a' + i % 26));
            message.setBody(payload);
            message.setTags("TagA");
            message.setKeys("key-" + i);
            String uniqueKey = String.format("FD00000000000000000000000000000260%022d", i);
            org.apache.rocketmq.common.message.MessageAccessor.putProperty(message, "UNIQ_KEY", uniqueKey);
            body.writeBytes(MessageDecoder.encode(message, false));
        }
        RemotingHeader header = new RemotingHeader().asRequest(11, 7).code(ResponseCode.SUCCESS).flag(RemotingHeader.RESPONSE_FLAG)
            .remark("FOUND");
        new PullMessageResponseHeader().suggestWhichBrokerId(0).nextBeginOffset(100 + MESSAGES).minOffset(0)
            .maxOffset(100 + MESSAGES).encode(header.ext());
        ByteBuf encoded = FrameBuffers.encode(allocator, new FrameEncoder(), header, body);
        ByteBuf flat = allocator.directBuffer(encoded.readableBytes());
        flat.writeBytes(encoded);
        encoded.release();
        assertThat(new String(new byte[] {flat.getByte(flat.readableBytes() - 1)}, StandardCharsets.ISO_8859_1)).isNotNull();
        return flat;
    }
}
