package io.apogee.perf.process;

import java.util.List;
import java.util.Locale;

/**
 * What a process did while idle: how often its threads woke (context switches per second over all threads), the
 * CPU it used as a share of one core, its system calls per second, and the threads that woke most. Immutable.
 *
 * @param pid        the process
 * @param seconds    how long it was watched
 * @param cpuSeconds its user plus system CPU time over that time, all threads
 * @param activity   its threads' context switches and CPU, and its system calls
 */
public record IdleReport(long pid, double seconds, double cpuSeconds, ProcessActivity activity) {
    private static final double PERCENT = 100;

    /** Context switches per second over all threads: how often a thread went to sleep or was preempted. */
    public double wakeupsPerSecond() {
        return activity.totals().switches() / seconds;
    }

    /** CPU time as a share of one core, in percent. */
    public double cpuPercent() {
        return cpuSeconds * PERCENT / seconds;
    }

    /** System calls per second, -1 if they were not counted. */
    public double syscallsPerSecond() {
        return activity.syscalls().known() ? activity.syscalls().calls() / seconds : -1;
    }

    /** The {@code top} threads with the most context switches, each with any switches or CPU at all. */
    public List<ThreadLedger.ThreadCost> busiest(int top) {
        return activity.threads().stream().filter(t -> t.switches() > 0 || t.cpuTicks() > 0).limit(top).toList();
    }

    /** The report as text, with the {@code top} busiest threads. */
    public String text(int top) {
        ThreadLedger.Totals totals = activity.totals();
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT,
            "idle process %d over %.1f s: %.1f wake-ups/s (context switches per second: %.1f voluntary + %.1f involuntary, "
                + "over %d threads, %d started, %d ended), CPU %.2f %% of a core, %s system calls/s (%s); CPUs %s%n",
            pid, seconds, wakeupsPerSecond(), totals.voluntary() / seconds, totals.involuntary() / seconds,
            totals.threadsSeen(), totals.threadsStarted(), totals.threadsEnded(), cpuPercent(), syscallRate(),
            activity.syscalls().source().description(), activity.cpus().isEmpty() ? "unknown" : activity.cpus()));
        text.append(String.format(Locale.ROOT, "%10s %8s %8s  %s%n", "cs/s", "CPU %", "tid", "thread"));
        for (ThreadLedger.ThreadCost thread : busiest(top)) {
            text.append(String.format(Locale.ROOT, "%10.1f %8.2f %8d  %s%s%n", thread.switches() / seconds,
                threadCpuPercent(thread), thread.tid(), thread.name(), thread.ended() ? " (ended)" : ""));
        }
        return text.toString();
    }

    /** A thread's CPU time as a share of one core, in percent. */
    public double threadCpuPercent(ThreadLedger.ThreadCost thread) {
        return thread.cpuTicks() / BrokerMonitor.clockTicksPerSecond() * PERCENT / seconds;
    }

    /** System calls per second as text, "n/a" if not counted. */
    public String syscallRate() {
        return activity.syscalls().known() ? String.format(Locale.ROOT, "%.1f", syscallsPerSecond()) : "n/a";
    }
}
