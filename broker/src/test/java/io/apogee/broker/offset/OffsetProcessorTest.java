package io.apogee.broker.offset;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.group.ConsumerGroups;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.broker.testing.TempStore;
import io.apogee.broker.topic.Names;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.broker.topic.Permission;
import io.apogee.common.time.ManualClock;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.BoundaryType;
import io.apogee.wire.header.GetEarliestMsgStoretimeRequestHeader;
import io.apogee.wire.header.GetMaxOffsetRequestHeader;
import io.apogee.wire.header.GetMinOffsetRequestHeader;
import io.apogee.wire.header.QueryConsumerOffsetRequestHeader;
import io.apogee.wire.header.SearchOffsetRequestHeader;
import io.apogee.wire.header.UpdateConsumerOffsetRequestHeader;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The offset codes over a temporary store whose records are stamped by a manual clock, as a consumer and mqadmin
 * read their answers (docs/protocol.md §3.3 14, 15, and 30, 31, 32, 29).
 */
class OffsetProcessorTest {
    private static final String TOPIC = "TopicTest";
    private static final String GROUP = "CG";
    private static final String SCHEDULE_TOPIC = "SCHEDULE_TOPIC_XXXX";

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private TempStore store;
    private ProcessorHarness harness;

    @BeforeEach
    void open() {
        store = new TempStore(dir, clock);
        ConsumerGroups groups = new ConsumerGroups(store.metadata().groups());
        TopicRegistry topics = new TopicRegistry(store.metadata().topics(), false, 4, "DefaultCluster", "broker-a");
        groups.ensureExists(GROUP);
        topics.createIfAbsent(TOPIC, 4, Permission.READ | Permission.WRITE);
        topics.createIfAbsent(SCHEDULE_TOPIC, 18, Permission.READ | Permission.WRITE);
        harness = new ProcessorHarness(new OffsetProcessor(store.store(), new ConsumerOffsets(store.metadata().offsets()),
            store.metadata().groups(), store.metadata().topics()), OffsetProcessor.CODES);
    }

    @AfterEach
    void close() {
        harness.close();
        store.close();
    }

