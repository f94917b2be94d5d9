package io.apogee.broker.pull;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.metadata.SubscriptionGroup;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The broker a consumer is told to pull from next, by role, slaveReadEnable, lag and the group's settings. */
class PullSteeringTest {
    private static final long REACH = 1_000;
    private static final Map<String, SubscriptionGroup> GROUPS = Map.of("pinned",
        new SubscriptionGroup("pinned", true, true, true, 1, 16, 0, 2, true));

    @Test
    void aMasterWithSlaveReadsSendsASlowConsumerToItsGroupsSlowBroker() {
        PullSteering master = new PullSteering(true, false, REACH, GROUPS::get);
        assertThat(master.suggest("any", REACH + 1)).as("RocketMQ's default whichBrokerWhenConsumeSlowly").isEqualTo(1);
        assertThat(master.suggest("pinned", REACH + 1)).isEqualTo(2);
        assertThat(master.suggest("any", REACH)).as("within the reach").isZero();
        assertThat(master.suggest("any", -1)).as("nothing read").isZero();
        assertThat(master.sendsBackToMaster()).isFalse();
    }

    @Test
    void withoutSlaveReadsEveryoneStaysOnTheMaster() {
        PullSteering master = new PullSteering(false, false, REACH, GROUPS::get);
        assertThat(master.suggest("pinned", REACH * 10)).isZero();
        assertThat(PullSteering.inMemoryBytes(16L << 30, 40)).isEqualTo((long) ((16L << 30) * 0.4));
    }

    @Test
    void aSlaveSendsACaughtUpConsumerBackWhileItsMasterIsNamed() {
        PullSteering slave = new PullSteering(true, true, REACH, GROUPS::get);
        slave.masterOnline(true);
        assertThat(slave.suggest("any", 10)).isZero();
        assertThat(slave.sendsBackToMaster()).isTrue();
        assertThat(slave.suggest("any", REACH + 1)).as("still slow: stays").isEqualTo(1);
        slave.masterOnline(false);
        assertThat(slave.sendsBackToMaster()).isFalse();
        assertThat(slave.suggest("pinned", 10)).as("the group's brokerId").isZero();
    }
}
