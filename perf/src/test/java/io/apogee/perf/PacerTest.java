package io.apogee.perf;

import io.apogee.common.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Permits fall due at the rate, counted from the first, and a rate of 0 never waits. */
class PacerTest {
    private final ManualClock clock = new ManualClock(0);

    @Test
    void spacesPermitsAtTheRateAndCatchesUpAfterAStall() {
        Pacer pacer = new Pacer(clock, 1_000);
        assertThat(pacer.delayNanos(1)).isZero();
        assertThat(pacer.delayNanos(10)).isEqualTo(TimeUnit.MILLISECONDS.toNanos(1));
        assertThat(pacer.delayNanos(1)).isEqualTo(TimeUnit.MILLISECONDS.toNanos(11));
        clock.advance(100, TimeUnit.MILLISECONDS);
        assertThat(pacer.delayNanos(1)).as("behind schedule: go now").isZero();
    }

    @Test
    void noLimitNeverWaits() {
        Pacer pacer = new Pacer(clock, 0);
        for (int i = 0; i < 1_000; i++) {
            assertThat(pacer.delayNanos(32)).isZero();
        }
    }
}
