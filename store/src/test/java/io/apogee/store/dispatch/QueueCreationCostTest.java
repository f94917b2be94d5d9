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
 * The dispatcher's cost of a queue's first unit (directory, file, mapping, first page) and of forcing it, against a
 * unit for a queue that has its file already. It prints the figures (no timing assert) and checks every unit
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
            long dispatchNanos = oneUnitPerQueue(fixture);
            long flushStart = System.nanoTime();
            fixture.internals.dispatcher().flushNow(0);
            long flushNanos = System.nanoTime() - flushStart;
            long existingNanos = oneUnitPerQueue(fixture);
            System.out.printf("queue creation: %d new queues, dispatch %.1f us and force %.1f us per new queue;"
                + " dispatch %.1f us per unit of an existing queue%n", QUEUES, perQueue(dispatchNanos),
                perQueue(flushNanos), perQueue(existingNanos));
            for (int i = 0; i < QUEUES; i++) {
                assertThat(fixture.store.maxOffset("T" + i, 0)).isEqualTo(2);
            }
        }
    }

    /** Appends and dispatches one unit to each queue; returns the nanoseconds spent dispatching. */
    private static long oneUnitPerQueue(StoreFixture fixture) {
        long dispatchNanos = 0;
        for (int i = 0; i < QUEUES; i++) {
            fixture.store.submit(new TestRecord().set("T" + i, 0, 300, null).request());
            fixture.internals.appender().doWork();
            long start = System.nanoTime();
            fixture.internals.dispatcher().doWork();
            dispatchNanos += System.nanoTime() - start;
        }
        return dispatchNanos;
    }

    private static double perQueue(long nanos) {
        return nanos / NANOS_PER_MICRO / QUEUES;
    }
}
