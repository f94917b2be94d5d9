package io.apogee.broker.ha;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.group.ConsumerGroups;
import io.apogee.broker.metadata.ConsumerOffset;
import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.offset.OffsetExportProcessor;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.TempStore;
import io.apogee.broker.topic.TopicLimits;
import io.apogee.common.time.ManualClock;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A master's offset answers (GET_ALL_CONSUMER_OFFSET, GET_ALL_DELAY_OFFSET) in RocketMQ's shapes, and a slave's
 * tables made equal to answers of that shape: consumer offsets and delay progress taken over, topics replaced; an
 * answer that is not RocketMQ's shape changes nothing.
 */
class MasterMetadataTest {
    private static final String DELAY_GROUP = "SCHEDULE_SERVICE_DELAY_OFFSET";
    private static final String DELAY_TOPIC = "SCHEDULE_TOPIC_XXXX";

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);

    @TempDir
    Path dir;

    @Test
    void offsetsAnsweredByAMasterAreTakenOverByItsSlave() throws IOException {
        try (TempStore master = new TempStore(dir.resolve("master"), clock);
             TempStore slave = new TempStore(dir.resolve("slave"), clock)) {
            ConsumerOffsetTable offsets = master.metadata().offsets();
            offsets.commit("orders-group", "Orders", 0, 12);
            offsets.commit("orders-group", "Orders", 3, 7);
            offsets.commit("audit-group", "Audit", 1, 99);
            offsets.commit(DELAY_GROUP, DELAY_TOPIC, 0, 5);
            offsets.commit(DELAY_GROUP, DELAY_TOPIC, 2, 8);
            byte[] consumers;
            byte[] delays;
            try (ProcessorHarness harness = new ProcessorHarness(new OffsetExportProcessor(offsets, DELAY_GROUP,
                DELAY_TOPIC, clock), OffsetExportProcessor.CODES)) {
                ProcessorHarness.Frame all = harness.sendRaw(RequestCode.GET_ALL_CONSUMER_OFFSET, Map.of(), null);
                ProcessorHarness.Frame delay = harness.sendRaw(RequestCode.GET_ALL_DELAY_OFFSET, Map.of(), null);
                assertThat(all.code()).isEqualTo(ResponseCode.SUCCESS);
                assertThat(all.text()).contains("\"Orders@orders-group\":{\"0\":12,\"3\":7}")
                    .contains("\"Audit@audit-group\":{\"1\":99}").doesNotContain(DELAY_GROUP);
                assertThat(delay.text()).as("levels count from 1").contains("\"offsetTable\":{\"1\":5,\"3\":8}");
                consumers = all.body();
                delays = delay.body();
            }
            ConsumerOffsetTable copy = slave.metadata().offsets();
            copy.commit("slave-only", "Orders", 0, 3);
            MasterMetadata tables = new MasterMetadata(slave.metadata().topics(), copy, slave.metadata().groups(),
                DELAY_GROUP, DELAY_TOPIC, TopicLimits.DEFAULTS, ConsumerGroups.DEFAULT_MAX_GROUPS);
            assertThat(tables.consumerOffsets(consumers)).isEqualTo(3);
            assertThat(tables.delayOffsets(delays)).isEqualTo(2);
            List<ConsumerOffset> expected = new ArrayList<>(offsets.all());
            expected.add(new ConsumerOffset("slave-only", "Orders", 0, 3)); // the slave's own commit stays
            assertThat(copy.all()).containsExactlyInAnyOrderElementsOf(expected);
        }
    }

    @Test
    void topicsAreReplacedAndAnAnswerOfAnotherShapeChangesNothing() throws IOException {
        try (TempStore slave = new TempStore(dir, clock)) {
            MasterMetadata tables = new MasterMetadata(slave.metadata().topics(), slave.metadata().offsets(),
                slave.metadata().groups(), DELAY_GROUP, DELAY_TOPIC, TopicLimits.DEFAULTS, ConsumerGroups.DEFAULT_MAX_GROUPS);
            slave.metadata().topics().put(new TopicConfig("Gone", 4, 4, 6, TopicConfig.SINGLE_TAG, 0, false));
            String answer = "{\"topicConfigTable\":{\"Orders\":{\"topicName\":\"Orders\",\"readQueueNums\":8,"
                + "\"writeQueueNums\":8,\"perm\":6,\"topicFilterType\":\"SINGLE_TAG\",\"topicSysFlag\":0,\"order\":true}}}";
            assertThat(tables.topics(answer.getBytes(StandardCharsets.UTF_8))).isOne();
            assertThat(slave.metadata().topics().all())
                .containsExactly(new TopicConfig("Orders", 8, 8, 6, TopicConfig.SINGLE_TAG, 0, true));

            assertThatThrownBy(() -> tables.topics("{\"topics\":[]}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IOException.class);
            assertThatThrownBy(() -> tables.consumerOffsets("not json".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IOException.class);
            assertThat(tables.consumerOffsets("{\"offsetTable\":{\"no-separator\":{\"0\":1},\"T@G\":{\"x\":1,\"1\":-4}}}"
                .getBytes(StandardCharsets.UTF_8))).as("no valid entry").isZero();
            assertThat(slave.metadata().topics().all()).hasSize(1);
            assertThat(slave.metadata().offsets().all()).isEmpty();
        }
    }

    @Test
    void theSlavesOwnLimitsHoldForWhatTheMasterAnswers() throws IOException {
        try (TempStore slave = new TempStore(dir, clock)) {
            MasterMetadata tables = new MasterMetadata(slave.metadata().topics(), slave.metadata().offsets(),
                slave.metadata().groups(), DELAY_GROUP, DELAY_TOPIC, new TopicLimits(2, 16), 1);
            String topics = "{\"topicConfigTable\":{"
                + "\"A\":{\"readQueueNums\":4,\"writeQueueNums\":4,\"perm\":6},"
                + "\"TooManyQueues\":{\"readQueueNums\":17,\"writeQueueNums\":4,\"perm\":6},"
                + "\"bad name!\":{\"readQueueNums\":4,\"writeQueueNums\":4,\"perm\":6},"
                + "\"B\":{\"readQueueNums\":4,\"writeQueueNums\":4,\"perm\":6},"
                + "\"PastTheLimit\":{\"readQueueNums\":4,\"writeQueueNums\":4,\"perm\":6}}}";
            assertThat(tables.topics(topics.getBytes(StandardCharsets.UTF_8))).isEqualTo(2);
            assertThat(slave.metadata().topics().all()).extracting(TopicConfig::name).containsExactlyInAnyOrder("A", "B");

            String groups = "{\"subscriptionGroupTable\":{\"g1\":{\"groupName\":\"g1\"},\"g2\":{\"groupName\":\"g2\"}}}";
            assertThat(tables.groups(groups.getBytes(StandardCharsets.UTF_8))).as("maxSubscriptionGroupCount 1").isOne();
            assertThat(slave.metadata().groups().all()).hasSize(1);

            String offsets = "{\"offsetTable\":{\"A@g1\":{\"0\":5,\"16\":9},\"bad name!@g1\":{\"0\":1}}}";
            assertThat(tables.consumerOffsets(offsets.getBytes(StandardCharsets.UTF_8)))
                .as("queue 16 is past the queue limit; a bad topic name is left out").isOne();
            assertThat(slave.metadata().offsets().all()).containsExactly(new ConsumerOffset("g1", "A", 0, 5));
        }
    }
}
