package io.apogee.bench;

import io.apogee.store.MessageStore;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.FlushMode;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The store-level load tool: appends from N writer threads for a fixed time and prints records/s, MB/s, append
 * latency percentiles (submit to completion, from per-thread HdrHistograms merged at the end), GC count and heap
 * bytes allocated per record. {@code --baseline} instead measures one writer doing a 4 KiB write plus a data sync
 * per write ({@link SyncWriteBaseline}), the figure SYNC group commit is compared to.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.apogee.bench.StoreLoad --mode ASYNC --writers 4 --size 1024 --seconds 10
 * </pre>
 *
 * <p>Threads: the main thread sets up, waits and reports; each writer owns its requests and its histogram.
 */
public final class StoreLoad {
    private static final long MAX_LATENCY_NANOS = TimeUnit.SECONDS.toNanos(30);
    private static final double MEGABYTE = 1_000_000.0;

    private StoreLoad() {
    }

    /** Runs one load as the arguments say; see {@link StoreLoadOptions#USAGE}. */
    public static void main(String[] args) throws Exception {
        StoreLoadOptions options = StoreLoadOptions.parse(args);
        if (options == null) {
            System.out.println(StoreLoadOptions.USAGE);
            return;
        }
        PrintStream out = System.out;
        if (options.baseline()) {
            SyncWriteBaseline.run(options.seconds(), out);
            return;
        }
        try (StoreBenchSetup setup = new StoreBenchSetup(options.mode(), false)) {
            out.printf(Locale.ROOT, "store: %s, %d writers, %d B bodies, window %d, %d queues, %d s (+%d s warm-up), "
                    + "%d agent threads%n", options.mode(), options.writers(), options.bodySize(), options.window(),
                options.queues(), options.seconds(), options.warmupSeconds(), setup.agentThreads());
            run(setup, options, out);
        }
    }

    private static void run(StoreBenchSetup setup, StoreLoadOptions options, PrintStream out) throws InterruptedException {
        MessageStore store = setup.store();
        Writer[] writers = new Writer[options.writers()];
        CountDownLatch done = new CountDownLatch(writers.length);
        for (int i = 0; i < writers.length; i++) {
            writers[i] = new Writer(store, options, i % options.queues(), done);
        }
        for (Writer writer : writers) {
            writer.thread.start();
        }
        Thread.sleep(TimeUnit.SECONDS.toMillis(options.warmupSeconds()));
        for (Writer writer : writers) {
            writer.measuring = true;
        }
        long gcBefore = gcCount();
        long allocatedBefore = allocatedBytes();
        ThreadCpu cpuBefore = ThreadCpu.now();
        long forcesBefore = setup.logForces();
        long start = System.nanoTime();
        Thread.sleep(TimeUnit.SECONDS.toMillis(options.seconds()));
        for (Writer writer : writers) {
            writer.measuring = false;
        }
        long elapsed = System.nanoTime() - start;
        long forces = setup.logForces() - forcesBefore;
        long gcAfter = gcCount();
        long allocatedAfter = allocatedBytes();
        ThreadCpu cpu = ThreadCpu.now().minus(cpuBefore);
        for (Writer writer : writers) {
            writer.running = false;
        }
        done.await();
        report(writers, elapsed, gcAfter - gcBefore, allocatedAfter - allocatedBefore, out);
        cpu.report(totalRecords(writers), elapsed, out);
        if (options.mode() == FlushMode.SYNC && forces > 0) {
            out.printf(Locale.ROOT, "log forces by the flusher %,.0f/s, %.1f records per force%n", forces / (elapsed / 1e9),
                (double) totalRecords(writers) / forces);
        }
    }

