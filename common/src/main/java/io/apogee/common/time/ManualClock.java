package io.apogee.common.time;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock that moves only when told to, for tests that drive agents by hand. It serves both wall-clock
 * milliseconds and monotonic nanoseconds from one counter, so both views move together. Only
 * {@link #setMillis} pulls them apart: it steps the wall clock, as an operator or NTP may, and leaves monotonic
 * time alone.
 *
 * <p>Safe for any thread: the counter and the wall step are atomic.
 */
public final class ManualClock implements Clock {
    private static final long NANOS_PER_MILLI = TimeUnit.MILLISECONDS.toNanos(1);

    private final AtomicLong nanos;
    private final AtomicLong wallStepMillis = new AtomicLong();

    /** Starts at {@code startMillis} milliseconds since the epoch. */
    public ManualClock(long startMillis) {
        this.nanos = new AtomicLong(startMillis * NANOS_PER_MILLI);
    }

    @Override
    public long millis() {
        return nanos.get() / NANOS_PER_MILLI + wallStepMillis.get();
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
        advance(millis, TimeUnit.MILLISECONDS);
        return millis();
    }

    /** Steps the wall clock to {@code millis}, forward or back; monotonic time does not move. */
    public void setMillis(long millis) {
        wallStepMillis.set(millis - nanos.get() / NANOS_PER_MILLI);
    }
}
