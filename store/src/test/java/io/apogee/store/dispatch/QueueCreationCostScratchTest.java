package io.apogee.store.dispatch;

import io.apogee.store.StoreFixture;
import io.apogee.store.TestRecord;
import io.apogee.store.commitlog.FlushMode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QueueCreationCostScratchTest {
    @TempDir
    Path dir;

    @Test
    void measure() {
        int n = Integer.getInteger("scratch.n", 3000);
        try (StoreFixture f = new StoreFixture(dir, FlushMode.ASYNC, 1 << 26, 300_000)) {
            long dispatchNanos = 0;
            long appendNanos = 0;
            for (int i = 0; i < n; i++) {
                f.store.submit(new TestRecord().set("T" + i, 0, 300, null).request());
                long a = System.nanoTime();
                f.internals.appender().doWork();
                long b = System.nanoTime();
                f.internals.dispatcher().doWork();
                long c = System.nanoTime();
                appendNanos += b - a;
                dispatchNanos += c - b;
            }
            long d = System.nanoTime();
            f.internals.dispatcher().flushNow(0);
            long flush = System.nanoTime() - d;
            System.out.printf("SCRATCH n=%d append %.1f us/queue, dispatch %.1f us/queue, flush %.1f us/queue%n", n,
                appendNanos / 1e3 / n, dispatchNanos / 1e3 / n, flush / 1e3 / n);
            // the same queue again: steady state
            long e = System.nanoTime();
            for (int i = 0; i < n; i++) {
                f.store.submit(new TestRecord().set("T" + i, 0, 300, null).request());
                f.internals.appender().doWork();
                f.internals.dispatcher().doWork();
            }
            System.out.printf("SCRATCH existing queues: %.1f us/message%n", (System.nanoTime() - e) / 1e3 / n);
        }
    }
}
