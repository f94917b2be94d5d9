package io.apogee.perf.process;

/**
 * One thread of a process at one moment, as {@code /proc/PID/task/TID/stat} and {@code status} tell it. The thread
 * is known by its id and its start time together, since Linux reuses ids. Immutable.
 *
 * @param tid         the thread id
 * @param startTicks  when the thread started, clock ticks after boot (stat field 22)
 * @param name        the thread's name (Linux keeps its first 15 bytes)
 * @param cpuTicks    user plus system CPU time so far, clock ticks
 * @param voluntary   context switches so far in which the thread gave up the CPU itself (it blocked or slept)
 * @param involuntary context switches so far in which the scheduler took the CPU from it
 */
public record ThreadSample(long tid, long startTicks, String name, long cpuTicks, long voluntary, long involuntary) {
    /** Field 22 of stat, starttime, counted from 1. */
    private static final int START_TIME_FIELD = 22;

    /**
     * The sample a thread's {@code stat} and {@code status} texts describe.
     *
     * @throws IllegalArgumentException if either is not in Linux's format
     */
    public static ThreadSample parse(String stat, String status) {
        int open = stat.indexOf('(');
        int close = stat.lastIndexOf(')');
        if (open < 0 || close < open) {
            throw new IllegalArgumentException("no thread name in /proc stat: " + stat.strip());
        }
        long voluntary = ProcStat.statusCount(status, "voluntary_ctxt_switches");
        long involuntary = ProcStat.statusCount(status, "nonvoluntary_ctxt_switches");
        if (voluntary < 0 || involuntary < 0) {
            throw new IllegalArgumentException("no context switch counts in /proc status");
        }
        try {
            return new ThreadSample(Long.parseLong(stat.substring(0, open).strip()), ProcStat.field(stat, START_TIME_FIELD),
                stat.substring(open + 1, close), ProcStat.cpuTicks(stat), voluntary, involuntary);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("the thread id is not a number in /proc stat: " + stat.strip(), e);
        }
    }

    /** Context switches of both kinds so far. */
    public long switches() {
        return voluntary + involuntary;
    }
}
