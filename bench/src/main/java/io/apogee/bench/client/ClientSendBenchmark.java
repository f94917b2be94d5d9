package io.apogee.bench.client;

import io.apogee.bench.ApogeeMessages;
import io.apogee.bench.Workload;
import io.apogee.client.core.MessageQueue;
import io.apogee.client.producer.SendFrameEncoder;
import io.apogee.common.time.SystemClock;
import io.apogee.transport.FrameBuffers;
import io.apogee.wire.frame.FrameEncoder;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.message.OutboundMessage;
import io.apogee.wire.message.id.UniqueKeyGenerator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.client.Validators;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.MQVersion;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageBatch;
import org.apache.rocketmq.common.message.MessageClientIDSetter;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * The client's send path for a batch: the messages checked, a batch key made, the batch body encoded and the whole
 * SEND_BATCH_MESSAGE frame (prefix, JSON header, body) written into a pooled direct buffer, as each client's
 * producer does before the socket write. {@code apogee} runs the Apogee producer's {@link SendFrameEncoder} and the
 * transport's {@link FrameBuffers}; {@code rocketmq} runs what {@code DefaultMQProducer.send(Collection)} does:
 * {@code Validators.checkMessage} and {@code setUniqID} per message, {@code MessageBatch.generateFromList(...)
 * .encode()}, the V1-then-V2 request header, {@code RemotingCommand.createRequestCommand} and its network encoder
 * ({@code fastEncodeHeader} plus the body into an I/O buffer). The set-up checks that both write the same frame.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ClientSendBenchmark {
    /** Messages x body bytes. */
    @Param({"32x1024"})
    public String shape;

    private static final String GROUP = "bench_producer_group";
    private static final String BROKER = "broker-a";
    private static final int QUEUE_ID = 3;

    private final ByteBufAllocator allocator = new PooledByteBufAllocator(true);
    private final FrameEncoder frames = new FrameEncoder();
    private final SendFrameEncoder encoder = new SendFrameEncoder();
    private final MessageQueue queue = new MessageQueue(Workload.TOPIC, BROKER, QUEUE_ID);
    private UniqueKeyGenerator keys;
    private List<OutboundMessage> outbound;
    private List<Message> official;
    private DefaultMQProducer producer;

    /** Builds both clients' messages and checks that both write the same frame for the same key and time. */
    @Setup
    public void setUp() throws MQClientException {
        Workload workload = Workload.of(shape);
        outbound = ApogeeMessages.of(workload);
        official = workload.messages();
        // what the official client's MQClientAPIImpl does when it loads: requests carry its version
        System.setProperty(RemotingCommand.REMOTING_VERSION_KEY, Integer.toString(MQVersion.CURRENT_VERSION));
        keys = UniqueKeyGenerator.forThisProcess(new byte[] {127, 0, 0, 1}, SystemClock.INSTANCE);
        producer = new DefaultMQProducer(GROUP);
        String batchKey = keys.next();
        long born = System.currentTimeMillis();
        ByteBuf ours = apogeeFrame(batchKey, born);
        ByteBuf theirs = rocketmqFrame(batchKey, born, 0);
        try {
            byte[] a = bytes(ours);
            byte[] b = bytes(theirs);
            if (!Arrays.equals(a, b)) {
                throw new IllegalStateException("the Apogee client's batch frame (" + a.length
                    + " bytes) differs from the official client's (" + b.length + " bytes)");
            }
        } finally {
            ours.release();
            theirs.release();
        }
    }

    /** The Apogee producer's send path for one batch (its batch body checks every message). */
    @Benchmark
    public int apogee() {
        ByteBuf frame = apogeeFrame(keys.next(), System.currentTimeMillis());
        int size = frame.readableBytes();
        frame.release();
        return size;
    }

    /** The official producer's send path for one batch. */
    @Benchmark
    public int rocketmq() throws MQClientException {
        ByteBuf frame = rocketmqFrame(null, System.currentTimeMillis(), -1);
        int size = frame.readableBytes();
        frame.release();
        return size;
    }

    private ByteBuf apogeeFrame(String batchKey, long born) {
        ByteBuf body = encoder.batchBody(outbound, allocator);
        RemotingHeader header = encoder.batchHeader(batchKey, GROUP, queue, born);
        return FrameBuffers.encode(allocator, frames, header, body);
    }

    /** {@code batchKey} null: a new one, as the official producer makes; {@code opaque} -1: the next request id. */
    @SuppressWarnings("deprecation") // setBname is how RocketMQ's own 5.x client sets the broker name
    private ByteBuf rocketmqFrame(String batchKey, long born, int opaque) throws MQClientException {
        MessageBatch batch = MessageBatch.generateFromList(official);
        for (Message message : batch) {
            Validators.checkMessage(message, producer);
            MessageClientIDSetter.setUniqID(message);
        }
        if (batchKey != null) {
            MessageAccessor.putProperty(batch, MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX, batchKey);
        }
        MessageClientIDSetter.setUniqID(batch);
        batch.setBody(batch.encode());
        Validators.checkMessage(batch, producer);
        SendMessageRequestHeader header = new SendMessageRequestHeader();
        header.setProducerGroup(GROUP);
        header.setTopic(batch.getTopic());
        header.setDefaultTopic("TBW102");
        header.setDefaultTopicQueueNums(4);
        header.setQueueId(QUEUE_ID);
        header.setSysFlag(0);
        header.setBornTimestamp(born);
        header.setFlag(batch.getFlag());
        header.setProperties(MessageDecoder.messageProperties2String(batch.getProperties()));
        header.setReconsumeTimes(0);
        header.setUnitMode(false);
        header.setBatch(true);
        header.setBname(BROKER);
        RemotingCommand request = RemotingCommand.createRequestCommand(RequestCode.SEND_BATCH_MESSAGE,
            SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(header));
        request.setBody(batch.getBody());
        if (opaque >= 0) {
            request.setOpaque(opaque);
        }
        ByteBuf out = allocator.ioBuffer();
        request.fastEncodeHeader(out);
        out.writeBytes(request.getBody());
        return out;
    }

    private static byte[] bytes(ByteBuf buffer) {
        byte[] bytes = new byte[buffer.readableBytes()];
        buffer.getBytes(buffer.readerIndex(), bytes);
        return bytes;
    }
}
