package io.apogee.common.agent;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BackoffIdleStrategyTest {
    @Test
    void spinsThenYieldsThenParksLongerEachTime() {
        BackoffIdleStrategy idle = new BackoffIdleStrategy(2, 1, 1_000, 4_000);
        assertThat(idle.phase()).isEqualTo(BackoffIdleStrategy.Phase.SPINNING);
        idle.idle(0);
        idle.idle(0);
        assertThat(idle.phase()).isEqualTo(BackoffIdleStrategy.Phase.YIELDING);
        idle.idle(0);
        assertThat(idle.phase()).isEqualTo(BackoffIdleStrategy.Phase.PARKING);
        assertThat(idle.nextParkNanos()).isEqualTo(1_000);
        idle.idle(0);
        assertThat(idle.nextParkNanos()).isEqualTo(2_000);
        idle.idle(0);
        idle.idle(0);
        assertThat(idle.nextParkNanos()).isEqualTo(4_000);
        idle.idle(1);
        assertThat(idle.phase()).isEqualTo(BackoffIdleStrategy.Phase.SPINNING);
        assertThat(idle.nextParkNanos()).isEqualTo(1_000);
    }
}
