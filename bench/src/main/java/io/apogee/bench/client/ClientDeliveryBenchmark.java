package io.apogee.bench.client;

import io.apogee.bench.Workload;
import io.apogee.client.consumer.BatchDelivery;
import io.apogee.client.consumer.MessageListener;
import io.apogee.client.consumer.ReceivedMessage;
import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.DecodedFrame;
import io.apogee.wire.frame.FrameDecoder;
import io.apogee.wire.message.pull.PullBodyDecoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.client.consumer.PullStatus;
import org.apache.rocketmq.client.impl.consumer.PullResultExt;
import org.apache.rocketmq.common.MixAll;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.common.sysflag.MessageSysFlag;
import org.apache.rocketmq.remoting.exception.RemotingCommandException;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.header.PullMessageResponseHeader;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The client's delivery path for one PULL_MESSAGE response (frame, header, a body of stored records as RocketMQ's
 * broker returns them), subscribed by tag, with a listener that reads every body and its queue offset.
 * {@code apogee} runs what the Apogee push consumer does: wire's frame decoder (as the transport), the response
 * header, a count of the records (its body check), then {@link BatchDelivery}, which filters by tag and hands each
 * {@link ReceivedMessage} view to the listener. {@code rocketmq} runs what the official push consumer does:
 * {@code RemotingCommand.decode} of the frame (as its Netty decoder), {@code decodeCommandCustomHeader} and the
 * {@code PullResultExt} ({@code MQClientAPIImpl.processPullResponse}), {@code MessageDecoder.decodesBatch} with
 * the client's flags, the inner-batch check, the tag filter and the per-message properties and fields of
 * {@code PullAPIWrapper.processPullResult}, then {@code resetRetryAndNamespace} and the consume start time of
 * {@code ConsumeMessageConcurrentlyService} before the listener. The set-up checks that both listeners see the
 * same bodies and offsets.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ClientDeliveryBenchmark {
    /** Messages x body bytes. */
    @Param({"32x1024"})
    public String shape;

    private static final String GROUP = "bench_consumer_group";
    private static final String BROKER = "broker-a";
    private static final int QUEUE_ID = 1;
    private static final String TAG = "TagA";

    private final PooledByteBufAllocator allocator = new PooledByteBufAllocator(true);
    private final FrameDecoder frames = new FrameDecoder();
    private final DecodedFrame decoded = new DecodedFrame();
    private final io.apogee.wire.header.PullMessageResponseHeader response = new io.apogee.wire.header.PullMessageResponseHeader();
    private final InternTable names = new InternTable(64, 255);
    private final PullBodyDecoder counter = new PullBodyDecoder();
    private final BatchDelivery delivery = new BatchDelivery();
    private final io.apogee.client.core.MessageQueue apogeeQueue = new io.apogee.client.core.MessageQueue(Workload.TOPIC, BROKER,
        QUEUE_ID);
    private final Set<String> apogeeTags = Set.of(TAG);
    private final MessageQueue officialQueue = new MessageQueue(Workload.TOPIC, BROKER, QUEUE_ID);
    private final Set<String> officialTags = new HashSet<>(List.of(TAG));
    private final String retryTopic = MixAll.getRetryTopic(GROUP);
    private final Checksum apogeeSum = new Checksum();
    private final long[] officialSum = new long[1];
    private ByteBuf frame;

    /** Sums what a listener reads: every 64th body byte, the body length and the queue offset. */
    private static final class Checksum implements MessageListener {
        long sum;
        List<byte[]> seen;

        @Override
        public void onMessage(ReceivedMessage message) {
            ByteBuffer body = message.body();
            sum += read(body, body.position(), body.limit()) + message.queueOffset();
            if (seen != null) {
                seen.add(message.bodyBytes());
            }
        }
    }

    /** Builds the response frame with RocketMQ's own encoders and checks that both sides deliver the same bodies. */
    @Setup
    public void setUp() throws RemotingCommandException {
        Workload workload = Workload.of(shape);
        byte[] records = workload.pullBody();
        PullMessageResponseHeader header = new PullMessageResponseHeader();
        header.setSuggestWhichBrokerId(0L);
        header.setNextBeginOffset(1000L + workload.count());
        header.setMinOffset(0L);
        header.setMaxOffset(1000L + workload.count());
        RemotingCommand command = RemotingCommand.createResponseCommand(PullMessageResponseHeader.class);
        command.writeCustomHeader(header);
        command.setCode(ResponseCode.SUCCESS);
        command.setRemark("FOUND");
        command.setOpaque(7);
        command.setBody(records);
        frame = allocator.directBuffer();
        command.fastEncodeHeader(frame);
        frame.writeBytes(records);

        apogeeSum.seen = new ArrayList<>();
        apogee();
        List<byte[]> ours = apogeeSum.seen;
        apogeeSum.seen = null;
        List<MessageExt> theirs = officialMessages();
        if (ours.size() != workload.count() || theirs.size() != workload.count()) {
            throw new IllegalStateException("delivered " + ours.size() + " and " + theirs.size() + " of " + workload.count());
        }
        for (int i = 0; i < ours.size(); i++) {
            if (!Arrays.equals(ours.get(i), theirs.get(i).getBody())) {
                throw new IllegalStateException("message " + i + ": the two clients deliver different bodies");
            }
        }
        if (apogee() != rocketmq()) {
            throw new IllegalStateException("the two listeners read different bytes or offsets");
        }
    }

    /** Frees the frame. */
    @TearDown
    public void tearDown() {
        frame.release();
    }

    /** The Apogee push consumer's delivery of one pull response. */
    @Benchmark
    public long apogee() {
        int length = frame.readableBytes();
        ByteBuffer bytes = frame.internalNioBuffer(0, length);
        int origin = bytes.position();
        frames.decode(bytes, origin, length, decoded);
        response.decode(decoded.header().ext(), names);
        ByteBuf body = frame.retainedSlice(decoded.bodyOffset() - origin, decoded.bodyLength());
        ByteBuffer view = body.nioBuffer();
        counter.wrap(view, view.position(), view.remaining()).count();
        apogeeSum.sum = response.nextBeginOffset();
        delivery.deliver(view, apogeeQueue, apogeeTags, apogeeSum);
        body.release();
        return apogeeSum.sum;
    }

    /** The official push consumer's delivery of one pull response. */
    @Benchmark
    public long rocketmq() throws RemotingCommandException {
        List<MessageExt> messages = officialMessages();
        defaultListener(messages);
        return officialSum[0];
    }

    private List<MessageExt> officialMessages() throws RemotingCommandException {
        ByteBuf in = frame.retainedSlice(4, frame.readableBytes() - 4);
        RemotingCommand command;
        try {
            command = RemotingCommand.decode(in);
        } finally {
            in.release();
        }
        PullMessageResponseHeader header = command.decodeCommandCustomHeader(PullMessageResponseHeader.class);
        PullResultExt result = new PullResultExt(PullStatus.FOUND, header.getNextBeginOffset(), header.getMinOffset(),
            header.getMaxOffset(), null, header.getSuggestWhichBrokerId(), command.getBody(), header.getOffsetDelta());
        List<MessageExt> decodedList = MessageDecoder.decodesBatch(ByteBuffer.wrap(result.getMessageBinary()), true, true, true);
        for (MessageExt message : decodedList) {
            if (MessageSysFlag.check(message.getSysFlag(), MessageSysFlag.INNER_BATCH_FLAG)
                && MessageSysFlag.check(message.getSysFlag(), MessageSysFlag.NEED_UNWRAP_FLAG)) {
                throw new IllegalStateException("no inner batches in this workload");
            }
        }
        List<MessageExt> filtered = new ArrayList<>(decodedList.size());
        for (MessageExt message : decodedList) {
            if (message.getTags() != null && officialTags.contains(message.getTags())) {
                filtered.add(message);
            }
        }
        for (MessageExt message : filtered) {
            if (Boolean.parseBoolean(message.getProperty(MessageConst.PROPERTY_TRANSACTION_PREPARED))) {
                message.setTransactionId(message.getProperty(MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX));
            }
            MessageAccessor.putProperty(message, MessageConst.PROPERTY_MIN_OFFSET, Long.toString(result.getMinOffset()));
            MessageAccessor.putProperty(message, MessageConst.PROPERTY_MAX_OFFSET, Long.toString(result.getMaxOffset()));
            message.setBrokerName(officialQueue.getBrokerName());
            message.setQueueId(officialQueue.getQueueId());
            if (result.getOffsetDelta() != null) {
                message.setQueueOffset(result.getOffsetDelta() + message.getQueueOffset());
            }
        }
        result.setMsgFoundList(filtered);
        result.setMessageBinary(null);
        officialSum[0] = result.getNextBeginOffset();
        return filtered;
    }

    /** What the concurrent consume service does before and in the listener call. */
    private void defaultListener(List<MessageExt> messages) {
        for (MessageExt message : messages) {
            String original = message.getProperty(MessageConst.PROPERTY_RETRY_TOPIC);
            if (original != null && retryTopic.equals(message.getTopic())) {
                message.setTopic(original);
            }
        }
        for (MessageExt message : messages) {
            MessageAccessor.setConsumeStartTimeStamp(message, String.valueOf(System.currentTimeMillis()));
        }
        for (MessageExt message : messages) {
            byte[] body = message.getBody();
            long sum = body.length;
            for (int i = 0; i < body.length; i += 64) {
                sum += body[i];
            }
            officialSum[0] += sum + message.getQueueOffset();
        }
    }

    private static long read(ByteBuffer body, int from, int to) {
        long sum = to - from;
        for (int i = from; i < to; i += 64) {
            sum += body.get(i);
        }
        return sum;
    }
}
