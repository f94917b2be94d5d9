package io.apogee.broker.schedule;

import java.util.Arrays;
import java.util.Locale;

/**
 * The delay of each level, from RocketMQ's {@code messageDelayLevel} setting: space-separated durations with a unit
 * of s, m, h or d ({@code "1s 5s 10s 30s 1m 2m 3m 4m 5m 6m 7m 8m 9m 10m 20m 30m 1h 2h"} by default). Level 1 is the
 * first. Immutable; safe for any thread.
 */
public final class DelayLevels {
    /** RocketMQ's default levels. */
    public static final String DEFAULT = "1s 5s 10s 30s 1m 2m 3m 4m 5m 6m 7m 8m 9m 10m 20m 30m 1h 2h";
    private static final long SECOND = 1_000;
    private static final long MINUTE = 60 * SECOND;
    private static final long HOUR = 60 * MINUTE;
    private static final long DAY = 24 * HOUR;

    private final long[] millis;

    private DelayLevels(long[] millis) {
        this.millis = millis;
    }

    /**
     * The levels in {@code text}.
     *
     * @throws IllegalArgumentException when a duration is not a positive number with a unit of s, m, h or d
     */
    public static DelayLevels parse(String text) {
        String[] parts = text.trim().split("\\s+");
        if (parts.length == 0 || parts[0].isEmpty()) {
            throw new IllegalArgumentException("no delay levels");
        }
        long[] millis = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            millis[i] = duration(parts[i]);
        }
        return new DelayLevels(millis);
    }

    private static long duration(String part) {
        String lower = part.toLowerCase(Locale.ROOT);
        long unit = switch (lower.charAt(lower.length() - 1)) {
            case 's' -> SECOND;
            case 'm' -> MINUTE;
            case 'h' -> HOUR;
            case 'd' -> DAY;
            default -> throw new IllegalArgumentException("a delay needs a unit of s, m, h or d: " + part);
        };
        long count = Long.parseLong(lower.substring(0, lower.length() - 1));
        if (count <= 0) {
            throw new IllegalArgumentException("a delay must be positive: " + part);
        }
        return Math.multiplyExact(count, unit);
    }

    /** How many levels there are (the schedule topic's queue count). */
    public int count() {
        return millis.length;
    }

    /** The delay of {@code level} (1..{@link #count()}). */
    public long millis(int level) {
        return millis[level - 1];
    }

    /** {@code level} capped at the highest level, as RocketMQ caps a larger DELAY. */
    public int cap(int level) {
        return Math.min(level, millis.length);
    }

    @Override
    public String toString() {
        return Arrays.toString(millis);
    }
}
