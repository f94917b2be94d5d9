package io.apogee.bench;

import io.apogee.wire.message.OutboundMessage;
import io.apogee.wire.message.batch.BatchBodyEncoder;
import io.apogee.wire.message.batch.EncodeStatus;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
 * Encoding the body of a SEND_BATCH_MESSAGE request: Apogee's {@link BatchBodyEncoder} into a supplied buffer,
 * RocketMQ's {@code MessageDecoder.encodeMessages}, and the floor, a single copy of the same number of bytes.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class BatchEncodeBenchmark {
    /** Messages x body bytes. */
    @Param({"10x128", "100x128", "10x1024", "100x1024"})
    public String shape;

    private Workload workload;
    private List<OutboundMessage> outbound;
    private final BatchBodyEncoder encoder = new BatchBodyEncoder();
    private byte[] encoded;
    private ByteBuffer target;

    /** Builds the messages and the buffers, and checks that both encoders write the same bytes. */
    @Setup
    public void setUp() {
        workload = Workload.of(shape);
        outbound = ApogeeMessages.of(workload);
        encoded = MessageDecoder.encodeMessages(workload.messages());
        target = ByteBuffer.allocate(encoded.length);
        if (apogee() != EncodeStatus.OK || !Arrays.equals(target.array(), encoded)) {
            throw new IllegalStateException("Apogee's batch body differs from RocketMQ's for " + shape);
        }
    }

    /** Apogee: measure, then write every message once into the supplied buffer. */
    @Benchmark
    public EncodeStatus apogee() {
        return encoder.encode(outbound, target, 0);
    }

    /** Apache RocketMQ's batch encoder. */
    @Benchmark
    public byte[] rocketmq() {
        return MessageDecoder.encodeMessages(workload.messages());
    }

    /** One copy of the same byte count: what no encoder can beat. */
    @Benchmark
    public ByteBuffer floor() {
        target.clear();
        return target.put(encoded);
    }
}
