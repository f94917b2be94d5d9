package io.apogee.common.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ManualClockTest {
    @Test
    void millisAndNanosMoveTogether() {
        ManualClock clock = new ManualClock(1_700_000_000_000L);
        assertThat(clock.millis()).isEqualTo(1_700_000_000_000L);
        long startNanos = clock.nanos();
        assertThat(clock.advanceMillis(250)).isEqualTo(1_700_000_000_250L);
        clock.advance(1500, TimeUnit.MICROSECONDS);
        assertThat(clock.millis()).isEqualTo(1_700_000_000_251L);
        assertThat(clock.nanos() - startNanos).isEqualTo(251_500_000L);
    }

    @Test
    void wallClockStepsWithoutMovingMonotonicTime() {
        ManualClock clock = new ManualClock(10_000);
        long nanos = clock.nanos();
        clock.setMillis(9_500);
        assertThat(clock.millis()).isEqualTo(9_500);
        assertThat(clock.nanos()).isEqualTo(nanos);
        assertThat(clock.advanceMillis(10)).isEqualTo(9_510);
        assertThat(clock.nanos() - nanos).isEqualTo(10_000_000L);
    }

    @Test
    void neverGoesBack() {
        ManualClock clock = new ManualClock(0);
        assertThatThrownBy(() -> clock.advanceMillis(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void systemClocksMoveForward() {
        long nanos = SystemClock.INSTANCE.nanos();
        assertThat(SystemClock.INSTANCE.nanos()).isGreaterThanOrEqualTo(nanos);
        assertThat(SystemClock.INSTANCE.millis()).isPositive();
    }
}
