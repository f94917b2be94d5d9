package io.apogee.perf.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Watches a broker process over a run from outside it: CPU ticks from {@code /proc/PID/stat} at the start and the
 * end, resident memory from {@code /proc/PID/status} at every {@link #sample()}, and for a JVM the young collections
 * from {@code jstat -gc} (the jstat of the JDK running this tool) at the start and the end. jstat reads the target's
 * performance-data file, so it does not stop or disturb the broker. It is a JVM of its own that takes half a second
 * or more of CPU to start, so {@link #start} returns after the first reading, with the CPU count taken after it: the
 * measured window does not share the CPU with it (a short read of (d) lost a third of its rate to it). A process
 * that is not a JVM, or one started
 * with {@code -XX:-UsePerfData}, has no GC figures. Its threads' context switches and its system calls are watched by
 * a {@link ProcessActivityMonitor}. Not thread-safe: one sampling thread uses it.
 */
public final class BrokerMonitor {
    private static final long JSTAT_TIMEOUT_SECONDS = 30;
    private static final long DEFAULT_TICKS_PER_SECOND = 100;

    private final long pid;
    private final Path proc;
    private static final double TICKS_PER_SECOND = ticksPerSecond();

    private final long startTicks;
    private final JstatGc startGc;
    private final ProcessActivityMonitor activity;
    private long peakRss;
    private long peakAnonRss;

    private BrokerMonitor(long pid, Path proc) {
        this.pid = pid;
        this.proc = proc;
        // the watchers first, jstat (a JVM of its own, starting for half a second) waited for: the window, which
        // starts when this returns, then shares no CPU with them
        this.activity = ProcessActivityMonitor.start(pid);
        this.startGc = jstat(pid);
        this.startTicks = ProcStat.cpuTicks(read("stat"));
        sample();
    }

    /**
     * Starts watching process {@code pid}.
     *
     * @throws IllegalArgumentException if there is no such process (or no {@code /proc})
     */
    public static BrokerMonitor start(long pid) {
        Path proc = Path.of("/proc", Long.toString(pid));
        if (!Files.isReadable(proc.resolve("stat"))) {
            throw new IllegalArgumentException("no process " + pid + " to watch (" + proc.resolve("stat") + " is not readable)");
        }
        return new BrokerMonitor(pid, proc);
    }

    /** Notes the resident memory and every thread's counts now, keeping the peak memory. */
    public void sample() {
        activity.sample();
        try {
            String status = read("status");
            peakRss = Math.max(peakRss, ProcStat.statusBytes(status, "VmRSS"));
            peakAnonRss = Math.max(peakAnonRss, ProcStat.statusBytes(status, "RssAnon"));
        } catch (UncheckedIOException e) {
            // the broker exited; the final figures say what was seen until then
        }
    }

    /** The figures from the start until now. */
    public BrokerUsage finish() {
        long ticks = ProcStat.cpuTicks(read("stat")) - startTicks;
        ProcessActivity threads = activity.finish();
        String status = read("status");
        long rss = ProcStat.statusBytes(status, "VmRSS");
        peakRss = Math.max(peakRss, rss);
        peakAnonRss = Math.max(peakAnonRss, ProcStat.statusBytes(status, "RssAnon"));
        JstatGc endGc = startGc == null ? null : jstat(pid);
        JstatGc gc = endGc == null ? null : endGc.since(startGc);
        return new BrokerUsage(pid, ticks / TICKS_PER_SECOND, rss, peakRss, peakAnonRss, gc == null ? -1 : gc.youngCount(),
            gc == null ? -1 : gc.youngSeconds(), threads);
    }

    /** Stops watching without figures (a warmup's window): the system call counter stops too. */
    public void abandon() {
        activity.finish();
    }

    /** Clock ticks per second of {@code /proc} CPU times (USER_HZ). */
    public static double clockTicksPerSecond() {
        return TICKS_PER_SECOND;
    }

    private String read(String file) {
        try {
            return Files.readString(proc.resolve(file), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + proc.resolve(file), e);
        }
    }

    /** The young GC figures of {@code pid}, or null if jstat cannot read them (not a JVM, no perf data). */
    private static JstatGc jstat(long pid) {
        Path jstat = Path.of(System.getProperty("java.home"), "bin", "jstat");
        String output = run(jstat.toString(), "-gc", Long.toString(pid));
        if (output == null) {
            return null;
        }
        try {
            return JstatGc.parse(output);
        } catch (IllegalArgumentException notAJvm) {
            return null;
        }
    }

    /** Clock ticks per second of {@code /proc} CPU times (USER_HZ), from getconf; 100 if it cannot tell. */
    private static double ticksPerSecond() {
        String output = run("getconf", "CLK_TCK");
        try {
            return output == null ? DEFAULT_TICKS_PER_SECOND : Long.parseLong(output.strip());
        } catch (NumberFormatException e) {
            return DEFAULT_TICKS_PER_SECOND;
        }
    }

    /** The standard output of a short command, or null if it could not run or failed. */
    private static String run(String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(JSTAT_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return null;
            }
            return process.exitValue() == 0 ? output : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
