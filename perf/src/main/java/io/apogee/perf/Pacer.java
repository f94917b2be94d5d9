package io.apogee.perf;

import io.apogee.common.time.Clock;

import java.util.concurrent.locks.LockSupport;

/**
 * Spaces one thread's sends to a rate: each call to {@link #acquire(int)} waits (parks) until the given permits
 * are due, counting from the first call, so a slow moment is caught up rather than lost. A rate of 0 never waits.
 * Not thread-safe: one producer thread owns each pacer.
 */
public final class Pacer {
    private static final double NANOS_PER_SECOND = 1e9;

    private final Clock clock;
    private final double nanosPerPermit;
    private long startNanos = Long.MIN_VALUE;
    private long issued;

    /** A pacer for {@code perSecond} permits a second (0: no limit). */
    public Pacer(Clock clock, double perSecond) {
        this.clock = clock;
        this.nanosPerPermit = perSecond <= 0 ? 0 : NANOS_PER_SECOND / perSecond;
    }

    /** How long the caller should still wait before using {@code permits} more, in nanoseconds (0: go now). */
    public long delayNanos(int permits) {
        if (nanosPerPermit == 0) {
            return 0;
        }
        long now = clock.nanos();
        if (startNanos == Long.MIN_VALUE) {
            startNanos = now;
        }
        long due = startNanos + (long) (issued * nanosPerPermit);
        issued += permits;
        return Math.max(0, due - now);
    }

    /** Waits until {@code permits} more are due. */
    public void acquire(int permits) {
        long delay = delayNanos(permits);
        while (delay > 0 && !Thread.currentThread().isInterrupted()) {
            long before = clock.nanos();
            LockSupport.parkNanos(delay);
            delay -= clock.nanos() - before;
        }
    }
}
