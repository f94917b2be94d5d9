package io.apogee.broker.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Minute rates as RocketMQ's minute statistics give them: readings every 10 s, the last seven spanning a minute. */
class MinuteRatesTest {
    private static final long STEP = MinuteRates.INTERVAL_MILLIS;

    private final MinuteRates rates = new MinuteRates();

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
