package io.apogee.broker.admin;

import java.util.HashMap;
import java.util.Map;

/**
 * Counts and rates per key over a recent span, as RocketMQ's minute, hour and day statistics give them (a topic's
 * puts, a group's gets on a topic): a count per key read every interval, the last few readings kept, and the sum and
 * rate taken between the oldest and the newest of them. A key missing from a reading is forgotten (a deleted topic, a
 * group's offsets removed). The spans are RocketMQ's: readings every 10 s over a minute, every 10 min over an hour,
 * every hour over a day.
 *
 * <p>Not thread-safe: its owner ({@link RuntimeStats}) guards it.
 */
final class SampledRates {
    /** How often the minute's counts are read, as RocketMQ samples its minute statistics. */
    static final long MINUTE_INTERVAL_MILLIS = 10_000;
    private static final long HOUR_INTERVAL_MILLIS = 600_000;
    private static final long DAY_INTERVAL_MILLIS = 3_600_000;
    /** Readings kept for a minute or an hour: six intervals between the oldest and the newest. */
    static final int SPAN_READINGS = 7;
    private static final int DAY_READINGS = 25;
    private static final double MILLIS_PER_SECOND = 1000.0;

    private final Map<String, Readings> byKey = new HashMap<>();
    private final long intervalMillis;
    private final int readings;
    private final boolean newKeysFromZero;
    private long lastMillis = Long.MIN_VALUE;

    private SampledRates(long intervalMillis, int readings, boolean newKeysFromZero) {
        this.intervalMillis = intervalMillis;
        this.readings = readings;
        this.newKeysFromZero = newKeysFromZero;
    }

    /**
     * Readings every 10 s over the last minute. With {@code newKeysFromZero}, a key first seen after the first
     * reading counts from 0 at the reading before (as RocketMQ seeds a new statistics item): right for counts that
     * start at 0, such as a new topic's puts.
     */
    static SampledRates minute(boolean newKeysFromZero) {
        return new SampledRates(MINUTE_INTERVAL_MILLIS, SPAN_READINGS, newKeysFromZero);
    }

    /** Readings every 10 min over the last hour; {@code newKeysFromZero} as for {@link #minute}. */
    static SampledRates hour(boolean newKeysFromZero) {
        return new SampledRates(HOUR_INTERVAL_MILLIS, SPAN_READINGS, newKeysFromZero);
    }

    /** Readings every hour over the last day; {@code newKeysFromZero} as for {@link #minute}. */
    static SampledRates day(boolean newKeysFromZero) {
        return new SampledRates(DAY_INTERVAL_MILLIS, DAY_READINGS, newKeysFromZero);
    }

    /** Whether a reading is due at {@code nowMillis}. */
    boolean due(long nowMillis) {
        return lastMillis == Long.MIN_VALUE || nowMillis - lastMillis >= intervalMillis;
    }

    /** Takes the {@code counts} read at {@code nowMillis}, by key. */
    void sample(long nowMillis, Map<String, Long> counts) {
        long previous = lastMillis;
        lastMillis = nowMillis;
        byKey.keySet().retainAll(counts.keySet());
        counts.forEach((key, count) -> byKey.computeIfAbsent(key, absent -> {
            Readings fresh = new Readings(readings);
            if (newKeysFromZero && previous != Long.MIN_VALUE) {
                fresh.add(previous, 0);
            }
            return fresh;
        }).add(nowMillis, count));
    }

    /** Whether {@code key} was in the last reading. */
    boolean has(String key) {
        return byKey.containsKey(key);
    }

    /** The rate of {@code key}'s count per second over the readings kept, 0 with fewer than two. */
    double perSecond(String key) {
        Readings kept = byKey.get(key);
        return kept == null ? 0 : kept.perSecond();
    }

    /** How much {@code key}'s count grew over the readings kept, 0 with fewer than two. */
    long sum(String key) {
        Readings kept = byKey.get(key);
        return kept == null ? 0 : kept.growth();
    }

    /** One key's last readings, a ring. */
    private static final class Readings {
        private final long[] times;
        private final long[] counts;
        private int taken;

        Readings(int size) {
            times = new long[size];
            counts = new long[size];
        }

        void add(long millis, long count) {
            int slot = taken++ % times.length;
            times[slot] = millis;
            counts[slot] = count;
        }

        long growth() {
            return taken < 2 ? 0 : counts[newest()] - counts[oldest()];
        }

        double perSecond() {
            if (taken < 2) {
                return 0;
            }
            long millis = times[newest()] - times[oldest()];
            return millis <= 0 ? 0 : growth() * MILLIS_PER_SECOND / millis;
        }

        private int newest() {
            return (taken - 1) % times.length;
        }

        private int oldest() {
            return taken <= times.length ? 0 : taken % times.length;
        }
    }
}
