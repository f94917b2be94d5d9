package io.apogee.broker.admin;

import java.util.HashMap;
import java.util.Map;

/**
 * Rates per key over the last minute, as RocketMQ's minute statistics give them (a topic's put TPS, a group's consume
 * TPS on a topic): a count per key read every {@value #INTERVAL_MILLIS} ms, the last {@value #READINGS} readings kept,
 * and the rate taken between the oldest and the newest of them. A key missing from a reading is forgotten (a deleted
 * topic, a group's offsets removed).
 *
 * <p>Not thread-safe: its owner ({@link RuntimeStats}) guards it.
 */
final class MinuteRates {
    /** How often counts are read, as RocketMQ samples its minute statistics. */
    static final long INTERVAL_MILLIS = 10_000;
    /** Readings kept: a minute's span between the oldest and the newest. */
    static final int READINGS = 7;
    private static final double MILLIS_PER_SECOND = 1000.0;

    private final Map<String, Readings> byKey = new HashMap<>();
    private long lastMillis = Long.MIN_VALUE;

    /** Whether a reading is due at {@code nowMillis}. */
    boolean due(long nowMillis) {
        return lastMillis == Long.MIN_VALUE || nowMillis - lastMillis >= INTERVAL_MILLIS;
    }

    /** Takes the {@code counts} read at {@code nowMillis}, by key. */
    void sample(long nowMillis, Map<String, Long> counts) {
        lastMillis = nowMillis;
        byKey.keySet().retainAll(counts.keySet());
        counts.forEach((key, count) -> byKey.computeIfAbsent(key, absent -> new Readings()).add(nowMillis, count));
    }

    /** The rate of {@code key}'s count per second over the readings kept, 0 with fewer than two. */
    double perSecond(String key) {
        Readings readings = byKey.get(key);
        return readings == null ? 0 : readings.perSecond();
    }

    /** One key's last readings, a ring. */
    private static final class Readings {
        private final long[] times = new long[READINGS];
        private final long[] counts = new long[READINGS];
        private int taken;

        void add(long millis, long count) {
            int slot = taken++ % READINGS;
            times[slot] = millis;
            counts[slot] = count;
        }

        double perSecond() {
            if (taken < 2) {
                return 0;
            }
            int newest = (taken - 1) % READINGS;
            int oldest = taken <= READINGS ? 0 : taken % READINGS;
            long millis = times[newest] - times[oldest];
            return millis <= 0 ? 0 : (counts[newest] - counts[oldest]) * MILLIS_PER_SECOND / millis;
        }
    }
}
