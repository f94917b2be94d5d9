package io.apogee.bench;

import java.nio.ByteBuffer;
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
 * Encoding the body of a SEND_BATCH_MESSAGE request: RocketMQ's {@code MessageDecoder.encodeMessages} against
 * the floor, a single copy of the same number of bytes into a buffer.
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
    private byte[] encoded;
    private ByteBuffer target;

    /** Builds the messages and the buffers. */
    @Setup
    public void setUp() {
        workload = Workload.of(shape);
        encoded = MessageDecoder.encodeMessages(workload.messages());
        target = ByteBuffer.allocate(encoded.length);
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
