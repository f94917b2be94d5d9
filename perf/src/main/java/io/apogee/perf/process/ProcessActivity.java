package io.apogee.perf.process;

import java.util.List;

/**
 * What the threads of a process did over a window, as the kernel counts it: context switches and CPU per thread
 * and in total, and system calls. Immutable.
 *
 * @param totals   the sums over all threads
 * @param threads  each thread's share, the most context switches first
 * @param syscalls the system calls, and how they were counted
 * @param cpus     the CPUs the process may run on ({@code Cpus_allowed_list}, e.g. "0-1"), or "" if unknown
 */
public record ProcessActivity(ThreadLedger.Totals totals, List<ThreadLedger.ThreadCost> threads, SyscallCount syscalls,
                              String cpus) {
    /** Context switches of both kinds per message; 0 without messages. */
    public double switchesPerMessage(long messages) {
        return messages == 0 ? 0 : (double) totals.switches() / messages;
    }

    /** System calls per message; -1 when they were not counted, 0 without messages. */
    public double syscallsPerMessage(long messages) {
        if (!syscalls.known()) {
            return -1;
        }
        return messages == 0 ? 0 : (double) syscalls.calls() / messages;
    }
}
