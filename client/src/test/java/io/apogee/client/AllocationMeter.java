package io.apogee.client;

import java.lang.management.ManagementFactory;

/** Bytes allocated by the current thread, from the JVM's per-thread counter. Test helper. */
public final class AllocationMeter {
    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private AllocationMeter() {
    }

    /** Bytes the current thread has allocated so far. */
    public static long allocatedBytes() {
        return THREADS.getCurrentThreadAllocatedBytes();
    }

    /** Average bytes allocated per item by {@code iterations} runs of {@code work}, each handling {@code items}. */
    public static double bytesPerItem(Runnable work, int warmups, int iterations, int items) {
        for (int i = 0; i < warmups; i++) {
            work.run();
        }
        long before = allocatedBytes();
        for (int i = 0; i < iterations; i++) {
            work.run();
        }
        long after = allocatedBytes();
        return (double) (after - before) / ((long) iterations * items);
    }
}
