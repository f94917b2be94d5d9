package io.apogee.perf.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Counts the system calls of a process over a window. It runs {@code perf stat -e raw_syscalls:sys_enter -p PID}
 * from the start to the end and stops it with SIGINT, which makes perf print its count; perf counts every thread,
 * those started and ended inside the window too. perf attaches within tens of milliseconds, so the first moments
 * of the window may be missed. Where perf is missing or the kernel refuses (perf_event_paranoid above 1 and not
 * root), it falls back to {@code syscr + syscw} of {@code /proc/PID/io}, the read- and write-class calls of the
 * whole process. Not thread-safe: one thread starts and finishes it.
 */
public final class SyscallCounter {
    /** The tracepoint hit on every system call's entry. */
    static final String EVENT = "raw_syscalls:sys_enter";
    private static final long STOP_TIMEOUT_SECONDS = 10;

    private final Path processDir;
    private final Process perf;
    private final long startIo;

    private SyscallCounter(Path processDir, Process perf, long startIo) {
        this.processDir = processDir;
        this.perf = perf;
        this.startIo = startIo;
    }

    /** Starts counting the calls of process {@code pid}, whose {@code /proc} directory is {@code processDir}. */
    public static SyscallCounter start(long pid, Path processDir) {
        return new SyscallCounter(processDir, startPerf(pid), readWriteCalls(processDir));
    }

    /** The perf command that counts {@code pid}'s calls until it gets SIGINT or the process ends. */
    static List<String> perfCommand(long pid) {
        return List.of("perf", "stat", "-x,", "-e", EVENT, "-p", Long.toString(pid));
    }

    private static Process startPerf(long pid) {
        try {
            return new ProcessBuilder(perfCommand(pid)).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException noPerf) {
            return null;
        }
    }

    /** The calls since the start: perf's count if it gave one, else the read and write calls, else unknown. */
    public SyscallCount finish() {
        if (perf != null) {
            long calls = stopPerf();
            if (calls >= 0) {
                return new SyscallCount(calls, SyscallSource.PERF);
            }
        }
        long endIo = readWriteCalls(processDir);
        return startIo < 0 || endIo < 0 ? SyscallCount.UNKNOWN : new SyscallCount(endIo - startIo, SyscallSource.PROC_IO);
    }

    /** Stops perf with SIGINT and returns its count, or -1 if it failed (it exits at once when refused). */
    private long stopPerf() {
        try {
            if (perf.isAlive()) {
                new ProcessBuilder("kill", "-INT", Long.toString(perf.pid())).start().waitFor(STOP_TIMEOUT_SECONDS,
                    TimeUnit.SECONDS);
            }
            if (!perf.waitFor(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                perf.destroyForcibly();
                return -1;
            }
            return PerfStatOutput.count(new String(perf.getErrorStream().readAllBytes(), StandardCharsets.UTF_8), EVENT);
        } catch (IOException e) {
            perf.destroyForcibly();
            return -1;
        } catch (InterruptedException e) {
            perf.destroyForcibly();
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** Read- plus write-class calls of the whole process so far, or -1 if {@code /proc/PID/io} cannot be read. */
    private static long readWriteCalls(Path processDir) {
        try {
            return ProcIo.readWriteCalls(Files.readString(processDir.resolve("io"), StandardCharsets.US_ASCII));
        } catch (IOException | IllegalArgumentException e) {
            return -1;
        }
    }
}
