package io.apogee.perf.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Counts the system calls of a process over a window. It runs {@code perf stat -e raw_syscalls:sys_enter -p PID}
 * from the start to the end and stops it with SIGINT, which makes perf print its count; perf counts every thread,
 * those started and ended inside the window too. perf needs tens of milliseconds (seconds on a loaded machine) to
 * attach, so {@link #start} waits until perf has opened an event for each of the target's threads, or 2 s at most.
 * Where perf is missing or the kernel refuses (perf_event_paranoid above 1 and not
 * root), it falls back to {@code syscr + syscw} of {@code /proc/PID/io}, the read- and write-class calls of the
 * whole process. Not thread-safe: one thread starts and finishes it.
 */
public final class SyscallCounter {
    /** The tracepoint hit on every system call's entry. */
    static final String EVENT = "raw_syscalls:sys_enter";
    private static final long STOP_TIMEOUT_SECONDS = 10;
    private static final long ATTACH_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(2);
    private static final long ATTACH_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    private static final String PERF_EVENT_LINK = "anon_inode:[perf_event]";
    /**
     * The perf processes not yet stopped. perf stays attached until its target exits, which a broker may never do,
     * so a hook stops them if this JVM exits first (Ctrl-C, a failed run).
     */
    private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> RUNNING.forEach(Process::destroy), "perf-stat-stop"));
    }

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
        return new SyscallCounter(processDir, startPerf(pid, processDir), readWriteCalls(processDir));
    }

    /** The perf command that counts {@code pid}'s calls until it gets SIGINT or the process ends. */
    static List<String> perfCommand(long pid) {
        return List.of("perf", "stat", "-x,", "-e", EVENT, "-p", Long.toString(pid));
    }

    private static Process startPerf(long pid, Path processDir) {
        try {
            Process perf = new ProcessBuilder(perfCommand(pid)).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            RUNNING.add(perf);
            awaitAttached(perf, threads(processDir));
            return perf;
        } catch (IOException noPerf) {
            return null;
        }
    }

    /** Waits until {@code perf} holds an event for each of {@code threads} threads, or has exited, or 2 s passed. */
    private static void awaitAttached(Process perf, long threads) {
        Path fds = Path.of("/proc", Long.toString(perf.pid()), "fd");
        long deadline = System.nanoTime() + ATTACH_TIMEOUT_NANOS;
        while (perf.isAlive() && System.nanoTime() < deadline && perfEvents(fds) < threads) {
            LockSupport.parkNanos(ATTACH_POLL_NANOS);
        }
    }

    /** The perf events open in the process whose fd directory is {@code fds}. */
    private static long perfEvents(Path fds) {
        long events = 0;
        try (DirectoryStream<Path> links = Files.newDirectoryStream(fds)) {
            for (Path link : links) {
                if (readLink(link).equals(PERF_EVENT_LINK)) {
                    events++;
                }
            }
        } catch (IOException | DirectoryIteratorException gone) {
            return events;
        }
        return events;
    }

    private static String readLink(Path link) {
        try {
            return Files.readSymbolicLink(link).toString();
        } catch (IOException closed) {
            return "";
        }
    }

    /** The target's thread count now, 1 if it cannot be read. */
    private static long threads(Path processDir) {
        try {
            return Math.max(1, ProcStat.statusCount(Files.readString(processDir.resolve("status"), StandardCharsets.UTF_8),
                "Threads"));
        } catch (IOException e) {
            return 1;
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
        RUNNING.remove(perf);
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
