package io.apogee.store.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.store.StoreFixture;
import io.apogee.store.TestRecord;
import io.apogee.store.commitlog.FlushMode;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cost of a queue's first unit against a unit for a queue that has its file already: on the submitting thread,
 * which makes and maps the new queue's file (directory, file, mapping), and on the dispatcher, which then only
 * writes the unit, and the force of the new files. It prints the figures (no timing assert) and checks every unit
 * arrived. Slow: thousands of files made and forced.
 */
@Tag("slow")
class QueueCreationCostTest {
    private static final int QUEUES = 3_000;
    private static final double NANOS_PER_MICRO = 1e3;

    @TempDir
    Path dir;

    @Test
    void printsTheCostOfANewQueueAgainstAnExistingOne() {
        // real time, for the figures only: the store itself runs on the fixture's manual clock
        try (StoreFixture fixture = new StoreFixture(dir, FlushMode.ASYNC, 1 << 26, 300_000)) {
            long[] fresh = oneUnitPerQueue(fixture);
            long flushStart = System.nanoTime();
            fixture.internals.dispatcher().flushNow(0);
            long flushNanos = System.nanoTime() - flushStart;
            long[] existing = oneUnitPerQueue(fixture);
            System.out.printf("queue creation: %d new queues, submit %.1f us, dispatch %.1f us and force %.1f us per"
                + " new queue; submit %.1f us and dispatch %.1f us per unit of an existing queue%n", QUEUES,
                perQueue(fresh[0]), perQueue(fresh[1]), perQueue(flushNanos), perQueue(existing[0]),
                perQueue(existing[1]));
            for (int i = 0; i < QUEUES; i++) {
                assertThat(fixture.store.maxOffset("T" + i, 0)).isEqualTo(2);
            }
        }
    }

    /** Appends and dispatches one unit to each queue; returns the nanoseconds spent submitting and dispatching. */
    private static long[] oneUnitPerQueue(StoreFixture fixture) {
        long submitNanos = 0;
        long dispatchNanos = 0;
        for (int i = 0; i < QUEUES; i++) {
            TestRecord record = new TestRecord().set("T" + i, 0, 300, null);
            long submitted = System.nanoTime();
            fixture.store.submit(record.request());
            submitNanos += System.nanoTime() - submitted;
            fixture.internals.appender().doWork();
            long start = System.nanoTime();
            fixture.internals.dispatcher().doWork();
            dispatchNanos += System.nanoTime() - start;
        }
        return new long[] {submitNanos, dispatchNanos};
    }

    private static double perQueue(long nanos) {
        return nanos / NANOS_PER_MICRO / QUEUES;
    }
}
