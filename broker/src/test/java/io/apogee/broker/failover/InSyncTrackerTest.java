package io.apogee.broker.failover;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.ha.SlaveStatus;
import java.util.List;
import org.junit.jupiter.api.Test;

class InSyncTrackerTest {
    @Test
    void aSlaveHoldingThePreviousChecksEndIsInSyncUntilItHasNotCaughtUpForTheMaximum() {
        InSyncTracker tracker = new InSyncTracker(1_000, 100);
        assertThat(tracker.check(List.of(slave(2, 50), slave(3, 100)), 200, 0)).containsExactly(3L);
        // 3 holds 150 of the 200 the log had at the previous check: behind, but within the maximum
        assertThat(tracker.check(List.of(slave(2, 200), slave(3, 150)), 300, 500)).containsExactly(2L, 3L);
        assertThat(tracker.check(List.of(slave(2, 300), slave(3, 150)), 400, 1_000)).containsExactly(2L, 3L);
        assertThat(tracker.check(List.of(slave(2, 400), slave(3, 150)), 500, 1_001)).containsExactly(2L);
        assertThat(tracker.check(List.of(slave(2, 500), slave(3, 500)), 500, 1_500)).containsExactly(2L, 3L);
    }

    @Test
    void aSlaveWithoutAnIdOrNotYetAuthenticatedNeverCounts() {
        InSyncTracker tracker = new InSyncTracker(1_000, 0);
        SlaveStatus anonymous = new SlaveStatus("10.0.0.2:4000", true, 100, 0, 0, false, -1);
        SlaveStatus challenged = new SlaveStatus("10.0.0.3:4000", false, 100, 0, 0, false, 3);
        assertThat(tracker.check(List.of(anonymous, challenged), 100, 0)).isEmpty();
    }

    private static SlaveStatus slave(long id, long acked) {
        return new SlaveStatus("10.0.0." + id + ":4000", true, acked, 0, 0, false, id);
    }
}
