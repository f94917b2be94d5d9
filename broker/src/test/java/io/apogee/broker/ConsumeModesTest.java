package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.OfficialClients.Received;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The official 5.4.0 consumers in their other modes against one shared Apogee broker: lite pull by subscription and
 * by assignment with seeks (to the end, by timestamp), where a new push group starts, broadcast, and tag filters.
 */
class ConsumeModesTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final long POLL_DEADLINE_NANOS = DEADLINE.toNanos();

    @TempDir
    static Path dir;
    private static TestBroker broker;
    private static DefaultMQProducer producer;

    @BeforeAll
    static void start() throws Exception {
        // the broadcast consumers keep their offsets in local files, here rather than under the user's home
        System.setProperty("rocketmq.client.localOffsetStoreDir", dir.resolve("client-offsets").toString());
        broker = TestBroker.start(dir.resolve("broker"));
        producer = OfficialClients.producer(broker.address(), "PG-modes");
    }

    @AfterAll
    static void stop() {
        if (producer != null) {
            producer.shutdown();
        }
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void aLitePullConsumerSubscribedToATopicPollsEveryMessage() throws Exception {
        String topic = "LiteSubscribeTopic";
        Set<String> sent = send(topic, "TagA", 0, 12);
        DefaultLitePullConsumer consumer = OfficialClients.litePullConsumer(broker.address(), "LG-subscribe");
        Set<String> polled = new HashSet<>();
        try {
            consumer.subscribe(topic, "*");
            consumer.start();
            pollUntil(consumer, polled, sent.size());
        } finally {
            consumer.shutdown();
        }
        assertThat(polled).containsExactlyInAnyOrderElementsOf(sent);
    }

    @Test
    void anAssignedLitePullConsumerSeeksByTimestampAndToTheEnd() throws Exception {
        String topic = "LiteSeekTopic";
        send(topic, "TagA", 0, 6);
        Thread.sleep(20); // store timestamps are in milliseconds: the next sends must carry later ones
        long between = System.currentTimeMillis();
        Thread.sleep(20);
        Set<String> later = send(topic, "TagA", 6, 6);
        DefaultLitePullConsumer consumer = OfficialClients.litePullConsumer(broker.address(), "LG-seek");
        try {
            consumer.start();
            Collection<MessageQueue> queues = consumer.fetchMessageQueues(topic);
            consumer.assign(queues);
            for (MessageQueue queue : queues) {
                consumer.seek(queue, consumer.offsetForTimestamp(queue, between)); // SEARCH_OFFSET_BY_TIMESTAMP
            }
            Set<String> fromTimestamp = new HashSet<>();
            pollUntil(consumer, fromTimestamp, later.size());
            assertThat(fromTimestamp).as("the messages stored after the timestamp").containsExactlyInAnyOrderElementsOf(later);

            for (MessageQueue queue : queues) {
                consumer.seekToEnd(queue); // GET_MAX_OFFSET
            }
            Set<String> last = send(topic, "TagA", 12, 4);
            Set<String> fromEnd = new HashSet<>();
            pollUntil(consumer, fromEnd, last.size());
            assertThat(fromEnd).as("only what was sent after the seek to the end").containsExactlyInAnyOrderElementsOf(last);
        } finally {
            consumer.shutdown();
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
        for (ConsumeFromWhere from : List.of(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET,
            ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET, ConsumeFromWhere.CONSUME_FROM_TIMESTAMP)) {
            Received received = new Received();
            DefaultMQPushConsumer consumer = OfficialClients.pushConsumer(broker.address(), "CG-" + from.name(), topic, "*",
                from, received);
            consumer.setConsumeTimestamp("20261130000000");
            try {
                consumer.start();
                TestBroker.await(() -> received.total() >= sent.size(), DEADLINE, "every message for " + from);
            } finally {
                consumer.shutdown();
            }
            assertThat(received.messages().keySet()).as(from.name()).containsExactlyInAnyOrderElementsOf(sent);
        }
    }

    @Test
    void broadcastConsumersOfOneGroupEachReceiveEveryMessage() throws Exception {
        String topic = "BroadcastTopic";
        Set<String> sent = send(topic, "TagA", 0, 10);
        Received first = new Received();
        Received second = new Received();
        DefaultMQPushConsumer one = broadcastConsumer(topic, first);
        DefaultMQPushConsumer two = broadcastConsumer(topic, second);
        try {
            one.start();
            two.start();
            TestBroker.await(() -> first.total() >= sent.size() && second.total() >= sent.size(), DEADLINE,
                "both consumers to receive every message");
        } finally {
            one.shutdown();
            two.shutdown();
        }
        assertThat(first.messages().keySet()).containsExactlyInAnyOrderElementsOf(sent);
        assertThat(second.messages().keySet()).containsExactlyInAnyOrderElementsOf(sent);
        assertThat(broker.context().store().metadata().offsets().offset("CG-broadcast", topic, 0))
            .as("a broadcast group keeps its offsets on the client").isNegative();
    }

    private static DefaultMQPushConsumer broadcastConsumer(String topic, Received into) throws Exception {
        DefaultMQPushConsumer consumer = OfficialClients.pushConsumer(broker.address(), "CG-broadcast", topic, "*",
            ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, into);
        consumer.setMessageModel(MessageModel.BROADCASTING);
        return consumer;
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
        Received received = new Received();
        DefaultMQPushConsumer consumer = OfficialClients.pushConsumer(broker.address(), "CG-tags", topic, "TagA || TagB",
            ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, received);
        try {
            consumer.start();
            TestBroker.await(() -> received.total() >= wanted.size(), DEADLINE, "the TagA and TagB messages");
            // the group has moved past the last TagC messages too: nothing else can still arrive
            TestBroker.await(() -> broker.committed("CG-tags", topic, 4) == 20, DEADLINE,
                "the group's offsets to pass every message");
        } finally {
            consumer.shutdown();
        }
        assertThat(afterwards).isNotEmpty();
        assertThat(received.messages().keySet()).containsExactlyInAnyOrderElementsOf(wanted);
        assertThat(received.messages().values()).extracting(MessageExt::getTags).containsOnly("TagA", "TagB");
    }

    /** Sends {@code count} messages numbered from {@code first}; returns their message ids. */
    private static Set<String> send(String topic, String tag, int first, int count) throws Exception {
        Set<String> ids = new HashSet<>();
        for (int i = first; i < first + count; i++) {
            Message message = new Message(topic, tag, "key-" + i, ("body " + i).getBytes(StandardCharsets.UTF_8));
            ids.add(producer.send(message).getMsgId());
        }
        return ids;
    }

    private static void pollUntil(DefaultLitePullConsumer consumer, Set<String> into, int expected) {
        long deadline = System.nanoTime() + POLL_DEADLINE_NANOS;
        List<MessageExt> polled = new ArrayList<>();
        while (into.size() < expected && System.nanoTime() < deadline) {
            polled.addAll(consumer.poll());
            polled.forEach(message -> into.add(message.getMsgId()));
            polled.clear();
        }
    }
}
