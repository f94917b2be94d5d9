package io.apogee.broker.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.group.ClientDirectory;
import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.metadata.SubscriptionGroup;
import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.broker.testing.TempStore;
import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.common.time.ManualClock;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import java.nio.file.Path;
import java.util.Map;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.admin.ConsumeStats;
import org.apache.rocketmq.remoting.protocol.admin.OffsetWrapper;
import org.apache.rocketmq.remoting.protocol.body.ConsumeStatsList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * mqadmin's brokerConsumeStats (code 317): every group's progress on its topics, read back by RocketMQ 5.4.0's own
 * ConsumeStatsList decoder (its non-standard queue-keyed maps included), over a temporary store on a manual clock.
 */
class BrokerConsumeStatsProcessorTest {
    private static final String TOPIC = "TopicTest";
    private static final String ORDERED = "Ordered";

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);

    @TempDir
    Path dir;

    private TempStore store;
    private ProcessorHarness harness;

    @BeforeEach
    void open() {
        store = new TempStore(dir, clock);
        TopicRegistry topics = new TopicRegistry(store.metadata().topics(), false, 4, "DefaultCluster", "broker-a");
        topics.createIfAbsent(TOPIC, 2, Permission.READ_WRITE);
        store.metadata().topics().put(new TopicConfig(ORDERED, 1, 1, Permission.READ_WRITE, TopicConfig.SINGLE_TAG, 0,
            true));
        ConsumerOffsetTable offsets = store.metadata().offsets();
        harness = new ProcessorHarness(new BrokerConsumeStatsProcessor(store.store(), store.metadata().groups(), offsets,
            topics, new ClientDirectory(), new RuntimeStats(store.store(), offsets, clock), "broker-a", "127.0.0.1:10911"),
            BrokerConsumeStatsProcessor.CODES);
    }

    @AfterEach
    void close() {
        harness.close();
        store.close();
    }

    @Test
    void everyGroupsCommittedTopicsAreListedWithTheTotalLag() {
        store.put(TOPIC, 1, "a");
        store.put(TOPIC, 1, "b");
        store.put(TOPIC, 0, "c");
        store.put(ORDERED, 0, "d");
        store.metadata().groups().put(new SubscriptionGroup("CG", true, true, true, 1, 16, 0, 1, true));
        store.metadata().groups().put(new SubscriptionGroup("Idle", true, true, true, 1, 16, 0, 1, true));
        store.metadata().offsets().commit("CG", TOPIC, 1, 1);
        store.metadata().offsets().commit("CG", ORDERED, 0, 1);
        store.metadata().offsets().commit("CG", "Deleted", 0, 9);
        store.metadata().offsets().commit("NoConfig", TOPIC, 0, 1);

        ConsumeStatsList all = stats(Map.of());
        assertThat(all.getBrokerAddr()).isEqualTo("127.0.0.1:10911");
        assertThat(all.getConsumeStatsList()).hasSize(2);
        Map<String, java.util.List<ConsumeStats>> cg = all.getConsumeStatsList().get(0);
        assertThat(cg).containsOnlyKeys("CG");
        assertThat(cg.get("CG")).as("the deleted topic left out").hasSize(2);
        Map<MessageQueue, OffsetWrapper> ordered = cg.get("CG").get(0).getOffsetTable();
        assertThat(ordered.get(new MessageQueue(ORDERED, "broker-a", 0)).getConsumerOffset()).isEqualTo(1);
        Map<MessageQueue, OffsetWrapper> queues = cg.get("CG").get(1).getOffsetTable();
        OffsetWrapper one = queues.get(new MessageQueue(TOPIC, "broker-a", 1));
        assertThat(one.getBrokerOffset()).isEqualTo(2);
        assertThat(one.getConsumerOffset()).isEqualTo(1);
        assertThat(one.getLastTimestamp()).isEqualTo(clock.millis());
        OffsetWrapper zero = queues.get(new MessageQueue(TOPIC, "broker-a", 0));
        assertThat(zero.getBrokerOffset()).isEqualTo(1);
        assertThat(zero.getConsumerOffset()).isZero();
        assertThat(zero.getLastTimestamp()).isZero();
        assertThat(all.getConsumeStatsList().get(1).get("Idle")).isEmpty();
        assertThat(all.getTotalDiff()).as("1 + 1 on TopicTest, 0 on Ordered").isEqualTo(2);

        ConsumeStatsList orderedOnly = stats(Map.of("isOrder", "true"));
        assertThat(orderedOnly.getConsumeStatsList().get(0).get("CG")).hasSize(1);
        assertThat(orderedOnly.getTotalDiff()).isZero();

        Frame bad = harness.sendRaw(RequestCode.GET_BROKER_CONSUME_STATS, Map.of("isOrder", "maybe"), null);
        assertThat(bad.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(bad.remark()).isEqualTo("isOrder must be true or false: maybe");
    }

    private ConsumeStatsList stats(Map<String, String> ext) {
        Frame answer = harness.sendRaw(RequestCode.GET_BROKER_CONSUME_STATS, ext, null);
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        return ConsumeStatsList.decode(answer.body(), ConsumeStatsList.class);
    }
}
