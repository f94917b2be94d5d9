package io.apogee.broker.retry;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.detour.CopyAppend;
import io.apogee.broker.detour.MessageCopy;
import io.apogee.broker.metadata.SubscriptionGroup;
import io.apogee.broker.metadata.SubscriptionGroupTable;
import io.apogee.broker.schedule.DelayLevels;
import io.apogee.broker.schedule.ScheduleTopic;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.broker.testing.TempStore;
import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.common.time.ManualClock;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.ConsumerSendMsgBackRequestHeader;
import io.apogee.wire.message.PropertyNames;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A consumer sending back a message it failed to consume (docs/protocol.md §3.3 36 and §6.6): parked for its retry
 * topic at the next delay level, or moved to the dead-letter topic; answered once the store has written it, from a
 * store agent.
 */
class SendBackProcessorTest {
    private static final DelayLevels LEVELS = DelayLevels.parse(DelayLevels.DEFAULT);
    private static final String TOPIC = "TopicTest";
    private static final String GROUP = "CG";

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private TempStore store;
    private TopicRegistry topics;
    private SubscriptionGroupTable groups;
    private ProcessorHarness harness;

    @BeforeEach
    void open() {
        store = new TempStore(dir, clock, ScheduleTopic.tagsCodeRule(LEVELS));
        topics = new TopicRegistry(store.metadata().topics(), false, 4, "DefaultCluster", "broker-a");
        topics.createIfAbsent(TOPIC, 1, Permission.READ_WRITE);
        groups = store.metadata().groups();
        groups.put(group(GROUP, 1));
        harness = new ProcessorHarness(new SendBackProcessor(store.store(), topics, groups,
            new ScheduleTopic(LEVELS, TempStore.HOST), TempStore.HOST), SendBackProcessor.CODES);
    }

    @AfterEach
    void close() {
        harness.close();
        store.close();
    }

    @Test
    void aFailedMessageIsParkedForTheRetryTopicAtTheNextLevel() {
        CopyAppend.Appended failed = failed(0);
        TempStore.Arrival parked = store.expect(ScheduleTopic.NAME, 3 - 1);
        Frame answer = harness.connection().sendLater(RequestCode.CONSUMER_SEND_MSG_BACK, back(failed), null).await();
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        parked.await();
        MessageCopy retry = store.read(ScheduleTopic.NAME, 2).getFirst();
        assertThat(retry.get(PropertyNames.REAL_TOPIC)).isEqualTo("%RETRY%" + GROUP);
        assertThat(retry.get(PropertyNames.RETRY_TOPIC)).isEqualTo(TOPIC);
        assertThat(retry.get(PropertyNames.ORIGIN_MESSAGE_ID)).isNotBlank();
        assertThat(retry.get(PropertyNames.RECONSUME_TIME)).isEqualTo("1");
        assertThat(retry.reconsumeTimes()).isEqualTo(1);
        assertThat(new String(retry.body(), StandardCharsets.UTF_8)).isEqualTo("failed");
        assertThat(topics.get("%RETRY%" + GROUP)).as("created on demand").isNotNull();
    }

    @Test
    void theConsumersDelayLevelIsKept() {
        CopyAppend.Appended failed = failed(2);
        TempStore.Arrival parked = store.expect(ScheduleTopic.NAME, 5 - 1);
        harness.connection().sendLater(RequestCode.CONSUMER_SEND_MSG_BACK, back(failed).delayLevel(5), null).await();
        parked.await();
        assertThat(store.read(ScheduleTopic.NAME, 4).getFirst().reconsumeTimes()).isEqualTo(3);
    }

    @Test
    void aLateRetryIsCappedAtTheHighestLevel() {
        CopyAppend.Appended failed = failed(17);
        TempStore.Arrival parked = store.expect(ScheduleTopic.NAME, LEVELS.count() - 1);
        Frame answer = harness.connection().sendLater(RequestCode.CONSUMER_SEND_MSG_BACK,
            back(failed).maxReconsumeTimes(20), null).await();
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        parked.await();
        MessageCopy retry = store.read(ScheduleTopic.NAME, LEVELS.count() - 1).getFirst();
        assertThat(retry.get(PropertyNames.DELAY)).isEqualTo(Integer.toString(LEVELS.count()));
        assertThat(retry.reconsumeTimes()).isEqualTo(18);
    }

