package io.apogee.bench;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * CPU time (user and system) consumed by the store's agent threads (named {@code apogee-...}, each reported on its
 * own) and by the load's writer threads, read from the JVM: the cost per record, which a shared machine's load
 * distorts far less than it distorts a rate.
 *
 * <p>Immutable.
 *
 * @param nanosByThread CPU nanoseconds by thread name (the writers summed under one name)
 */
record ThreadCpu(Map<String, Long> nanosByThread) {
    private static final String STORE_PREFIX = "apogee-";
    private static final String WRITER_NAME = "store-load-writer";

    /** The totals so far. */
    static ThreadCpu now() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Map<String, Long> cpu = new TreeMap<>();
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null && (info.getThreadName().startsWith(STORE_PREFIX) || info.getThreadName().equals(WRITER_NAME))) {
                cpu.merge(info.getThreadName(), Math.max(0, threads.getThreadCpuTime(info.getThreadId())), Long::sum);
            }
        }
        return new ThreadCpu(cpu);
    }

    /** What was spent since {@code earlier}. */
    ThreadCpu minus(ThreadCpu earlier) {
        Map<String, Long> spent = new TreeMap<>(nanosByThread);
        earlier.nanosByThread.forEach((name, nanos) -> spent.merge(name, -nanos, Long::sum));
        return new ThreadCpu(spent);
    }

    /** Prints CPU microseconds per record and the share of a core, per thread, over {@code elapsedNanos}. */
    void report(long records, long elapsedNanos, PrintStream out) {
        if (records == 0) {
            return;
        }
        long store = 0;
        StringBuilder line = new StringBuilder("CPU us per record (share of a core):");
        for (Map.Entry<String, Long> thread : nanosByThread.entrySet()) {
            if (thread.getKey().startsWith(STORE_PREFIX)) {
                store += thread.getValue();
            }
            line.append(String.format(Locale.ROOT, " %s %.2f (%.2f)", thread.getKey(),
                thread.getValue() / 1000.0 / records, (double) thread.getValue() / elapsedNanos));
        }
        out.println(line);
        out.printf(Locale.ROOT, "CPU us per record, all store threads: %.2f (%.2f cores)%n", store / 1000.0 / records,
            (double) store / elapsedNanos);
    }
}
