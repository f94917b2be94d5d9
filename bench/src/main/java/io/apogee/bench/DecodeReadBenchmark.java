package io.apogee.bench;

import io.apogee.common.text.InternTable;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.pull.PullBodyDecoder;
import io.apogee.wire.message.pull.PulledMessage;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
 * The whole of a consumer's codec work for a PULL body: decode every record and read what an application reads,
 * the topic, the body and every property (KEYS, TAGS and the user property among them) as text. RocketMQ:
 * {@code MessageDecoder.decodesBatch(buf, true, true, true)} as its client calls it, then the getters and the
 * property map. Apogee {@code apogee}: {@link PullBodyDecoder}, the interned topic, the body view, and each
 * property's name and value decoded into reused {@code StringBuilder}s. {@code apogeeStrings}: the same with a new
 * {@code String} per name and value, for an application that keeps them. {@code apogeeViews}: the narrower work of
 * {@link PullBodyDecodeBenchmark#apogee}, views and numbers only, no text. The set-up checks that Apogee reads the
 * same texts as RocketMQ.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class DecodeReadBenchmark {
    /** Messages x body bytes. */
    @Param({"32x1024"})
    public String shape;

    /** The user property: plain ASCII or long non-ASCII text. */
    @Param({ApplicationInputs.ASCII, ApplicationInputs.NON_ASCII})
    public String workload;

    private byte[] body;
    private ByteBuffer source;
    private final PullBodyDecoder decoder = new PullBodyDecoder(new InternTable(1024, 255));
    private final StringBuilder name = new StringBuilder(64);
    private final StringBuilder value = new StringBuilder(512);

    /** Builds the pull body and checks that both sides read the same texts. */
    @Setup
    public void setUp() {
        body = ApplicationInputs.of(shape, workload).pullBody();
        source = ByteBuffer.wrap(body);
        List<String> apogeeTexts = new ArrayList<>();
        decoder.wrap(source, 0, body.length);
        while (decoder.next()) {
            PulledMessage message = decoder.message();
            apogeeTexts.add(message.topic());
            PropertiesReader properties = message.properties();
            while (properties.next()) {
                apogeeTexts.add(properties.name() + "=" + properties.value());
            }
        }
        List<String> rocketMqTexts = new ArrayList<>();
        for (MessageExt message : MessageDecoder.decodesBatch(ByteBuffer.wrap(body), true, true, true)) {
            rocketMqTexts.add(message.getTopic());
            for (Map.Entry<String, String> entry : message.getProperties().entrySet()) {
                rocketMqTexts.add(entry.getKey() + "=" + entry.getValue());
            }
        }
        if (!apogeeTexts.containsAll(rocketMqTexts) || apogeeTexts.size() != rocketMqTexts.size()) {
            throw new IllegalStateException("Apogee reads other texts than RocketMQ: " + apogeeTexts);
        }
    }

    /** Apogee: every record's topic, body and properties, the texts decoded into reused builders. */
    @Benchmark
    public long apogee() {
        decoder.wrap(source, 0, body.length);
        long sum = 0;
        while (decoder.next()) {
            PulledMessage message = decoder.message();
            sum += message.topic().length() + message.body().remaining();
            PropertiesReader properties = message.properties();
            while (properties.next()) {
                name.setLength(0);
                value.setLength(0);
                properties.appendName(name);
                properties.appendValue(value);
                sum += name.length() + value.length();
            }
        }
        return sum;
    }

    /** Apogee: the same, with a new {@code String} for every name and value. */
    @Benchmark
    public long apogeeStrings() {
        decoder.wrap(source, 0, body.length);
        long sum = 0;
        while (decoder.next()) {
            PulledMessage message = decoder.message();
            sum += message.topic().length() + message.body().remaining();
            PropertiesReader properties = message.properties();
            while (properties.next()) {
                sum += properties.name().length() + properties.value().length();
            }
        }
        return sum;
    }

    /** Apogee, narrower: queue offset, store time, body view and tags code, no text (as PullBodyDecode). */
    @Benchmark
    public long apogeeViews() {
        return PullBodyDecodeBenchmark.readViews(decoder, source, body.length);
    }

    /** RocketMQ: its client's decoder, then the topic, the body and every property. */
    @Benchmark
    public long rocketmq() {
        long sum = 0;
        for (MessageExt message : MessageDecoder.decodesBatch(ByteBuffer.wrap(body), true, true, true)) {
            sum += message.getTopic().length() + message.getBody().length;
            for (Map.Entry<String, String> entry : message.getProperties().entrySet()) {
                sum += entry.getKey().length() + entry.getValue().length();
            }
        }
        return sum;
    }
}