    @Test
    void aMessageOutOfRetriesOrSentToTheDeadLettersGoesToTheDlq() {
        CopyAppend.Appended tired = failed(3);
        TempStore.Arrival dead = store.expect("%DLQ%" + GROUP, 0);
        Frame answer = harness.connection().sendLater(RequestCode.CONSUMER_SEND_MSG_BACK,
            back(tired).maxReconsumeTimes(3), null).await();
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        dead.await();
        assertThat(topics.get("%DLQ%" + GROUP).writeQueues()).isEqualTo(1);
        TempStore.Arrival asked = store.expect("%DLQ%" + GROUP, 0);
        harness.connection().sendLater(RequestCode.CONSUMER_SEND_MSG_BACK, back(failed(0)).delayLevel(-1), null).await();
        asked.await();
        List<MessageCopy> letters = store.read("%DLQ%" + GROUP, 0);
        assertThat(letters).extracting(MessageCopy::reconsumeTimes).containsExactly(4, 1);
    }

    @Test
    void refusalsCarryRocketMqsCodesAndRemarks() {
        Frame unknown = harness.send(RequestCode.CONSUMER_SEND_MSG_BACK, back(failed(0)).group("Nobody"));
        assertThat(unknown.code()).isEqualTo(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST);
        assertThat(unknown.remark()).isEqualTo("subscription group not exist, Nobody" + SendBackProcessor.FAQ);
        Frame nowhere = harness.send(RequestCode.CONSUMER_SEND_MSG_BACK, new ConsumerSendMsgBackRequestHeader()
            .offset(1 << 30).group(GROUP).delayLevel(0));
        assertThat(nowhere.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(nowhere.remark()).isEqualTo("look message by offset failed, " + (1 << 30));
        Frame malformed = harness.sendRaw(RequestCode.CONSUMER_SEND_MSG_BACK, Map.of("group", GROUP), null);
        assertThat(malformed.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(malformed.remark()).startsWith("bad send-back header: ");

        topics.createIfAbsent("%DLQ%" + GROUP, 1, Permission.READ);
        Frame forbidden = harness.send(RequestCode.CONSUMER_SEND_MSG_BACK, back(failed(0)).delayLevel(-1));
        assertThat(forbidden.code()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(forbidden.remark()).isEqualTo("the topic[%DLQ%" + GROUP + "] sending message is forbidden");
    }

    @Test
    void aGroupWhoseRetryTopicWouldBeIllegalIsRefusedBeforeAnythingIsParked() {
        // an older store may know such a group: it is refused by name before the table is asked
        groups.put(group("x/y", 1));
        Frame slash = harness.send(RequestCode.CONSUMER_SEND_MSG_BACK, back(failed(0)).group("x/y"));
        assertThat(slash.code()).isEqualTo(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST);
        assertThat(slash.remark())
            .isEqualTo("The specified group: x/y, contains illegal characters, allowing only ^[%|a-zA-Z0-9_-]+$");
        String tooLong = "G".repeat(121);
        groups.put(group(tooLong, 1));
        Frame longer = harness.send(RequestCode.CONSUMER_SEND_MSG_BACK, back(failed(0)).group(tooLong));
        assertThat(longer.code()).isEqualTo(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST);
        assertThat(longer.remark()).isEqualTo("The specified group: " + tooLong + ", is longer than group max length: 120");
        store.barrier();
        assertThat(topics.get("%RETRY%x/y")).isNull();
        assertThat(store.store().maxOffset(ScheduleTopic.NAME, 2)).as("nothing parked").isZero();
    }

    @Test
    void aGroupWithoutRetriesDropsTheMessage() {
        groups.put(group("NoRetry", 0));
        Frame answer = harness.send(RequestCode.CONSUMER_SEND_MSG_BACK, back(failed(0)).group("NoRetry"));
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(topics.get("%RETRY%NoRetry")).isNull();
    }

    private CopyAppend.Appended failed(int reconsumeTimes) {
        return store.put(store.message(TOPIC, 0, "failed").reconsumeTimes(reconsumeTimes));
    }

    private static ConsumerSendMsgBackRequestHeader back(CopyAppend.Appended failed) {
        return new ConsumerSendMsgBackRequestHeader().offset(failed.physicalOffset()).group(GROUP).delayLevel(0)
            .originTopic(TOPIC);
    }

    private static SubscriptionGroup group(String name, int retryQueues) {
        return new SubscriptionGroup(name, true, false, true, retryQueues, 16, 0, 1, true);
    }
}
