package io.apogee.bench;

import io.apogee.common.agent.Agent;
import io.apogee.common.agent.AgentRunner;
import io.apogee.common.agent.BackoffIdleStrategy;
import io.apogee.common.time.SystemClock;
import io.apogee.store.MessageStore;
import io.apogee.store.StoreConfig;
import io.apogee.store.commitlog.AppendRequest;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.dispatch.DispatchEntry;
import io.apogee.store.file.NioFileIo;
import io.apogee.store.retention.RetentionConfig;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.record.StoredRecordWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Appends to the store in ASYNC mode from 1 and 4 producer threads, records of 100 B and 1 KiB bodies: one
 * operation is one record submitted, each thread keeping at most a window of 256 unacknowledged (a request is reused once
 * its acknowledgement came back), so the rate is the acknowledged rate. The
 * store's agents run on their own threads; segments are deleted as soon as they are forced and dispatched, so the
 * disk use stays bounded. Records/s is the throughput; {@code -prof gc} gives {@code gc.alloc.rate.norm} per
 * record.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class StoreAppendBenchmark {
    private static final int SEGMENT_SIZE = 128 << 20;
    private static final int UNITS_PER_QUEUE_FILE = 300_000;
    private static final int QUEUES = 8;
    private static final long PARK_NANOS = TimeUnit.MICROSECONDS.toNanos(50);

    /** The running store, shared by the producer threads. */
    @State(Scope.Benchmark)
    public static class Store {
        /** Body bytes per record (the stored record adds 92 fixed bytes, the topic and the properties). */
        @Param({"100", "1024"})
        public int bodySize;

        MessageStore store;
        private Path root;
        private final List<AgentRunner> runners = new ArrayList<>();

        /** Opens a fresh store and starts its agents. */
        @Setup(Level.Trial)
        public void open() throws IOException {
            root = Files.createTempDirectory("apogee-append-bench");
            StoreConfig config = StoreConfig.defaults(root, FlushMode.ASYNC)
                .withSmallFiles(SEGMENT_SIZE, UNITS_PER_QUEUE_FILE)
                .withRetention(new RetentionConfig(0, RetentionConfig.DEFAULT_CLEAN_USED_RATIO, 0,
                    RetentionConfig.DEFAULT_MAX_DELETES_PER_CHECK));
            store = MessageStore.open(config, new NioFileIo(), SystemClock.INSTANCE, (role, error) -> error.printStackTrace());
            for (Agent agent : store.agents()) {
                AgentRunner runner = new AgentRunner(agent, new BackoffIdleStrategy(100, 10, PARK_NANOS, PARK_NANOS),
                    (role, error) -> error.printStackTrace());
                runner.start();
                runners.add(runner);
            }
        }

        /** Stops the agents, closes the store and deletes its files. */
        @TearDown(Level.Trial)
        public void close() throws IOException {
            runners.forEach(AgentRunner::close);
            store.close();
            try (Stream<Path> paths = Files.walk(root)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
    }

    /** One producer's window of reusable requests. */
    @State(Scope.Thread)
    public static class Producer {
        private static final int WINDOW = 256;
        private final BenchRecord[] window = new BenchRecord[WINDOW];
        private int next;

        /** Builds the requests for this thread's queue. */
        @Setup(Level.Trial)
        public void setUp(Store store) {
            int queue = (int) (Thread.currentThread().threadId() % QUEUES);
            for (int i = 0; i < WINDOW; i++) {
                window[i] = new BenchRecord("BenchTopic", queue, store.bodySize);
            }
        }

        /** Submits the next request once its previous use completed; returns it. */
        BenchRecord submit(MessageStore store) {
            BenchRecord record = window[next];
            next = (next + 1) % WINDOW;
            while (record.pending) {
                Thread.onSpinWait();
            }
            if (record.failure != null) {
                throw new IllegalStateException("append failed: " + record.failure);
            }
            record.pending = true;
            while (store.submit(record) == AppendStatus.BUSY) {
                Thread.onSpinWait();
            }
            return record;
        }
    }

    /** One producer thread. */
    @Benchmark
    @Threads(1)
    public BenchRecord oneThread(Store store, Producer producer) {
        return producer.submit(store.store);
    }

    /** Four producer threads. */
    @Benchmark
    @Threads(4)
    public BenchRecord fourThreads(Store store, Producer producer) {
        return producer.submit(store.store);
    }

    /** A reusable request writing one stored record of a fixed size with a tag and a key. */
    public static final class BenchRecord implements AppendRequest {
        private static final HostAddress HOST = HostAddress.of(new byte[] {10, 0, 0, 1}, 10_911);
        private final StoredRecordWriter writer = new StoredRecordWriter();
        private final String topic;
        private final int queueId;
        private final int size;
        private final byte[] body;
        volatile boolean pending;
        volatile AppendStatus failure;

        BenchRecord(String topic, int queueId, int bodySize) {
            this.topic = topic;
            this.queueId = queueId;
            writer.topic(topic).queueId(queueId).bornHost(HOST).storeHost(HOST)
                .extraProperty(PropertyNames.TAGS, "TagA").extraProperty(PropertyNames.KEYS, "order-42");
            this.body = new byte[bodySize];
            writer.body(body, 0, bodySize);
            this.size = writer.recordSize();
        }

        @Override
        public String topic() {
            return topic;
        }

        @Override
        public int queueId() {
            return queueId;
        }

        @Override
        public int recordSize(int index) {
            return size;
        }

        @Override
        public int totalSize() {
            return size;
        }

        @Override
        public void writeRecord(int index, ByteBuffer destination, int position, DispatchEntry entry) {
            writer.queueOffset(entry.queueOffset()).physicalOffset(entry.physicalOffset())
                .storeTimestamp(entry.storeTimestamp()).bornTimestamp(entry.storeTimestamp()).write(destination, position);
        }

        @Override
        public void onAppended(AppendStatus status, long physicalOffset, long queueOffset, long storeTimestamp) {
            if (status != AppendStatus.APPENDED) {
                failure = status;
            }
            pending = false;
        }
    }
}
