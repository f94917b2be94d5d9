package io.apogee.common.time;

/**
 * Monotonic time in nanoseconds from an arbitrary origin, for durations and deadlines only.
 *
 * <p>Implementations are safe for any thread.
 */
@FunctionalInterface
public interface NanoClock {
    /** Nanoseconds from an arbitrary but fixed origin; only differences are meaningful. */
    long nanos();
}
