package io.apogee.common.time;

/**
 * The one time source that code is given: wall-clock milliseconds for what is stored or compared with dates, and
 * monotonic nanoseconds for durations and deadlines. Production wires {@link SystemClock}; tests a
 * {@link ManualClock}, which moves both views together.
 *
 * <p>Implementations are safe for any thread.
 */
public interface Clock {
    /** Milliseconds since 1970-01-01T00:00Z, as stored in records and compared with retention limits. */
    long millis();

    /** Nanoseconds from an arbitrary but fixed origin; only differences are meaningful. */
    long nanos();
}
