package io.apogee.controller.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.time.ManualClock;
import org.junit.jupiter.api.Test;

class BrokerLivenessTest {
    private final ManualClock clock = new ManualClock(0);
    private final BrokerLiveness liveness = new BrokerLiveness(clock, 1_000);

    @Test
    void aBrokerIsAliveWithinItsOwnTimeoutOrTheDefault() {
        liveness.onHeartbeat("b", 1, 0, 10);
        liveness.onHeartbeat("b", 2, 3_000, 10);
        clock.advanceMillis(1_000);
        assertThat(liveness.isAlive("b", 1)).isTrue();
        clock.advanceMillis(1);
        assertThat(liveness.isAlive("b", 1)).isFalse();
        assertThat(liveness.isAlive("b", 2)).isTrue();
        assertThat(liveness.alive("b")).containsExactly(2L);
        assertThat(liveness.isAlive("other", 1)).isFalse();
    }

    @Test
    void theBrokerFurthestAheadIsPreferredThenTheLowestId() {
        liveness.onHeartbeat("b", 3, 0, 500);
        liveness.onHeartbeat("b", 1, 0, 100);
        liveness.onHeartbeat("b", 2, 0, 500);
        assertThat(liveness.alive("b")).containsExactly(2L, 3L, 1L);
    }

    @Test
    void graceStartsOnlyForBrokersNotHeardFromAndClearForgetsAll() {
        liveness.onHeartbeat("b", 1, 0, 0);
        clock.advanceMillis(900);
        liveness.graceIfUnknown("b", 1);
        liveness.graceIfUnknown("b", 2);
        clock.advanceMillis(200);
        assertThat(liveness.isAlive("b", 1)).as("a heartbeat is not renewed by grace").isFalse();
        assertThat(liveness.isAlive("b", 2)).isTrue();
        liveness.clear();
        assertThat(liveness.alive("b")).isEmpty();
    }
}
