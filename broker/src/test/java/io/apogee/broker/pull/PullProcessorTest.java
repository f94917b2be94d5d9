package io.apogee.broker.pull;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.filter.SubscriptionFilters;
import io.apogee.broker.group.ConsumerGroups;
import io.apogee.broker.metadata.SubscriptionGroup;
import io.apogee.broker.offset.ConsumerOffsets;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Connection;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.broker.testing.TempStore;
import io.apogee.broker.topic.Names;
import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.common.agent.SchedulerAgent;
import io.apogee.common.time.ManualClock;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.PullMessageRequestHeader;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pulls over a temporary store (docs/protocol.md §3.3 11 and §6.4): the status table as a push consumer reads it, the
 * stored records as the body, the refusals, and the long-poll hold ended by an arrival or by its timeout on a
 * scheduler driven by a manual clock.
 */
class PullProcessorTest {
    private static final String TOPIC = "TopicTest";
    private static final String GROUP = "CG";
    private static final long SUSPEND_MAX = 15_000;
    private static final int COMMIT = 1;
    private static final int SUSPEND = 2;
    private static final int SUBSCRIPTION = 4;
    private static final int MAX_HELD = 3;
    private static final int MAX_HELD_TOTAL = 5;
    private static final int RANGE = RangePullLimits.SYS_FLAG;
    private static final int RANGE_MESSAGES = 1000;

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final SchedulerAgent scheduler = new SchedulerAgent("pull", clock, (role, error) -> {
        throw new AssertionError(error);
    });
    private TempStore store;
    private TopicRegistry topics;
    private ConsumerOffsets offsets;
    private ProcessorHarness harness;
    private PullProcessor processor;

    private HeldPullLimits heldLimits;

    @BeforeEach
    void open() {
        store = new TempStore(dir, clock);
        topics = new TopicRegistry(store.metadata().topics(), false, 4, "DefaultCluster", "broker-a");
        topics.createIfAbsent(TOPIC, 2, Permission.READ_WRITE);
        offsets = new ConsumerOffsets(store.metadata().offsets());
        heldLimits = new HeldPullLimits(MAX_HELD, MAX_HELD_TOTAL);
        processor = new PullProcessor(store.store(), topics, new ConsumerGroups(store.metadata().groups()), offsets,
            new SubscriptionFilters(false), () -> SUSPEND_MAX, scheduler, heldLimits, new RangePullLimits(RANGE_MESSAGES, 1 << 20));
        harness = new ProcessorHarness(processor, PullProcessor.CODES);
    }

    @AfterEach
    void close() {
        harness.close();
        store.close();
    }

