package io.apogee.bench;

import io.apogee.store.MessageStore;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.FlushMode;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Appends to the store from 1, 4 and 32 producer threads, records of 100 B and 1 KiB bodies, in ASYNC and SYNC
 * mode: one operation is one record submitted. In ASYNC mode each thread keeps at most a window of 256
 * unacknowledged requests (a request is reused once its acknowledgement came back); in SYNC mode each thread waits
 * for its one request, as a synchronous send does, so the rate is the acknowledged rate. Records/s is the
 * throughput; {@code -prof gc} gives {@code gc.alloc.rate.norm} per record.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
public class StoreAppendBenchmark {
    private static final int QUEUES = 8;
    private static final int ASYNC_WINDOW = 256;

    /** The running store, shared by the producer threads. */
    @State(Scope.Benchmark)
    public static class Store {
        /** Body bytes per record (the stored record adds 92 fixed bytes, the topic and the properties). */
        @Param({"100", "1024"})
        public int bodySize;

        /** The flush mode. */
        @Param({"ASYNC", "SYNC"})
        public FlushMode mode;

        StoreBenchSetup setup;

        /** Opens a fresh store and starts its agents. */
        @Setup(Level.Trial)
        public void open() {
            setup = new StoreBenchSetup(mode, false);
        }

        /** Stops the agents, closes the store and deletes its files. */
        @TearDown(Level.Trial)
        public void close() {
            setup.close();
        }
    }

    /** One producer's window of reusable requests. */
    @State(Scope.Thread)
    public static class Producer {
        private StoreBenchRecord[] window;
        private int next;

        /** Builds the requests for this thread's queue. */
        @Setup(Level.Trial)
        public void setUp(Store store) {
            int queue = (int) (Thread.currentThread().threadId() % QUEUES);
            window = new StoreBenchRecord[store.mode == FlushMode.SYNC ? 1 : ASYNC_WINDOW];
            for (int i = 0; i < window.length; i++) {
                window[i] = new StoreBenchRecord("BenchTopic", queue, store.bodySize, false);
            }
        }

        /** Waits for every request in flight, so the store closes with nothing pending. */
        @TearDown(Level.Trial)
        public void drain() {
            for (StoreBenchRecord record : window) {
                int rounds = 0;
                while (record.pending()) {
                    rounds = IdleWait.backOff(rounds);
                }
            }
        }

        /** Submits the next request once its previous use completed; returns it. */
        StoreBenchRecord submit(MessageStore store) {
            StoreBenchRecord record = window[next];
            next = next + 1 == window.length ? 0 : next + 1;
            int rounds = 0;
            while (record.pending()) {
                rounds = IdleWait.backOff(rounds);
            }
            if (record.failure() != null) {
                throw new IllegalStateException("append failed: " + record.failure());
            }
            record.markSubmitted(0);
            rounds = 0;
            while (record.submitTo(store) == AppendStatus.BUSY) {
                rounds = IdleWait.backOff(rounds);
            }
            return record;
        }
    }

    /** One producer thread. */
    @Benchmark
    @Threads(1)
    public StoreBenchRecord oneThread(Store store, Producer producer) {
        return producer.submit(store.setup.store());
    }

    /** Four producer threads. */
    @Benchmark
    @Threads(4)
    public StoreBenchRecord fourThreads(Store store, Producer producer) {
        return producer.submit(store.setup.store());
    }

    /** Thirty-two producer threads. */
    @Benchmark
    @Threads(32)
    public StoreBenchRecord thirtyTwoThreads(Store store, Producer producer) {
        return producer.submit(store.setup.store());
    }
}
