package io.apogee.bench;

import io.apogee.broker.group.ClientDirectory;
import io.apogee.broker.metadata.BrokerMetadata;
import io.apogee.broker.metadata.MetadataFiles;
import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.metrics.BrokerMetrics;
import io.apogee.broker.metrics.MetricsExporterType;
import io.apogee.broker.metrics.MetricsSettings;
import io.apogee.broker.metrics.MetricsSources;
import io.apogee.broker.metrics.TopicCounters;
import io.apogee.broker.metrics.TrafficCounters;
import io.apogee.common.time.SystemClock;
import io.apogee.store.MessageStore;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.FlushMode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
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
 * One scrape of the broker's Prometheus endpoint, as Prometheus makes it: {@link BrokerMetrics} over a running store
 * with {@link #topics} topics of {@value #QUEUES} queues holding {@value #MESSAGES_PER_QUEUE} messages each, and
 * {@link #groups} groups that each committed half of two topics (so every queue lags and the lag latency reads a
 * message per queue), and one {@code GET /metrics} on a kept-alive loopback connection, the page read to its end.
 * One operation is one scrape: with {@code -prof gc}, {@code gc.alloc.rate.norm} is bytes per scrape (the endpoint's
 * thread's and this one's, which only reads into a reused buffer).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx512m", "-Dsun.net.httpserver.nodelay=true"})
@State(Scope.Benchmark)
public class MetricsScrapeBenchmark {
    static final int QUEUES = 8;
    static final int MESSAGES_PER_QUEUE = 100;
    private static final int TOPICS_PER_GROUP = 2;
    private static final int BODY_BYTES = 1024;

    /** Topics of {@value #QUEUES} queues. */
    @Param({"4"})
    public int topics;

    /** Consumer groups, each with committed offsets on two topics. */
    @Param({"4"})
    public int groups;

    private StoreBenchSetup setup;
    private BrokerMetrics metrics;
    private PlainHttpGet get;

    /** Fills the store, commits the offsets, counts some traffic and starts the endpoint on a free port. */
    @Setup(Level.Trial)
    public void start() throws IOException {
        setup = new StoreBenchSetup(FlushMode.ASYNC, true);
        MessageStore store = setup.store();
        BrokerMetadata metadata = BrokerMetadata.open(MetadataFiles.of(store));
        TrafficCounters traffic = TrafficCounters.counting();
        for (int t = 0; t < topics; t++) {
            String topic = topic(t);
            metadata.topics().put(new TopicConfig(topic, QUEUES, QUEUES, TopicConfig.PERMISSION_READ_WRITE,
                TopicConfig.SINGLE_TAG, 0, false));
            fill(store, topic);
            traffic.received(topic, (long) QUEUES * MESSAGES_PER_QUEUE * BODY_BYTES, QUEUES * MESSAGES_PER_QUEUE);
        }
        for (int g = 0; g < groups; g++) {
            String group = "BenchGroup" + g;
            for (int i = 0; i < TOPICS_PER_GROUP; i++) {
                String topic = topic((g + i) % topics);
                for (int queue = 0; queue < QUEUES; queue++) {
                    metadata.offsets().commit(group, topic, queue, MESSAGES_PER_QUEUE / 2);
                }
                traffic.delivered(group, topic, QUEUES * MESSAGES_PER_QUEUE / 2,
                    (long) QUEUES * MESSAGES_PER_QUEUE / 2 * BODY_BYTES);
            }
        }
        int port = freePort();
        metrics = BrokerMetrics.start(new MetricsSettings(MetricsExporterType.PROM, "127.0.0.1", port),
            new MetricsSources("BenchCluster", "bench-broker", SystemClock.INSTANCE, store, metadata,
                new ClientDirectory(), traffic, () -> 0, new TopicCounters(), new TopicCounters(), () -> null, null, () -> null));
        get = new PlainHttpGet("127.0.0.1", port, "/metrics");
    }

    /** Stops the endpoint and deletes the store. */
    @TearDown(Level.Trial)
    public void stop() throws IOException {
        get.close();
        metrics.close();
        setup.close();
    }

    /** One scrape: returns the page's length, so that the page must have been read. */
    @Benchmark
    public int scrape() throws IOException {
        return get.fetch();
    }

    private static String topic(int index) {
        return "BenchTopic" + index;
    }

    private static void fill(MessageStore store, String topic) {
        for (int queue = 0; queue < QUEUES; queue++) {
            StoreBenchRecord record = new StoreBenchRecord(topic, queue, BODY_BYTES, false);
            for (int i = 0; i < MESSAGES_PER_QUEUE; i++) {
                int rounds = 0;
                while (record.pending()) {
                    rounds = IdleWait.backOff(rounds);
                }
                record.markSubmitted(0);
                while (record.submitTo(store) == AppendStatus.BUSY) {
                    rounds = IdleWait.backOff(rounds);
                }
            }
            int rounds = 0;
            while (store.maxOffset(topic, queue) < MESSAGES_PER_QUEUE) {
                rounds = IdleWait.backOff(rounds);
            }
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
