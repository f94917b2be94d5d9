package io.apogee.common.time;

/**
 * Wall-clock time in milliseconds since the epoch, as stored in records and compared with retention limits.
 *
 * <p>Implementations are safe for any thread.
 */
@FunctionalInterface
public interface Clock {
    /** Milliseconds since 1970-01-01T00:00Z. */
    long millis();
}
