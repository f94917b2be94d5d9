package io.apogee.perf.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Watches a process that has no work (a broker with no client connected) for some seconds and reports how often it
 * wakes up and what that costs. It samples the threads once a second and parks in between, so it adds no wake-ups
 * of its own to the process watched. Stateless.
 */
public final class IdleWatch {
    private static final long SECOND_NANOS = TimeUnit.SECONDS.toNanos(1);

    private IdleWatch() {
    }

    /**
     * Watches process {@code pid} for {@code seconds} seconds.
     *
     * @throws IllegalArgumentException if there is no such process
     */
    public static IdleReport watch(long pid, int seconds) {
        Path processDir = Path.of("/proc", Long.toString(pid));
        long startTicks = cpuTicks(processDir);
        long start = System.nanoTime();
        ProcessActivityMonitor monitor = ProcessActivityMonitor.start(pid);
        long end = start + seconds * SECOND_NANOS;
        for (long next = start + SECOND_NANOS; next < end; next += SECOND_NANOS) {
            parkUntil(next);
            monitor.sample();
        }
        parkUntil(end);
        long endTicks = cpuTicks(processDir);
        ProcessActivity activity = monitor.finish();
        double elapsed = (System.nanoTime() - start) / 1e9;
        return new IdleReport(pid, elapsed, (endTicks - startTicks) / BrokerMonitor.clockTicksPerSecond(), activity);
    }

    private static void parkUntil(long nanos) {
        long left;
        while ((left = nanos - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
        }
    }

    private static long cpuTicks(Path processDir) {
        try {
            return ProcStat.cpuTicks(Files.readString(processDir.resolve("stat"), StandardCharsets.US_ASCII));
        } catch (IOException e) {
            throw new IllegalArgumentException("no process to watch (" + processDir.resolve("stat") + " is not readable)",
                new UncheckedIOException(e));
        }
    }
}
