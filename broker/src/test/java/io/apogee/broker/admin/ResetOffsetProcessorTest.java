package io.apogee.broker.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.group.ConsumerGroups;
import io.apogee.broker.offset.ConsumerOffsets;
import io.apogee.broker.offset.OffsetProcessor;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.broker.testing.TempStore;
import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.common.time.ManualClock;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.ResetOffsetRequestHeader;
import io.apogee.wire.header.UpdateConsumerOffsetRequestHeader;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * mqadmin's resetOffsetByTime (code 222) over a temporary store stamped by a manual clock: offsets found by time,
 * committed at once and waiting for the group's next pull; a consumer's older commit ignored meanwhile; RocketMQ's
 * refusals for a slave, an unknown topic or group, and an offset outside the queue.
 */
class ResetOffsetProcessorTest {
    private static final String TOPIC = "Orders";
    private static final String GROUP = "CG";

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final AtomicBoolean slave = new AtomicBoolean();
    private TempStore store;
    private ConsumerOffsets offsets;
    private ProcessorHarness harness;

    @BeforeEach
    void open() {
        store = new TempStore(dir, clock);
        new ConsumerGroups(store.metadata().groups()).ensureExists(GROUP);
        new TopicRegistry(store.metadata().topics(), false, 2, "DefaultCluster", "broker-a")
            .createIfAbsent(TOPIC, 2, Permission.READ | Permission.WRITE);
        offsets = new ConsumerOffsets(store.metadata().offsets());
        harness = new ProcessorHarness(new ResetOffsetProcessor(store.store(), store.metadata().topics(),
            store.metadata().groups(), offsets, "broker-a", slave::get), ResetOffsetProcessor.CODES);
    }

    @AfterEach
    void close() {
        harness.close();
        store.close();
    }

    @Test
    void everyQueueMovesToTheTimeGivenAndTheNextPullIsTold() {
        store.put(TOPIC, 0, "a");
        store.put(TOPIC, 0, "b");
        clock.advanceMillis(10_000);
        long later = clock.millis();
        store.put(TOPIC, 0, "c");
        store.put(TOPIC, 1, "d");
        store.barrier();
        offsets.commit(GROUP, TOPIC, 0, 3);
        offsets.commit(GROUP, TOPIC, 1, 1);

        Frame reset = harness.send(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, header().timestamp(later));
        assertThat(reset.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(reset.text()).isEqualTo("{\"offsetTable\":{{\"brokerName\":\"broker-a\",\"queueId\":0,\"topic\":\"Orders\"}:2,"
            + "{\"brokerName\":\"broker-a\",\"queueId\":1,\"topic\":\"Orders\"}:0}}");
        assertThat(offsets.committed(GROUP, TOPIC, 0)).isEqualTo(2);
        assertThat(offsets.committed(GROUP, TOPIC, 1)).isZero();

        assertThat(offsets.commitUnlessReset(GROUP, TOPIC, 0, 3)).as("a commit from before the reset").isFalse();
        assertThat(offsets.committed(GROUP, TOPIC, 0)).isEqualTo(2);
        assertThat(offsets.takeReset(GROUP, TOPIC, 0)).as("the next pull is told").isEqualTo(2);
        assertThat(offsets.takeReset(GROUP, TOPIC, 0)).as("once").isEqualTo(ConsumerOffsets.NONE);
        assertThat(offsets.commitUnlessReset(GROUP, TOPIC, 0, 3)).isTrue();
        assertThat(offsets.takeReset(GROUP, "Other", 1)).isEqualTo(ConsumerOffsets.NONE);
    }

    @Test
    void aCommitWaitsOutAResetAsRocketMqAnswersIt() {
        try (ProcessorHarness commits = new ProcessorHarness(new OffsetProcessor(store.store(), offsets,
            store.metadata().groups(), store.metadata().topics()), OffsetProcessor.CODES)) {
            harness.send(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, header().timestamp(-1).queueId(1));
            Frame ignored = commits.send(RequestCode.UPDATE_CONSUMER_OFFSET, new UpdateConsumerOffsetRequestHeader()
                .consumerGroup(GROUP).topic(TOPIC).queueId(1).commitOffset(9));
            assertThat(ignored.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(ignored.remark()).isEqualTo("Offset has been previously reset");
            assertThat(offsets.committed(GROUP, TOPIC, 1)).isZero();
        }
    }

    @Test
    void oneQueueMovesToAnOffsetWithinIt() {
        store.put(TOPIC, 1, "a");
        store.put(TOPIC, 1, "b");
        store.barrier();
        Frame moved = harness.send(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, header().queueId(1).offset(1L));
        assertThat(moved.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(offsets.committed(GROUP, TOPIC, 1)).isOne();
        assertThat(offsets.committed(GROUP, TOPIC, 0)).as("the other queue untouched").isEqualTo(ConsumerOffsets.NONE);

        Frame outside = harness.send(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, header().queueId(1).offset(5L));
        assertThat(outside.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(outside.remark()).isEqualTo("Target offset 5 not in consume queue range [0-2]");
        Frame noQueue = harness.send(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, header().queueId(2).offset(0L));
        assertThat(noQueue.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(offsets.committed(GROUP, TOPIC, 1)).isOne();
    }

    @Test
    void unknownNamesAndASlaveAreRefusedAsRocketMqRefusesThem() {
        Frame topic = harness.send(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, header().topic("Nope"));
        assertThat(topic.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        assertThat(topic.remark()).isEqualTo("Topic Nope does not exist");
        Frame group = harness.send(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, header().group("Nobody"));
        assertThat(group.code()).isEqualTo(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST);
        assertThat(group.remark()).isEqualTo("Group Nobody does not exist");
        slave.set(true);
        Frame onSlave = harness.send(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, header());
        assertThat(onSlave.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(onSlave.remark()).isEqualTo("Can not reset offset in slave broker");
        assertThat(store.metadata().offsets().all()).isEmpty();
        assertThat(offsets.takeReset(GROUP, TOPIC, 0)).isEqualTo(ConsumerOffsets.NONE);
    }

    private static ResetOffsetRequestHeader header() {
        return new ResetOffsetRequestHeader().group(GROUP).topic(TOPIC).timestamp(0).isForce(true);
    }
}
