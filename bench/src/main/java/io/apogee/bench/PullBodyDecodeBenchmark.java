package io.apogee.bench;

import io.apogee.common.text.InternTable;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.pull.PullBodyDecoder;
import io.apogee.wire.message.pull.PulledMessage;
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
 * Decoding a PULL response body as a consumer does: Apogee's {@link PullBodyDecoder} (views over the received
 * buffer), RocketMQ's {@code MessageDecoder.decodesBatch} as its client calls it, and the floor, one copy of the
 * same bytes. {@code apogee} reads what a listener typically touches (queue offset, store time, the body, the
 * tag); {@code apogeeAllFields} also reads every other field, every property and the message id, as RocketMQ's
 * decoder materialises them.
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

    private final PullBodyDecoder decoder = new PullBodyDecoder(new InternTable(1024, 255));
    private final StringBuilder msgId = new StringBuilder(64);

    /** Builds the pull body. */
    @Setup
    public void setUp() {
        body = Workload.of(shape).pullBody();
        source = ByteBuffer.wrap(body);
        target = ByteBuffer.allocate(body.length);
    }

    /** Apogee: every message's queue offset, store time, body view and tags code. */
    @Benchmark
    public long apogee() {
        return readViews(decoder, source, body.length);
    }

    /** Reads every message's queue offset, store time, body view and tags code from {@code length} bytes of {@code source}. */
    static long readViews(PullBodyDecoder decoder, ByteBuffer source, int length) {
        decoder.wrap(source, 0, length);
        long sum = 0;
        while (decoder.next()) {
            PulledMessage message = decoder.message();
            ByteBuffer messageBody = message.body();
            sum += message.queueOffset() + message.storeTimestamp() + messageBody.remaining() + messageBody.get(0)
                + message.tagsCode();
        }
        return sum;
    }

    /** Apogee: every field, every property, the topic and the message id. */
    @Benchmark
    public long apogeeAllFields() {
        decoder.wrap(source, 0, body.length);
        long sum = 0;
        while (decoder.next()) {
            PulledMessage message = decoder.message();
            sum += message.queueId() + message.flag() + message.queueOffset() + message.physicalOffset()
                + message.sysFlag() + message.bornTimestamp() + message.bornHostPort() + message.storeTimestamp()
                + message.storeHostPort() + message.reconsumeTimes() + message.preparedTransactionOffset()
                + message.bodyCrc() + message.body().remaining() + message.topic().length();
            PropertiesReader properties = message.properties();
            while (properties.next()) {
                sum += properties.valueHashCode();
            }
            msgId.setLength(0);
            message.appendMsgId(msgId);
            sum += msgId.length();
        }
        return sum;
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
