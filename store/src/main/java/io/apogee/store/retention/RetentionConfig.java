package io.apogee.store.retention;

import java.util.concurrent.TimeUnit;

/**
 * Settings of segment retention, checked once when built.
 *
 * <p>Immutable; safe for any thread.
 *
 * @param reservedMillis       a commit-log segment is deleted once its newest record is older than this
 *                             (RocketMQ's {@code fileReservedTime}, 72 hours)
 * @param cleanUsedRatio       above this used share of the disk, the oldest segments are deleted whatever their
 *                             age (RocketMQ's {@code diskMaxUsedSpaceRatio}, 0.75)
 * @param checkIntervalMillis  how often retention looks (RocketMQ's {@code cleanResourceInterval}, 10 s)
 * @param maxDeletesPerCheck   segments deleted per check at most, to spread the unmapping and file deletion
 */
public record RetentionConfig(long reservedMillis, double cleanUsedRatio, long checkIntervalMillis, int maxDeletesPerCheck) {
    /** RocketMQ's {@code fileReservedTime}: 72 hours. */
    public static final long DEFAULT_RESERVED_MILLIS = TimeUnit.HOURS.toMillis(72);
    /** RocketMQ's {@code diskMaxUsedSpaceRatio}: 75%. */
    public static final double DEFAULT_CLEAN_USED_RATIO = 0.75;
    /** RocketMQ's {@code cleanResourceInterval}: 10 s. */
    public static final long DEFAULT_CHECK_INTERVAL_MILLIS = 10_000;
    /** Segments per check. */
    public static final int DEFAULT_MAX_DELETES_PER_CHECK = 10;

    /** Checks ranges. */
    public RetentionConfig {
        if (reservedMillis < 0 || !(cleanUsedRatio > 0 && cleanUsedRatio <= 1) || checkIntervalMillis < 0
            || maxDeletesPerCheck < 1) {
            throw new IllegalArgumentException("bad retention settings");
        }
    }

    /** RocketMQ's defaults. */
    public static RetentionConfig defaults() {
        return new RetentionConfig(DEFAULT_RESERVED_MILLIS, DEFAULT_CLEAN_USED_RATIO, DEFAULT_CHECK_INTERVAL_MILLIS,
            DEFAULT_MAX_DELETES_PER_CHECK);
    }

    /** A copy keeping segments for {@code hours} hours. */
    public RetentionConfig withReservedHours(long hours) {
        return new RetentionConfig(TimeUnit.HOURS.toMillis(hours), cleanUsedRatio, checkIntervalMillis, maxDeletesPerCheck);
    }
}
