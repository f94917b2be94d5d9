package io.apogee.testsupport.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.apogee.testsupport.Await;
import io.apogee.testsupport.Received;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client's consumers in every mode against one shared broker: push consumers that split and rebalance a group's
 * queues, lite pull by subscription and by assignment with seeks (to an offset, by timestamp, to the start and to the
 * end), where a new push group starts, broadcast, and tag filters. A subclass names the client and the broker ({@link ScenarioTarget}).
 * JUnit runs one instance per class, on one thread.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Tag("slow")
public abstract class ConsumeModeScenarios {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final int QUEUES = 4;

    private BrokerUnderTest broker;
    private DriverProducer producer;
    private ClientDriver driver;

    private final ScenarioTarget target;

    /** Scenarios run by {@code target}'s client against its broker. */
    protected ConsumeModeScenarios(ScenarioTarget target) {
        this.target = target;
    }

    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        driver = target.driver();
        driver.keepLocalFilesIn(dir.resolve("client-files"));
        broker = target.broker().start(dir.resolve("broker"), Map.of());
        producer = driver.producer(broker.address(), "PG-modes");
    }

    @AfterAll
    void stop() {
        if (producer != null) {
            producer.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void twoPushConsumersSplitTheQueuesAndOneTakesAllWhenTheOtherLeaves() throws Exception {
        String topic = "GroupTopic";
        producer.send(Outgoing.of(topic, "TagA", "key-0", "created"));
        Received<Incoming> received = Received.incoming();
        try (DriverPushConsumer first = driver.pushConsumer(broker.address(), PushSpec.of("CG-group", topic), received::record)) {
            first.start();
            Await.until("the first consumer to hold 4 queues", DEADLINE, () -> first.queueIds(topic).size() == QUEUES);
            DriverPushConsumer second = driver.pushConsumer(broker.address(), PushSpec.of("CG-group", topic), received::record);
            try {
                second.start();
                Await.until("the two consumers to split the queues", DEADLINE,
                    () -> first.queueIds(topic).size() == 2 && second.queueIds(topic).size() == 2);
                assertThat(first.queueIds(topic)).doesNotContainAnyElementsOf(second.queueIds(topic));
            } finally {
                second.close();
            }
            Await.until("the remaining consumer to take all queues", DEADLINE, () -> first.queueIds(topic).size() == QUEUES);
        }
    }

    @Test
    void aLitePullConsumerSubscribedToATopicPollsEveryMessage() throws Exception {
        assumeSupported(Feature.LITE_PULL);
        String topic = "LiteSubscribeTopic";
        Set<String> sent = send(topic, "TagA", 0, 12);
        Set<String> polled = new HashSet<>();
        try (DriverLitePull consumer = driver.litePull(broker.address(), "LG-subscribe")) {
            consumer.subscribe(topic, "*");
            consumer.start();
            pollUntil(consumer, polled, sent.size(), "every message of the subscribed topic");
        }
        assertThat(polled).containsExactlyInAnyOrderElementsOf(sent);
    }

    @Test
    void assignedQueuesSeekToOffsetZeroAndPollEveryBody() throws Exception {
        assumeSupported(Feature.LITE_PULL);
        String topic = "LiteTopic";
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            producer.send(Outgoing.of(topic, "TagA", "key-" + i, "lite " + i));
            expected.add("lite " + i);
        }
        // distinct bodies: a pull the client sent before its seek may still deliver (4.9.8 does), at least once
        Set<String> bodies = new HashSet<>();
        try (DriverLitePull consumer = driver.litePull(broker.address(), "LG-lite")) {
            consumer.start();
            List<QueueRef> queues = consumer.queues(topic);
            assertThat(queues).hasSize(QUEUES);
            consumer.assign(queues);
            for (QueueRef queue : queues) {
                consumer.seek(queue, 0);
            }
            Await.until("every body from offset 0", DEADLINE, () -> {
                consumer.poll().forEach(message -> bodies.add(message.text()));
                return bodies.size() >= expected.size();
            });
        }
        assertThat(bodies).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void anAssignedLitePullConsumerSeeksByTimestampToTheStartAndToTheEnd() throws Exception {
        assumeSupported(Feature.LITE_PULL);
        String topic = "LiteSeekTopic";
        Set<String> early = send(topic, "TagA", 0, 6);
        // store timestamps are in milliseconds: the timestamp must fall after the early sends and before the later ones
        long between = nextMillisecond(System.currentTimeMillis());
        nextMillisecond(between);
        Set<String> later = send(topic, "TagA", 6, 6);
        try (DriverLitePull consumer = driver.litePull(broker.address(), "LG-seek")) {
            consumer.start();
            List<QueueRef> queues = consumer.queues(topic);
            consumer.assign(queues);
            for (QueueRef queue : queues) {
                consumer.seek(queue, consumer.offsetForTimestamp(queue, between)); // SEARCH_OFFSET_BY_TIMESTAMP
            }
            Set<String> fromTimestamp = new HashSet<>();
            pollUntil(consumer, fromTimestamp, later.size(), "the messages stored after the timestamp");
            assertThat(fromTimestamp).as("the messages stored after the timestamp").containsExactlyInAnyOrderElementsOf(later);

            for (QueueRef queue : queues) {
                consumer.seekToBegin(queue); // GET_MIN_OFFSET
            }
            Set<String> fromStart = new HashSet<>();
            pollUntil(consumer, fromStart, early.size() + later.size(), "every message from the start");
            assertThat(fromStart).containsAll(early).containsAll(later);

            for (QueueRef queue : queues) {
                consumer.seekToEnd(queue); // GET_MAX_OFFSET
            }
            Set<String> last = send(topic, "TagA", 12, 4);
            Set<String> fromEnd = new HashSet<>();
            pollUntil(consumer, fromEnd, last.size(), "what was sent after the seek to the end");
            assertThat(fromEnd).as("only what was sent after the seek to the end").containsExactlyInAnyOrderElementsOf(last);
        }
    }

    /**
     * RocketMQ's broker answers QUERY_CONSUMER_OFFSET for a group with no offset with 0 while the queue still starts at
     * 0, so a new group reads such a queue from its start whichever ConsumeFromWhere it asks for; only a queue whose
     * start was removed makes LAST_OFFSET and TIMESTAMP go to the end or the timestamp. The same holds here.
     */
    @Test
    void aNewPushGroupReadsAQueueThatStillStartsAtZeroFromItsStartWhateverItAsks() throws Exception {
        String topic = "StartTopic";
        Set<String> sent = send(topic, "TagA", 0, 8);
        for (StartFrom from : StartFrom.values()) {
            if (from != StartFrom.FIRST_OFFSET) {
                assumeSupported(Feature.ZERO_OFFSET_FOR_NEW_GROUPS); // FIRST_OFFSET was checked before this
            }
            Received<Incoming> received = Received.incoming();
            try (DriverPushConsumer consumer = driver.pushConsumer(broker.address(),
                PushSpec.of("CG-" + from.name(), topic).from(from), received::record)) {
                consumer.start();
                Await.until("every message for " + from, DEADLINE, () -> received.total() >= sent.size());
            }
            assertThat(received.messages().keySet()).as(from.name()).containsExactlyInAnyOrderElementsOf(sent);
        }
    }

    @Test
    void broadcastConsumersOfOneGroupEachReceiveEveryMessage() throws Exception {
        assumeSupported(Feature.BROADCAST);
        String topic = "BroadcastTopic";
        Set<String> sent = send(topic, "TagA", 0, 10);
        Received<Incoming> first = Received.incoming();
        Received<Incoming> second = Received.incoming();
        PushSpec spec = PushSpec.of("CG-broadcast", topic).broadcasting();
        try (DriverPushConsumer one = driver.pushConsumer(broker.address(), spec, first::record);
             DriverPushConsumer two = driver.pushConsumer(broker.address(), spec, second::record)) {
            one.start();
            two.start();
            Await.until("both consumers to receive every message", DEADLINE,
                () -> first.total() >= sent.size() && second.total() >= sent.size());
        }
        assertThat(first.messages().keySet()).containsExactlyInAnyOrderElementsOf(sent);
        assertThat(second.messages().keySet()).containsExactlyInAnyOrderElementsOf(sent);
        assertThat(broker.committedOffset("CG-broadcast", topic, 0)).as("a broadcast group keeps its offsets on the client")
            .isNegative();
    }

    @Test
    void aTagExpressionDeliversOnlyTheMessagesWithThoseTags() throws Exception {
        String topic = "TagTopic";
        Set<String> wanted = new HashSet<>();
        wanted.addAll(send(topic, "TagA", 0, 5));
        send(topic, "TagC", 5, 5);
        wanted.addAll(send(topic, "TagB", 10, 5));
        send(topic, null, 15, 2);
        Set<String> afterwards = send(topic, "TagC", 17, 3);
        Received<Incoming> received = Received.incoming();
        try (DriverPushConsumer consumer = driver.pushConsumer(broker.address(),
            PushSpec.of("CG-tags", topic).expression("TagA || TagB"), received::record)) {
            consumer.start();
            Await.until("the TagA and TagB messages", DEADLINE, () -> received.total() >= wanted.size());
            // the group has moved past the last TagC messages too: nothing else can still arrive
            Await.until("the group's offsets to pass every message", DEADLINE,
                () -> broker.committed("CG-tags", topic, QUEUES) == 20);
        }
        assertThat(afterwards).isNotEmpty();
        assertThat(received.messages().keySet()).containsExactlyInAnyOrderElementsOf(wanted);
        assertThat(received.messages().values()).extracting(Incoming::tags).containsOnly("TagA", "TagB");
    }

    private void assumeSupported(Feature feature) {
        assumeTrue(driver.supports(feature), () -> driver.name() + " has no " + feature);
    }

    /** Sends {@code count} messages numbered from {@code first}; returns their message ids. */
    private Set<String> send(String topic, String tag, int first, int count) throws Exception {
        Set<String> ids = new HashSet<>();
        for (int i = first; i < first + count; i++) {
            ids.add(producer.send(Outgoing.of(topic, tag, "key-" + i, "body " + i)).msgId());
        }
        return ids;
    }

    private static void pollUntil(DriverLitePull consumer, Set<String> into, int expected, String what)
        throws InterruptedException {
        Await.until(what, DEADLINE, () -> {
            consumer.poll().forEach(message -> into.add(message.msgId()));
            return into.size() >= expected;
        });
    }

    /** Waits until the wall clock shows a millisecond after {@code millis}; returns it. */
    private static long nextMillisecond(long millis) throws InterruptedException {
        Await.until("the wall clock to pass " + millis, DEADLINE, () -> System.currentTimeMillis() > millis);
        return System.currentTimeMillis();
    }
}