    @Test
    void aCommittedOffsetIsAnsweredInTheOffsetField() {
        Frame update = harness.send(RequestCode.UPDATE_CONSUMER_OFFSET, new UpdateConsumerOffsetRequestHeader()
            .consumerGroup(GROUP).topic(TOPIC).queueId(2).commitOffset(42));
        assertThat(update.code()).isEqualTo(ResponseCode.SUCCESS);

        Frame query = harness.send(RequestCode.QUERY_CONSUMER_OFFSET, query(2));
        assertThat(query.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(query.ext("offset")).isEqualTo("42");
    }

    @Test
    void aCommitForAGroupOrTopicTheBrokerDoesNotKnowIsRefusedAndKeepsNothing() {
        Frame group = harness.send(RequestCode.UPDATE_CONSUMER_OFFSET, new UpdateConsumerOffsetRequestHeader()
            .consumerGroup("Nobody").topic(TOPIC).queueId(0).commitOffset(7));
        assertThat(group.code()).isEqualTo(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST);
        assertThat(group.remark()).isEqualTo("Group Nobody not exist!");
        Frame topic = harness.send(RequestCode.UPDATE_CONSUMER_OFFSET, new UpdateConsumerOffsetRequestHeader()
            .consumerGroup(GROUP).topic("NoSuchTopic").queueId(0).commitOffset(7));
        assertThat(topic.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        assertThat(topic.remark()).isEqualTo("Topic NoSuchTopic not exist!");
        assertThat(store.metadata().offsets().offset("Nobody", TOPIC, 0)).isNegative();
        assertThat(store.metadata().offsets().offset(GROUP, "NoSuchTopic", 0)).isNegative();
    }

    @Test
    void theScheduleServicesProgressIsNotAClientsToReadOrMove() {
        String schedule = Names.SCHEDULE_PROGRESS_GROUP;
        store.metadata().offsets().commit(schedule, SCHEDULE_TOPIC, 0, 3);
        Frame update = harness.send(RequestCode.UPDATE_CONSUMER_OFFSET, new UpdateConsumerOffsetRequestHeader()
            .consumerGroup(schedule).topic(SCHEDULE_TOPIC).queueId(0).commitOffset(1_000));
        assertThat(update.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(update.remark()).isEqualTo("The specified group: " + schedule
            + ", is the schedule service's own and not for clients");
        Frame query = harness.send(RequestCode.QUERY_CONSUMER_OFFSET, new QueryConsumerOffsetRequestHeader()
            .consumerGroup(schedule).topic(SCHEDULE_TOPIC).queueId(0));
        assertThat(query.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(store.metadata().offsets().offset(schedule, SCHEDULE_TOPIC, 0)).isEqualTo(3);
    }

    @Test
    void namesOutsideTheRuleAreInvalidParameter() {
        Frame group = harness.send(RequestCode.UPDATE_CONSUMER_OFFSET, new UpdateConsumerOffsetRequestHeader()
            .consumerGroup("bad group").topic(TOPIC).queueId(0).commitOffset(1));
        assertThat(group.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(group.remark()).startsWith("The specified group: bad group, contains illegal characters");
        Frame topic = harness.send(RequestCode.QUERY_CONSUMER_OFFSET, new QueryConsumerOffsetRequestHeader()
            .consumerGroup(GROUP).topic("T".repeat(128)).queueId(0));
        assertThat(topic.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(topic.remark()).endsWith(", is longer than topic max length: 127");
        assertThat(store.metadata().offsets().all()).isEmpty();
    }

    @Test
    void aOnewayCommitIsStoredAndNeverAnswered() {
        assertThat(harness.sendOneway(RequestCode.UPDATE_CONSUMER_OFFSET, new UpdateConsumerOffsetRequestHeader()
            .consumerGroup(GROUP).topic(TOPIC).queueId(0).commitOffset(7), null)).isTrue();
        assertThat(harness.send(RequestCode.QUERY_CONSUMER_OFFSET, query(0)).ext("offset")).isEqualTo("7");
    }

    @Test
    void nothingCommittedOnAQueueStartingAtZeroIsOffsetZeroUnlessTheClientSaysNot() {
        Frame zero = harness.send(RequestCode.QUERY_CONSUMER_OFFSET, query(1));
        assertThat(zero.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(zero.ext("offset")).isEqualTo("0");

        Frame notFound = harness.send(RequestCode.QUERY_CONSUMER_OFFSET, query(1).setZeroIfNotFound(false));
        assertThat(notFound.code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
        assertThat(notFound.remark()).isEqualTo("Not found, V3_0_6_SNAPSHOT maybe this group consumer boot first");
        assertThat(notFound.ext()).doesNotContainKey("offset");
    }

    @Test
    void maxMinAndEarliestComeFromTheStore() {
        long first = clock.millis();
        store.put(TOPIC, 0, "a");
        clock.advanceMillis(1_000);
        store.put(TOPIC, 0, "b");

        Frame max = harness.send(RequestCode.GET_MAX_OFFSET, new GetMaxOffsetRequestHeader().topic(TOPIC).queueId(0));
        assertThat(max.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(max.ext("offset")).as("exclusive: the next offset written").isEqualTo("2");
        Frame min = harness.send(RequestCode.GET_MIN_OFFSET, new GetMinOffsetRequestHeader().topic(TOPIC).queueId(0));
        assertThat(min.ext("offset")).isEqualTo("0");
        Frame earliest = harness.send(RequestCode.GET_EARLIEST_MSG_STORETIME,
            new GetEarliestMsgStoretimeRequestHeader().topic(TOPIC).queueId(0));
        assertThat(earliest.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(earliest.ext("timestamp")).isEqualTo(Long.toString(first));

        Frame empty = harness.send(RequestCode.GET_EARLIEST_MSG_STORETIME,
            new GetEarliestMsgStoretimeRequestHeader().topic(TOPIC).queueId(3));
        assertThat(empty.ext("timestamp")).as("no message").isEqualTo("-1");
        assertThat(harness.send(RequestCode.GET_MAX_OFFSET, new GetMaxOffsetRequestHeader().topic("Unknown").queueId(0))
            .ext("offset")).isEqualTo("0");
    }

    @Test
    void aSearchByTimeFindsTheBoundaryOffsetsOnTheStoreClock() {
        long first = clock.millis();
        store.put(TOPIC, 0, "a");
        clock.advanceMillis(1_000);
        store.put(TOPIC, 0, "b");
        clock.advanceMillis(1_000);
        store.put(TOPIC, 0, "c");

        assertThat(search(first + 500, null)).as("LOWER: the first stored at or after").isEqualTo("1");
        assertThat(search(first + 500, BoundaryType.UPPER)).as("UPPER: the last stored at or before").isEqualTo("0");
        assertThat(search(first + 1_000, BoundaryType.LOWER)).isEqualTo("1");
        assertThat(search(first + 10_000, BoundaryType.LOWER)).as("none after: the max offset").isEqualTo("3");
    }

    @Test
    void aMissingOrBadFieldIsInvalidParameter() {
        Frame noQueue = harness.sendRaw(RequestCode.GET_MAX_OFFSET, Map.of("topic", TOPIC), null);
        assertThat(noQueue.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(noQueue.remark()).isEqualTo("topic and queueId are required");

        Frame badQueue = harness.sendRaw(RequestCode.GET_MIN_OFFSET, Map.of("topic", TOPIC, "queueId", "x"), null);
        assertThat(badQueue.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(badQueue.remark()).isEqualTo("queueId is not a number: x");

        Frame noOffset = harness.sendRaw(RequestCode.UPDATE_CONSUMER_OFFSET,
            Map.of("topic", TOPIC, "queueId", "0", "consumerGroup", GROUP), null);
        assertThat(noOffset.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(noOffset.remark()).isEqualTo("consumerGroup and commitOffset are required");

        Frame badOffset = harness.sendRaw(RequestCode.UPDATE_CONSUMER_OFFSET,
            Map.of("topic", TOPIC, "queueId", "0", "consumerGroup", GROUP, "commitOffset", "soon"), null);
        assertThat(badOffset.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(badOffset.remark()).isEqualTo("commitOffset is not a number: soon");

        Frame badTime = harness.sendRaw(RequestCode.SEARCH_OFFSET_BY_TIMESTAMP,
            Map.of("topic", TOPIC, "queueId", "0"), null);
        assertThat(badTime.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(badTime.remark()).isEqualTo("timestamp is not a number: null");
    }

    private static QueryConsumerOffsetRequestHeader query(int queueId) {
        return new QueryConsumerOffsetRequestHeader().consumerGroup(GROUP).topic(TOPIC).queueId(queueId);
    }

    private String search(long timestamp, BoundaryType boundary) {
        SearchOffsetRequestHeader header = new SearchOffsetRequestHeader().topic(TOPIC).queueId(0).timestamp(timestamp);
        if (boundary != null) {
            header.boundaryType(boundary);
        }
        Frame answer = harness.send(RequestCode.SEARCH_OFFSET_BY_TIMESTAMP, header);
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        return answer.ext("offset");
    }
}
