package io.apogee.common.time;

/**
 * The system's clocks: {@link System#currentTimeMillis()} for wall time and {@link System#nanoTime()} for
 * monotonic time.
 *
 * <p>Stateless and safe for any thread.
 */
public final class SystemClock implements Clock {
    /** The one instance; it holds no state. */
    public static final SystemClock INSTANCE = new SystemClock();

    private SystemClock() {
    }

    @Override
    public long millis() {
        return System.currentTimeMillis();
    }

    @Override
    public long nanos() {
        return System.nanoTime();
    }
}