    private static void report(Writer[] writers, long elapsedNanos, long gcs, long allocated, PrintStream out) {
        Histogram merged = new Histogram(MAX_LATENCY_NANOS, 3);
        long records = 0;
        long failures = 0;
        for (Writer writer : writers) {
            merged.add(writer.latencies);
            records += writer.latencies.getTotalCount();
            failures += writer.failures;
        }
        double seconds = elapsedNanos / 1e9;
        int recordSize = writers[0].records[0].recordSize();
        out.printf(Locale.ROOT, "records/s %,.0f  MB/s %,.1f  (record %d B, %,d records, %d failed)%n",
            records / seconds, records * (double) recordSize / seconds / MEGABYTE, recordSize, records, failures);
        out.printf(Locale.ROOT, "append latency us: p50 %.1f  p99 %.1f  p99.9 %.1f  max %.1f%n",
            micros(merged.getValueAtPercentile(50)), micros(merged.getValueAtPercentile(99)),
            micros(merged.getValueAtPercentile(99.9)), micros(merged.getMaxValue()));
        out.printf(Locale.ROOT, "gc count %d  heap allocated per record %.2f B%n", gcs,
            records == 0 ? 0.0 : (double) allocated / records);
    }

    private static long totalRecords(Writer[] writers) {
        long records = 0;
        for (Writer writer : writers) {
            records += writer.latencies.getTotalCount();
        }
        return records;
    }

    private static double micros(long nanos) {
        return nanos / 1000.0;
    }

    private static long gcCount() {
        long count = 0;
        for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, bean.getCollectionCount());
        }
        return count;
    }

    /** Bytes allocated on the heap by every thread so far (HotSpot's counter; -1 elsewhere). */
    private static long allocatedBytes() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean hotspot) {
            return hotspot.getTotalThreadAllocatedBytes();
        }
        return -1;
    }

    /** One writer thread: a window of reusable requests, each resubmitted once its completion came back. */
    private static final class Writer implements Runnable {
        private final MessageStore store;
        private final StoreBenchRecord[] records;
        private final Histogram latencies = new Histogram(MAX_LATENCY_NANOS, 3);
        private final CountDownLatch done;
        private final Thread thread;
        /** SYNC: park until the flusher's completion wakes the thread, rather than poll 32 threads every 20 us. */
        private final boolean parkUntilCompleted;
        private volatile boolean measuring;
        private volatile boolean running = true;
        private long failures;

        Writer(MessageStore store, StoreLoadOptions options, int queueId, CountDownLatch done) {
            this.store = store;
            this.done = done;
            this.records = new StoreBenchRecord[options.window()];
            for (int i = 0; i < records.length; i++) {
                records[i] = new StoreBenchRecord("LoadTopic", queueId, options.bodySize(), true);
            }
            this.thread = Thread.ofPlatform().name("store-load-writer").unstarted(this);
            this.parkUntilCompleted = options.mode() == FlushMode.SYNC;
        }

        @Override
        public void run() {
            try {
                int next = 0;
                while (running) {
                    StoreBenchRecord record = records[next];
                    next = next + 1 == records.length ? 0 : next + 1;
                    awaitCompletion(record);
                    submit(record);
                }
                for (StoreBenchRecord record : records) {
                    awaitCompletion(record);
                }
            } finally {
                done.countDown();
            }
        }

        /** Waits for the request's previous use to complete and records its latency. */
        private void awaitCompletion(StoreBenchRecord record) {
            if (parkUntilCompleted) {
                record.awaitCompletion();
            }
            int spins = 0;
            while (record.pending()) {
                spins = IdleWait.backOff(spins);
            }
            if (record.failure() != null) {
                failures++;
            } else if (measuring && record.latencyNanos() > 0) {
                latencies.recordValue(Math.min(record.latencyNanos(), MAX_LATENCY_NANOS));
            }
        }

        private void submit(StoreBenchRecord record) {
            record.markSubmitted(System.nanoTime());
            int spins = 0;
            AppendStatus status;
            while ((status = record.submitTo(store)) == AppendStatus.BUSY) {
                spins = IdleWait.backOff(spins);
            }
            if (status != AppendStatus.ACCEPTED) {
                throw new IllegalStateException("submit refused: " + status);
            }
        }
    }
}
