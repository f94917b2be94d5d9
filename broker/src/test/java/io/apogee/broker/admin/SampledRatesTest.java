package io.apogee.broker.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Rates as RocketMQ's statistics give them: for a minute, readings every 10 s, the last seven spanning a minute; for a
 * day, readings every hour, the last 25 spanning a day.
 */
class SampledRatesTest {
    private static final long STEP = SampledRates.MINUTE_INTERVAL_MILLIS;

    private final SampledRates rates = SampledRates.minute(false);

    @Test
    void theRateSpansTheReadingsKeptAndForgetsOlderOnes() {
        assertThat(rates.perSecond("T")).isZero();
        rates.sample(0, Map.of("T", 0L));
        assertThat(rates.perSecond("T")).as("one reading").isZero();
        rates.sample(STEP, Map.of("T", 30L));
        assertThat(rates.perSecond("T")).isCloseTo(3.0, within(1e-9));
        // 600 more over the next minute: the first two readings fall out of the seven kept
        for (int i = 2; i <= 8; i++) {
            rates.sample(i * STEP, Map.of("T", 30L + (i - 1) * 100L));
        }
        assertThat(rates.perSecond("T")).isCloseTo(10.0, within(1e-9));
        assertThat(rates.sum("T")).isEqualTo(600);
        assertThat(rates.has("T")).isTrue();
        assertThat(rates.has("U")).isFalse();
        assertThat(rates.sum("U")).isZero();
    }

    @Test
    void aKeyFirstSeenAfterTheFirstReadingCountsFromZeroWhenAsked() {
        SampledRates puts = SampledRates.minute(true);
        puts.sample(0, Map.of("Old", 100L));
        puts.sample(STEP, Map.of("Old", 100L, "New", 30L));
        assertThat(puts.sum("New")).isEqualTo(30);
        assertThat(puts.perSecond("New")).isCloseTo(3.0, within(1e-9));
        assertThat(puts.sum("Old")).as("in the first reading: counted from there").isZero();
        rates.sample(0, Map.of("Old", 100L));
        rates.sample(STEP, Map.of("Old", 100L, "New", 30L));
        assertThat(rates.sum("New")).as("without: from its first reading").isZero();
    }

    @Test
    void aDaysReadingsAreHourlyAndSpanADay() {
        SampledRates day = SampledRates.day(false);
        long hour = 3_600_000;
        day.sample(0, Map.of("T", 0L));
        assertThat(day.due(hour - 1)).isFalse();
        assertThat(day.sum("T")).as("one reading").isZero();
        for (int i = 1; i <= 30; i++) {
            assertThat(day.due(i * hour)).isTrue();
            day.sample(i * hour, Map.of("T", i * 36L));
        }
        // 31 readings, 25 kept: hours 6 to 30, a day between the oldest and the newest
        assertThat(day.sum("T")).isEqualTo(24 * 36);
        assertThat(day.perSecond("T")).isCloseTo(0.01, within(1e-9));
    }

    @Test
    void readingsAreTakenEveryTenSecondsAndAKeyMissingFromOneIsForgotten() {
        assertThat(rates.due(0)).isTrue();
        rates.sample(1_000, Map.of("gone", 5L, "kept", 5L));
        assertThat(rates.due(1_000 + STEP - 1)).isFalse();
        assertThat(rates.due(1_000 + STEP)).isTrue();
        rates.sample(1_000 + STEP, Map.of("kept", 25L));
        assertThat(rates.perSecond("kept")).isCloseTo(2.0, within(1e-9));
        assertThat(rates.perSecond("gone")).isZero();
        rates.sample(1_000 + 2 * STEP, Map.of("gone", 100L, "kept", 25L));
        assertThat(rates.perSecond("gone")).as("back with a first reading only").isZero();
    }
}
