package io.apogee.bench;

import io.apogee.wire.message.OutboundMessage;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.batch.BatchBodyEncoder;
import io.apogee.wire.message.batch.EncodeStatus;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageDecoder;
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
 * The whole of a producer's codec work for a batch: from the application's inputs ({@link ApplicationInputs}:
 * strings and arrays), build every message and encode the SEND_BATCH_MESSAGE body. RocketMQ: {@code new Message}
 * (which puts TAGS, KEYS and WAIT), {@code putUserProperty}, the unique key, then
 * {@code MessageDecoder.encodeMessages}, as {@code MessageBatch.encode} does. Apogee: reused
 * {@link OutboundMessage}s cleared and filled, then {@link BatchBodyEncoder} into a supplied buffer. The set-up
 * checks that RocketMQ's decoder reads the same messages from both bodies.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class BuildEncodeBenchmark {
    /** Messages x body bytes. */
    @Param({"32x1024"})
    public String shape;

    /** The user property: plain ASCII or long non-ASCII text. */
    @Param({ApplicationInputs.ASCII, ApplicationInputs.NON_ASCII})
    public String workload;

    private ApplicationInputs inputs;
    private final List<OutboundMessage> outbound = new ArrayList<>();
    private final List<Message> official = new ArrayList<>();
    private final BatchBodyEncoder encoder = new BatchBodyEncoder();
    private ByteBuffer target;

    /** Makes the inputs and the buffer, and checks that both bodies hold the same messages. */
    @Setup
    public void setUp() throws Exception {
        inputs = ApplicationInputs.of(shape, workload);
        for (int i = 0; i < inputs.count(); i++) {
            outbound.add(new OutboundMessage());
        }
        byte[] expected = rocketmq();
        target = ByteBuffer.allocate(expected.length);
        if (apogee() != EncodeStatus.OK || encoder.length() != expected.length) {
            throw new IllegalStateException("Apogee's batch body has another length than RocketMQ's");
        }
        List<Message> fromApogee = MessageDecoder.decodeMessages(ByteBuffer.wrap(target.array()));
        List<Message> fromRocketMq = MessageDecoder.decodeMessages(ByteBuffer.wrap(expected));
        for (int i = 0; i < inputs.count(); i++) {
            Message a = fromApogee.get(i);
            Message r = fromRocketMq.get(i);
            if (!Arrays.equals(a.getBody(), r.getBody()) || !a.getProperties().equals(r.getProperties())) {
                throw new IllegalStateException("message " + i + " differs: " + a + " vs " + r);
            }
        }
    }

    /** Apogee: fill the reused messages from the inputs and encode the batch into a supplied buffer. */
    @Benchmark
    public EncodeStatus apogee() {
        ApplicationInputs in = inputs;
        String name = in.propertyName();
        for (int i = 0, n = in.count(); i < n; i++) {
            outbound.get(i).clear().topic(ApplicationInputs.TOPIC).body(in.body(i))
                .tags(in.tags(i)).keys(in.keys(i)).putProperty(PropertyNames.WAIT, "true")
                .putProperty(name, in.value(i)).putProperty(PropertyNames.UNIQ_KEY, in.uniqueKey(i));
        }
        return encoder.encode(outbound, target, 0);
    }

    /** RocketMQ: new messages from the inputs, then its batch encoder. */
    @Benchmark
    public byte[] rocketmq() {
        official.clear();
        for (int i = 0, n = inputs.count(); i < n; i++) {
            official.add(inputs.rocketMqMessage(i));
        }
        return MessageDecoder.encodeMessages(official);
    }
}
