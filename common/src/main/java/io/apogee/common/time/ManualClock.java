package io.apogee.common.time;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock that moves only when told to, for tests that drive agents by hand. It serves both wall-clock
 * milliseconds and monotonic nanoseconds from one counter, so both views always agree.
 *
 * <p>Safe for any thread: the time is a volatile field, and {@link #advance} is atomic.
 */
public final class ManualClock implements Clock, NanoClock {
    private static final long NANOS_PER_MILLI = TimeUnit.MILLISECONDS.toNanos(1);

    private final AtomicLong nanos;

    /** Starts at {@code startMillis} milliseconds since the epoch. */
    public ManualClock(long startMillis) {
        this.nanos = new AtomicLong(startMillis * NANOS_PER_MILLI);
    }

    @Override
    public long millis() {
        return nanos.get() / NANOS_PER_MILLI;
    }

    @Override
    public long nanos() {
        return nanos.get();
    }

    /** Moves time forward by {@code amount} of {@code unit}; returns the new time in nanoseconds. */
    public long advance(long amount, TimeUnit unit) {
        if (amount < 0) {
            throw new IllegalArgumentException("time only moves forward: " + amount);
        }
        return nanos.addAndGet(unit.toNanos(amount));
    }

    /** Moves time forward by {@code millis} milliseconds; returns the new time in milliseconds. */
    public long advanceMillis(long millis) {
        return advance(millis, TimeUnit.MILLISECONDS) / NANOS_PER_MILLI;
    }
}
