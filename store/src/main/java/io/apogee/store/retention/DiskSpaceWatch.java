package io.apogee.store.retention;

import io.apogee.common.agent.SleepingAgent;
import io.apogee.common.time.Clock;
import io.apogee.store.file.FencedIo;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * Checks the disk of the store every interval and raises a flag while the used share passes the limit, so that
 * the appender refuses with {@code DISK_FULL} instead of writing into a file system that may run out mid-record.
 *
 * <p>Threads: {@link #doWork()} on the housekeeping thread (or a test); {@link #getAsBoolean()} from any thread.
 */
public final class DiskSpaceWatch implements SleepingAgent, BooleanSupplier {
    private final FencedIo io;
    private final Path path;
    private final Clock clock;
    private final double maxUsedRatio;
    private final long intervalMillis;
    private long lastCheckMillis = Long.MIN_VALUE;
    private volatile boolean full;
    private volatile double usedRatio;
    private volatile long totalBytes;
    private volatile long usableBytes;

    /**
     * @param io             the fenced door to the disk
     * @param path           a path on the store's file system
     * @param clock          for the interval
     * @param maxUsedRatio   the used share (0..1] above which appends are refused
     * @param intervalMillis how often to check
     */
    public DiskSpaceWatch(FencedIo io, Path path, Clock clock, double maxUsedRatio, long intervalMillis) {
        if (!(maxUsedRatio > 0 && maxUsedRatio <= 1)) {
            throw new IllegalArgumentException("maxUsedRatio must be in (0, 1]: " + maxUsedRatio);
        }
        this.io = Objects.requireNonNull(io, "io");
        this.path = Objects.requireNonNull(path, "path");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.maxUsedRatio = maxUsedRatio;
        this.intervalMillis = intervalMillis;
    }

    /** Whether appends must be refused for lack of space. */
    @Override
    public boolean getAsBoolean() {
        return full;
    }

    /** The used share of the disk at the last check (0 before the first). Any thread. */
    public double usedRatio() {
        return usedRatio;
    }

    /** The size of the disk in bytes at the last check (0 before the first). Any thread. */
    public long totalBytes() {
        return totalBytes;
    }

    /** The bytes still usable on the disk at the last check (0 before the first). Any thread. */
    public long usableBytes() {
        return usableBytes;
    }

    @Override
    public int doWork() {
        long now = clock.millis();
        if (lastCheckMillis != Long.MIN_VALUE && now - lastCheckMillis < intervalMillis) {
            return 0;
        }
        lastCheckMillis = now;
        if (io.isFailed()) {
            return 0;
        }
        long total = io.totalSpace(path);
        long usable = io.usableSpace(path);
        totalBytes = total;
        usableBytes = usable;
        usedRatio = total > 0 ? (double) (total - usable) / total : 0;
        full = usedRatio > maxUsedRatio;
        return 1;
    }

    @Override
    public long nanosToNextWork() {
        return lastCheckMillis == Long.MIN_VALUE ? 0
            : SleepingAgent.nanosUntil(lastCheckMillis + intervalMillis, clock.millis());
    }

    @Override
    public String roleName() {
        return "apogee-disk-watch";
    }
}
