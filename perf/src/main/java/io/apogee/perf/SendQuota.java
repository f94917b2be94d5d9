package io.apogee.perf;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Hands out sequence numbers to producer threads until the run's message count is reached or the run is stopped
 * (duration runs stop by time). Safe for any thread.
 */
public final class SendQuota {
    private final AtomicLong next = new AtomicLong();
    private final long limit;
    private volatile boolean stopped;

    /** A quota of {@code limit} messages ({@link Long#MAX_VALUE}: until {@link #stop()}). */
    public SendQuota(long limit) {
        this.limit = limit;
    }

    /** Takes up to {@code count} consecutive sequence numbers; returns the first, or -1 when none are left. */
    public long take(int count) {
        if (stopped) {
            return -1;
        }
        long first = next.getAndAdd(count);
        return first < limit ? first : -1;
    }

    /** How many of {@code count} numbers starting at {@code first} are within the quota. */
    public int granted(long first, int count) {
        return (int) Math.min(count, limit - first);
    }

    /** Ends the run: later takes return -1. */
    public void stop() {
        stopped = true;
    }
}
