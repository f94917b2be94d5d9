package io.apogee.perf;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;

/**
 * This process's garbage collections (count and time, all collectors) and CPU time at one moment; the difference of
 * two is what a run cost the client. Immutable; {@link #now()} is safe for any thread.
 *
 * @param gcCount   collections so far
 * @param gcMillis  time spent collecting so far
 * @param cpuNanos  CPU time of the whole process so far (0 when the platform does not tell)
 */
public record JvmUsage(long gcCount, long gcMillis, long cpuNanos) {
    /** The figures now. */
    public static JvmUsage now() {
        long count = 0;
        long millis = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, gc.getCollectionCount());
            millis += Math.max(0, gc.getCollectionTime());
        }
        long cpu = ProcessHandle.current().info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
        return new JvmUsage(count, millis, cpu);
    }

    /** What happened between {@code earlier} and this. */
    public JvmUsage since(JvmUsage earlier) {
        return new JvmUsage(gcCount - earlier.gcCount, gcMillis - earlier.gcMillis, cpuNanos - earlier.cpuNanos);
    }
}
