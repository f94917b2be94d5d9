package io.apogee.bench;

import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A JMH profiler that reports the benchmark JVM's CPU time (user and system, every thread: the benchmark's, the
 * garbage collector's, the compiler's) per operation, as {@code cpu.time.norm} in ns/op. On a shared machine a
 * rate falls with the load while the CPU an operation costs barely moves, so the ratio of two sides' CPU per
 * operation is the steadier comparison; and the collector's work is counted where the garbage is made.
 *
 * <p>Not thread-safe: JMH calls it from one thread, before and after each iteration.
 */
public final class CpuTimeProfiler implements InternalProfiler {
    /** The name of the secondary result. */
    public static final String CPU_NORM = "cpu.time.norm";

    private static final com.sun.management.OperatingSystemMXBean OS =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private long cpuBefore;

    @Override
    public String getDescription() {
        return "process CPU time (all threads) per operation";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        cpuBefore = OS.getProcessCpuTime();
    }

    @Override
    @SuppressWarnings("rawtypes") // JMH's interface declares the raw type
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
                                                       IterationResult result) {
        long spent = OS.getProcessCpuTime() - cpuBefore;
        long operations = result.getMetadata() == null ? 0 : result.getMetadata().getAllOps();
        double perOperation = operations == 0 ? Double.NaN : (double) spent / operations;
        return List.of(new ScalarResult(CPU_NORM, perOperation, "ns/op", AggregationPolicy.AVG));
    }
}
