package io.apogee.bench;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
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
 * Decoding a PULL response body as a consumer does: RocketMQ's {@code MessageDecoder.decodesBatch} (as its
 * client calls it) against the floor, one copy of the same bytes.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PullBodyDecodeBenchmark {
    /** Messages x body bytes. */
    @Param({"10x128", "100x128", "10x1024", "100x1024"})
    public String shape;

    private byte[] body;
    private ByteBuffer source;
    private ByteBuffer target;

    /** Builds the pull body. */
    @Setup
    public void setUp() {
        body = Workload.of(shape).pullBody();
        source = ByteBuffer.wrap(body);
        target = ByteBuffer.allocate(body.length);
    }

    /** Apache RocketMQ's client-side decoder: read bodies, decompress if needed, client mode. */
    @Benchmark
    public List<MessageExt> rocketmq() {
        return MessageDecoder.decodesBatch(ByteBuffer.wrap(body), true, true, true);
    }

    /** One copy of the same byte count. */
    @Benchmark
    public ByteBuffer floor() {
        target.clear();
        source.clear();
        return target.put(source);
    }
}
