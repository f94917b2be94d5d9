package io.apogee.perf.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Watches the threads of one process over a window: every thread's context switches and CPU from
 * {@code /proc/PID/task} at the start, at each {@link #sample()} (once a second, so that threads ending inside the
 * window are seen) and at the end, and the process's system calls through a {@link SyscallCounter}. Not
 * thread-safe: one sampling thread uses it.
 */
public final class ProcessActivityMonitor {
    private final Path processDir;
    private final ThreadLedger ledger = new ThreadLedger();
    private final SyscallCounter syscalls;

    private ProcessActivityMonitor(long pid, Path processDir) {
        this.processDir = processDir;
        this.syscalls = SyscallCounter.start(pid, processDir);
        sample();
    }

    /** Starts watching process {@code pid} through {@code /proc}. */
    public static ProcessActivityMonitor start(long pid) {
        return new ProcessActivityMonitor(pid, Path.of("/proc", Long.toString(pid)));
    }

    /** Notes every thread's counts now; does nothing once the process is gone. */
    public void sample() {
        try {
            ledger.observe(ProcThreads.read(processDir));
        } catch (UncheckedIOException gone) {
            // the process exited: the figures say what was seen until then
        }
    }

    /** The activity from the start until now. */
    public ProcessActivity finish() {
        sample();
        SyscallCount calls = syscalls.finish();
        return new ProcessActivity(ledger.totals(), ledger.threads(), calls, allowedCpus(processDir));
    }

    /** The CPUs the process may run on, from its status, or "" if unknown. */
    static String allowedCpus(Path processDir) {
        try {
            String status = Files.readString(processDir.resolve("status"), StandardCharsets.UTF_8);
            for (String line : status.split("\n")) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return line.substring("Cpus_allowed_list:".length()).strip();
                }
            }
            return "";
        } catch (IOException e) {
            return "";
        }
    }
}
