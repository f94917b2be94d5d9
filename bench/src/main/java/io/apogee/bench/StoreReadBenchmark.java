package io.apogee.bench;

import io.apogee.store.MessageStore;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Reads one queue from its first offset, 32 records per read as a PULL does, starting over at the first offset at
 * the end: one operation is one record read (its zero-copy view touched: size and first byte), so
 * {@code -prof gc}'s {@code gc.alloc.rate.norm} is bytes per record read.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED"})
@State(Scope.Thread)
public class StoreReadBenchmark {
    private static final int BATCH = 32;
    private static final int RECORDS = BATCH * 4096;
    private static final String TOPIC = "ReadTopic";

    /** Body bytes per record. */
    @Param({"100", "1024"})
    public int bodySize;

    private StoreBenchSetup setup;
    private MessageStore store;
    private final ReadResult result = new ReadResult(BATCH);
    private long offset;

    /** Fills one queue with {@value #RECORDS} records and waits until all are dispatched. */
    @Setup(Level.Trial)
    public void fill() {
        setup = new StoreBenchSetup(FlushMode.ASYNC, true);
        store = setup.store();
        StoreBenchRecord record = new StoreBenchRecord(TOPIC, 0, bodySize, false);
        for (int i = 0; i < RECORDS; i++) {
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
        while (store.maxOffset(TOPIC, 0) < RECORDS) {
            rounds = IdleWait.backOff(rounds);
        }
    }

    /** Closes and deletes the store. */
    @TearDown(Level.Trial)
    public void close() {
        setup.close();
    }

    /** One read of {@value #BATCH} records. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void readBatch(Blackhole sink) {
        ReadStatus status = store.read(TOPIC, 0, offset, BATCH, Long.MAX_VALUE, TagFilter.ANY, result);
        if (status != ReadStatus.FOUND) {
            throw new IllegalStateException("read at " + offset + ": " + status);
        }
        for (int i = 0; i < result.count(); i++) {
            sink.consume(result.size(i) + result.buffer(i).get(result.position(i)));
        }
        offset = result.nextOffset() == RECORDS ? 0 : result.nextOffset();
        result.release();
    }
}
