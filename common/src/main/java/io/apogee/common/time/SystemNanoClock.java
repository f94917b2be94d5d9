package io.apogee.common.time;

/**
 * The system's monotonic clock ({@link System#nanoTime()}).
 *
 * <p>Stateless and safe for any thread.
 */
public final class SystemNanoClock implements NanoClock {
    /** The one instance; it holds no state. */
    public static final SystemNanoClock INSTANCE = new SystemNanoClock();

    private SystemNanoClock() {
    }

    @Override
    public long nanos() {
        return System.nanoTime();
    }
}
