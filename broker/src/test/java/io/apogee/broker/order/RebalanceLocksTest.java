package io.apogee.broker.order;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.time.ManualClock;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RebalanceLocksTest {
    private static final QueueLock Q0 = new QueueLock("T", "broker-a", 0);
    private static final QueueLock Q1 = new QueueLock("T", "broker-a", 1);

    private final ManualClock clock = new ManualClock(1_000);
    private final RebalanceLocks locks = new RebalanceLocks(clock, 60_000);

    @Test
    void aQueueHeldByOneClientIsRefusedToAnotherUntilItExpires() {
        assertThat(locks.lock("G", "c1", Set.of(Q0))).containsExactly(Q0);
        assertThat(locks.lock("G", "c2", Set.of(Q0, Q1))).containsExactly(Q1);
        clock.advanceMillis(60_000);
        assertThat(locks.lock("G", "c2", Set.of(Q0))).isEmpty();
        assertThat(locks.holder("G", Q0)).isEqualTo("c1");
        clock.advanceMillis(1);
        assertThat(locks.holder("G", Q0)).isNull();
        assertThat(locks.lock("G", "c2", Set.of(Q0))).containsExactly(Q0);
        assertThat(locks.holder("G", Q0)).isEqualTo("c2");
    }

    @Test
    void lockingAgainRenewsTheHoldersLock() {
        locks.lock("G", "c1", Set.of(Q0));
        clock.advanceMillis(50_000);
        assertThat(locks.lock("G", "c1", Set.of(Q0))).containsExactly(Q0);
        clock.advanceMillis(50_000);
        assertThat(locks.lock("G", "c2", Set.of(Q0))).isEmpty();
    }

    @Test
    void onlyTheHolderUnlocksAndGroupsAreSeparate() {
        locks.lock("G", "c1", Set.of(Q0));
        locks.unlock("G", "c2", Set.of(Q0));
        assertThat(locks.holder("G", Q0)).isEqualTo("c1");
        assertThat(locks.lock("other", "c2", Set.of(Q0))).containsExactly(Q0);
        locks.unlock("G", "c1", Set.of(Q0, Q1));
        assertThat(locks.holder("G", Q0)).isNull();
        assertThat(locks.lock("G", "c2", Set.of(Q0))).containsExactly(Q0);
    }

    @Test
    void expiredLocksOfClientsThatLeftAreDroppedByTheSweep() {
        for (int i = 0; i < 1_000; i++) {
            locks.lock("G" + i, "gone-" + i, Set.of(Q0, Q1));
        }
        clock.advanceMillis(30_000);
        locks.lock("live", "c1", Set.of(Q0));
        clock.advanceMillis(30_001);
        locks.sweep();
        assertThat(locks.lockCount()).isEqualTo(1);
        assertThat(locks.groupCount()).isEqualTo(1);
        assertThat(locks.holder("live", Q0)).isEqualTo("c1");
    }

    @Test
    void aLockCallDropsItsGroupsExpiredLocks() {
        locks.lock("G", "gone", Set.of(Q0));
        clock.advanceMillis(60_001);
        assertThat(locks.lock("G", "c2", Set.of(Q1))).containsExactly(Q1);
        assertThat(locks.lockCount()).isEqualTo(1);
        assertThat(locks.holder("G", Q0)).isNull();
    }

    @Test
    void unlockingTheLastQueueOfAGroupDropsTheGroup() {
        locks.lock("G", "c1", Set.of(Q0));
        locks.unlock("G", "c1", Set.of(Q0));
        assertThat(locks.groupCount()).isZero();
    }
}