    @Test
    void foundMessagesAreTheBodyWithTheNextOffsetAndTheQueueBounds() {
        store.put(TOPIC, 0, "one");
        store.put(TOPIC, 0, "two");
        store.put(TOPIC, 0, "three");
        Frame found = harness.send(RequestCode.PULL_MESSAGE, pull(0).maxMsgNums(2));
        assertThat(found.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(found.ext("nextBeginOffset")).isEqualTo("2");
        assertThat(found.ext("minOffset")).isEqualTo("0");
        assertThat(found.ext("maxOffset")).isEqualTo("3");
        assertThat(found.ext("suggestWhichBrokerId")).isEqualTo("0");
        assertThat(bodies(found.body())).containsExactly("one", "two");
        Frame rest = harness.send(RequestCode.LITE_PULL_MESSAGE, pull(2));
        assertThat(bodies(rest.body())).containsExactly("three");
    }

    @Test
    void aPullMakesItsGroupAsRocketMqDoesWithinTheGroupLimit() {
        store.put(TOPIC, 0, "one");
        assertThat(harness.send(RequestCode.PULL_MESSAGE, pull(0)).code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(store.metadata().groups().get(GROUP)).as("made by the pull").isNotNull();

        harness.close();
        processor = new PullProcessor(store.store(), topics, new ConsumerGroups(store.metadata().groups(), 1), offsets,
            new SubscriptionFilters(false), () -> SUSPEND_MAX, scheduler, heldLimits, new RangePullLimits(RANGE_MESSAGES, 1 << 20));
        harness = new ProcessorHarness(processor, PullProcessor.CODES);
        Frame full = harness.send(RequestCode.PULL_MESSAGE, pull(0).consumerGroup("OneTooMany"));
        assertThat(full.code()).isEqualTo(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST);
        assertThat(full.remark()).contains("maxSubscriptionGroupCount");
        assertThat(store.metadata().groups().get("OneTooMany")).isNull();
    }

    @Test
    void anOperatorsResetIsTheNextPullsAnswerOnce() {
        store.put(TOPIC, 0, "one");
        store.put(TOPIC, 0, "two");
        offsets.reset(GROUP, TOPIC, 0, 1);
        Frame moved = harness.send(RequestCode.PULL_MESSAGE, pull(0).sysFlag(SUBSCRIPTION | COMMIT).commitOffset(2));
        assertThat(moved.code()).isEqualTo(ResponseCode.PULL_OFFSET_MOVED);
        assertThat(moved.ext("nextBeginOffset")).isEqualTo("1");
        assertThat(moved.ext("maxOffset")).isEqualTo("2");
        assertThat(offsets.committed(GROUP, TOPIC, 0)).as("the pull's own older commit is dropped").isOne();
        Frame next = harness.send(RequestCode.PULL_MESSAGE, pull(1));
        assertThat(next.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(bodies(next.body())).containsExactly("two");
    }

    @Test
    void aGroupWithConsumeEnableOffIsRefusedAsRocketMqRefusesIt() {
        store.put(TOPIC, 0, "one");
        store.metadata().groups().put(new SubscriptionGroup(GROUP, false, true, true, 1, 16, 0, 1, true, false, 0,
            SubscriptionGroup.DEFAULT_CONSUME_TIMEOUT_MINUTES, "", SubscriptionGroup.NO_ATTRIBUTES));
        Frame refused = harness.send(RequestCode.PULL_MESSAGE, pull(0));
        assertThat(refused.code()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(refused.remark()).isEqualTo("subscription group no permission, " + GROUP);
        assertThat(refused.ext("forbiddenType")).isEqualTo("2");
        assertThat(refused.body()).as("nothing delivered").isNullOrEmpty();
    }

    @Test
    void aConsumerBehindTheInMemoryReachIsSentToTheSlaveAndASlavesCaughtUpOneBackToItsMaster() {
        store.put(TOPIC, 0, "one");
        store.put(TOPIC, 0, "two");
        harness.close();
        PullSteering master = new PullSteering(true, false, 0, name -> null);
        processor = new PullProcessor(store.store(), topics, new ConsumerGroups(store.metadata().groups()), offsets,
            new SubscriptionFilters(false), () -> SUSPEND_MAX, scheduler, heldLimits, new RangePullLimits(RANGE_MESSAGES, 1 << 20),
            master);
        harness = new ProcessorHarness(processor, PullProcessor.CODES);
        assertThat(harness.send(RequestCode.PULL_MESSAGE, pull(0).maxMsgNums(1)).ext("suggestWhichBrokerId"))
            .as("a record left behind it: past a reach of 0 bytes").isEqualTo("1");
        assertThat(harness.send(RequestCode.PULL_MESSAGE, pull(1)).ext("suggestWhichBrokerId"))
            .as("read to the end").isEqualTo("0");

        harness.close();
        PullSteering slave = new PullSteering(true, true, 0, name -> null);
        slave.masterOnline(true);
        processor = new PullProcessor(store.store(), topics, new ConsumerGroups(store.metadata().groups()), offsets,
            new SubscriptionFilters(false), () -> SUSPEND_MAX, scheduler, heldLimits, new RangePullLimits(RANGE_MESSAGES, 1 << 20),
            slave);
        harness = new ProcessorHarness(processor, PullProcessor.CODES);
        Frame caughtUp = harness.send(RequestCode.PULL_MESSAGE, pull(2));
        assertThat(caughtUp.code()).as("not held: asked again of the master").isEqualTo(ResponseCode.PULL_RETRY_IMMEDIATELY);
        assertThat(caughtUp.ext("suggestWhichBrokerId")).isEqualTo("0");
        slave.masterOnline(false);
        assertThat(harness.send(RequestCode.PULL_MESSAGE, pull(0).maxMsgNums(1)).ext("suggestWhichBrokerId"))
            .as("no master: a slow consumer stays").isEqualTo("1");
    }

    @Test
    void aRangePullGetsUpToTheRangeCapsWhereOtherPullsGetAtMost256() {
        int stored = 900; // past the store's scan limit of 800 entries
        for (int i = 0; i < stored; i++) {
            store.put(TOPIC, 0, "m" + i);
        }
        Frame plain = harness.send(RequestCode.PULL_MESSAGE, pull(0).maxMsgNums(2000));
        assertThat(bodies(plain.body())).as("a pull without the range bit").hasSize(256);
        assertThat(plain.ext("nextBeginOffset")).isEqualTo("256");

        Frame range = harness.send(RequestCode.PULL_MESSAGE, pull(0).maxMsgNums(2000).sysFlag(SUBSCRIPTION | RANGE));
        List<String> all = bodies(range.body());
        assertThat(all).as("every stored message, in order").hasSize(stored).startsWith("m0", "m1").endsWith("m899");
        assertThat(range.ext("nextBeginOffset")).isEqualTo("900");

        Frame asked = harness.send(RequestCode.PULL_MESSAGE, pull(100).maxMsgNums(300).sysFlag(SUBSCRIPTION | RANGE));
        assertThat(bodies(asked.body())).as("the count the range pull asks for").hasSize(300).startsWith("m100");

        int recordSize = range.body().length / stored;
        Frame bytes = harness.send(RequestCode.PULL_MESSAGE, pull(0).maxMsgNums(2000).maxMsgBytes(recordSize * 10 + 1)
            .sysFlag(SUBSCRIPTION | RANGE));
        assertThat(bodies(bytes.body())).as("the bytes the range pull asks for").hasSize(10);
    }

    @Test
    void aRangePullIsCappedByTheBrokersRangeMaxMessages() {
        for (int i = 0; i < RANGE_MESSAGES + 5; i++) {
            store.put(TOPIC, 0, "m" + i);
        }
        Frame range = harness.send(RequestCode.PULL_MESSAGE, pull(0).maxMsgNums(65_536).sysFlag(SUBSCRIPTION | RANGE));
        assertThat(bodies(range.body())).hasSize(RANGE_MESSAGES);
        assertThat(range.ext("nextBeginOffset")).isEqualTo(Integer.toString(RANGE_MESSAGES));
    }

    @Test
    void theOffsetsOutsideTheQueueAnswerNotFoundOrMoved() {
        store.put(TOPIC, 0, "one");
        Frame end = harness.send(RequestCode.PULL_MESSAGE, pull(1));
        assertThat(end.code()).as("one past the end").isEqualTo(ResponseCode.PULL_NOT_FOUND);
        assertThat(end.ext("nextBeginOffset")).isEqualTo("1");
        assertThat(end.body()).isEmpty();
        Frame far = harness.send(RequestCode.PULL_MESSAGE, pull(9));
        assertThat(far.code()).isEqualTo(ResponseCode.PULL_OFFSET_MOVED);
        assertThat(far.ext("nextBeginOffset")).as("the max offset").isEqualTo("1");
        Frame empty = harness.send(RequestCode.PULL_MESSAGE, pull(0).queueId(1));
        assertThat(empty.code()).as("an empty queue at 0").isEqualTo(ResponseCode.PULL_NOT_FOUND);
    }

    @Test
    void theCommitBitCommitsTheConsumersOffset() {
        store.put(TOPIC, 0, "one");
        harness.send(RequestCode.PULL_MESSAGE, pull(0).sysFlag(SUBSCRIPTION | COMMIT).commitOffset(1));
        assertThat(offsets.committed(GROUP, TOPIC, 0)).isEqualTo(1);
    }

    @Test
    void aGroupOutsideTheRuleOrTheSchedulesOwnIsRefusedAndCommitsNothing() {
        store.put(TOPIC, 0, "one");
        Frame slash = harness.send(RequestCode.PULL_MESSAGE, pull(0).consumerGroup("x/y").sysFlag(SUBSCRIPTION | COMMIT)
            .commitOffset(1));
        assertThat(slash.code()).isEqualTo(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST);
        assertThat(slash.remark()).startsWith("The specified group: x/y, contains illegal characters");
        Frame schedule = harness.send(RequestCode.PULL_MESSAGE, pull(0).consumerGroup(Names.SCHEDULE_PROGRESS_GROUP)
            .sysFlag(SUBSCRIPTION | COMMIT).commitOffset(1));
        assertThat(schedule.code()).isEqualTo(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST);
        assertThat(offsets.committed("x/y", TOPIC, 0)).isEqualTo(ConsumerOffsets.NONE);
        assertThat(offsets.committed(Names.SCHEDULE_PROGRESS_GROUP, TOPIC, 0)).isEqualTo(ConsumerOffsets.NONE);
    }

    @Test
    void aHeldPullIsAnsweredWhenAMessageArrives() {
        harness.connection().sendHeld(RequestCode.PULL_MESSAGE, pull(0).sysFlag(SUBSCRIPTION | SUSPEND), null);
        assertThat(scheduler.doWork()).as("the timeout taken in, not due").isEqualTo(1);
        store.put(TOPIC, 0, "late");
        Frame found = harness.next();
        assertThat(found.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(bodies(found.body())).containsExactly("late");
        assertThat(found.ext("nextBeginOffset")).isEqualTo("1");
        clock.advanceMillis(SUSPEND_MAX);
        assertThat(scheduler.doWork()).as("the cancelled timeout taken out, not run").isEqualTo(1);
        assertThat(harness.next()).as("answered once").isNull();
    }

    @Test
    void aHeldPullIsAnsweredNotFoundWhenItsHoldEnds() {
        harness.connection().sendHeld(RequestCode.PULL_MESSAGE, pull(0).sysFlag(SUBSCRIPTION | SUSPEND)
            .suspendTimeoutMillis(5_000), null);
        clock.advanceMillis(4_999);
        assertThat(scheduler.doWork()).as("the timeout taken in, not due").isEqualTo(1);
        assertThat(harness.next()).as("still held").isNull();
        clock.advanceMillis(1);
        assertThat(scheduler.doWork()).as("the timeout ran").isEqualTo(1);
        Frame timedOut = harness.next();
        assertThat(timedOut.isResponse()).isTrue();
        assertThat(timedOut.code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
        assertThat(timedOut.ext("nextBeginOffset")).isEqualTo("0");
    }

    @Test
    void theHoldIsCappedByTheBrokersSuspendMax() {
        harness.connection().sendHeld(RequestCode.PULL_MESSAGE, pull(0).sysFlag(SUBSCRIPTION | SUSPEND)
            .suspendTimeoutMillis(60_000), null);
        scheduler.doWork();
        clock.advanceMillis(SUSPEND_MAX - 1);
        assertThat(scheduler.doWork()).isZero();
        clock.advanceMillis(1);
        assertThat(scheduler.doWork()).isEqualTo(1);
        assertThat(harness.next().code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
    }

    @Test
    void aHeldPullWhoseConnectionClosedIsDroppedWhenItsHoldEnds() {
        Connection consumer = harness.connect();
        // a body the pull ignores: its release (checked when the harness closes) shows the exchange was closed
        consumer.sendHeld(RequestCode.PULL_MESSAGE, pull(0).sysFlag(SUBSCRIPTION | SUSPEND), ProcessorHarness.utf8("x"));
        consumer.close();
        scheduler.doWork();
        clock.advanceMillis(SUSPEND_MAX);
        scheduler.doWork(); // the timeout was cancelled at the close: nothing runs
        assertThat(consumer.next()).as("nobody to answer: closed, its request released").isNull();
    }

    @Test
    void theHeldPullsOfAClosedConnectionAreReleasedAtOnceNotAtTheirTimeout() {
        Connection consumer = harness.connect();
        for (int queue = 0; queue < 2; queue++) {
            consumer.sendHeld(RequestCode.PULL_MESSAGE, pull(0).queueId(queue).sysFlag(SUBSCRIPTION | SUSPEND),
                ProcessorHarness.utf8("x".repeat(64 * 1024)));
        }
        assertThat(processor.heldPulls()).isEqualTo(2);
        assertThat(harness.requestsReleased()).as("held: the pulls keep their bytes").isFalse();

        consumer.close();

        assertThat(processor.heldPulls()).as("no pull held for a closed connection").isZero();
        assertThat(harness.requestsReleased()).as("released with the connection, before any timeout").isTrue();
        store.put(TOPIC, 0, "after the close");
        clock.advanceMillis(SUSPEND_MAX);
        scheduler.doWork();
        scheduler.doWork();
        assertThat(consumer.next()).as("nothing answered on the closed connection").isNull();
    }

    @Test
    void aConnectionHoldsAtMostTheLimitOfPulls() {
        Connection consumer = harness.connect();
        for (int i = 0; i < MAX_HELD; i++) {
            consumer.sendHeld(RequestCode.PULL_MESSAGE, pull(0).sysFlag(SUBSCRIPTION | SUSPEND), null);
        }
        Frame refused = consumer.send(RequestCode.PULL_MESSAGE, pull(0).queueId(1).sysFlag(SUBSCRIPTION | SUSPEND), null);
        assertThat(refused.code()).isEqualTo(ResponseCode.SYSTEM_BUSY);
        assertThat(refused.remark()).contains("maxHeldPullsPerConnection").contains(String.valueOf(MAX_HELD));
        harness.connection().sendHeld(RequestCode.PULL_MESSAGE, pull(0).sysFlag(SUBSCRIPTION | SUSPEND), null);
        assertThat(processor.heldPulls()).as("another connection holds its own").isEqualTo(MAX_HELD + 1);

        store.put(TOPIC, 0, "one");
        for (int i = 0; i < MAX_HELD; i++) {
            assertThat(consumer.next().code()).isEqualTo(ResponseCode.SUCCESS);
        }
        assertThat(harness.next().code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(processor.heldPulls()).as("answered pulls free their places").isZero();
        consumer.sendHeld(RequestCode.PULL_MESSAGE, pull(0).queueId(1).sysFlag(SUBSCRIPTION | SUSPEND), null);
        assertThat(processor.heldPulls()).isEqualTo(1);
        consumer.close();
        assertThat(processor.heldPulls()).isZero();
    }

    @Test
    void theBrokerHoldsAtMostItsLimitOfPullsOverEveryConnectionAndAClosedOneGivesItsPlacesBack() {
        Connection first = harness.connect();
        Connection second = harness.connect();
        for (int i = 0; i < MAX_HELD; i++) {
            first.sendHeld(RequestCode.PULL_MESSAGE, pull(0).sysFlag(SUBSCRIPTION | SUSPEND), null);
        }
        for (int i = MAX_HELD; i < MAX_HELD_TOTAL; i++) {
            second.sendHeld(RequestCode.PULL_MESSAGE, pull(0).sysFlag(SUBSCRIPTION | SUSPEND), null);
        }
        assertThat(heldLimits.held()).isEqualTo(MAX_HELD_TOTAL);
        Frame refused = harness.send(RequestCode.PULL_MESSAGE, pull(0).sysFlag(SUBSCRIPTION | SUSPEND), null);
        assertThat(refused.code()).isEqualTo(ResponseCode.SYSTEM_BUSY);
        assertThat(refused.remark()).contains("maxHeldPulls)").contains(String.valueOf(MAX_HELD_TOTAL));

        first.close();
        assertThat(heldLimits.held()).as("a closed connection gives its places back").isEqualTo(MAX_HELD_TOTAL - MAX_HELD);
        harness.connection().sendHeld(RequestCode.PULL_MESSAGE, pull(0).sysFlag(SUBSCRIPTION | SUSPEND), null);
        store.put(TOPIC, 0, "one");
        for (int i = MAX_HELD; i < MAX_HELD_TOTAL; i++) {
            assertThat(second.next().code()).isEqualTo(ResponseCode.SUCCESS);
        }
        assertThat(harness.next().code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(heldLimits.held()).as("answered pulls give their places back").isZero();

        harness.connection().sendHeld(RequestCode.PULL_MESSAGE, pull(1).sysFlag(SUBSCRIPTION | SUSPEND), null);
        assertThat(heldLimits.held()).isEqualTo(1);
        scheduler.doWork();
        clock.advanceMillis(SUSPEND_MAX);
        scheduler.doWork();
        assertThat(harness.next().code()).as("answered at its timeout").isEqualTo(ResponseCode.PULL_NOT_FOUND);
        assertThat(heldLimits.held()).as("a timed-out pull gives its place back").isZero();
    }

    @Test
    void refusalsCarryRocketMqsCodesAndRemarks() {
        Frame unknown = harness.send(RequestCode.PULL_MESSAGE, pull(0).topic("Nowhere"));
        assertThat(unknown.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        assertThat(unknown.remark()).isEqualTo("topic[Nowhere] not exist, apply first please!");

        topics.createIfAbsent("WriteOnly", 1, Permission.WRITE);
        Frame forbidden = harness.send(RequestCode.PULL_MESSAGE, pull(0).topic("WriteOnly"));
        assertThat(forbidden.code()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(forbidden.remark()).isEqualTo("the topic[WriteOnly] pulling message is forbidden");

        Frame badQueue = harness.send(RequestCode.PULL_MESSAGE, pull(0).queueId(2));
        assertThat(badQueue.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(badQueue.remark()).startsWith("queueId[2] is illegal, topic:[TopicTest] topicConfig.readQueueNums:[2]");

        Frame noSubscription = harness.send(RequestCode.PULL_MESSAGE, pull(0).sysFlag(0));
        assertThat(noSubscription.code()).isEqualTo(ResponseCode.SUBSCRIPTION_NOT_EXIST);
        assertThat(noSubscription.remark()).isEqualTo("the consumer's subscription not exist");

        Frame sql = harness.send(RequestCode.PULL_MESSAGE, pull(0).subscription("a > 1").expressionType("SQL92"));
        assertThat(sql.code()).as("property filters are off").isEqualTo(ResponseCode.SYSTEM_ERROR);

        Frame malformed = harness.sendRaw(RequestCode.PULL_MESSAGE, Map.of("topic", TOPIC), null);
        assertThat(malformed.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(malformed.remark()).startsWith("bad pull header: ");

        assertThat(harness.sendOneway(RequestCode.PULL_MESSAGE, pull(0), null)).as("oneway: never answered").isTrue();
    }

    private static PullMessageRequestHeader pull(long offset) {
        return new PullMessageRequestHeader().consumerGroup(GROUP).topic(TOPIC).queueId(0).queueOffset(offset)
            .maxMsgNums(32).sysFlag(SUBSCRIPTION).suspendTimeoutMillis(15_000).subscription("*").expressionType("TAG");
    }

    private static List<String> bodies(byte[] records) {
        ByteBuffer buffer = ByteBuffer.wrap(records);
        StoredRecord record = new StoredRecord();
        List<String> bodies = new ArrayList<>();
        for (int position = 0; position < records.length; position += record.totalSize()) {
            record.wrap(buffer, position);
            bodies.add(StandardCharsets.UTF_8.decode(buffer.slice(record.bodyOffset(), record.bodyLength())).toString());
        }
        return bodies;
    }
}
