package io.apogee.compat.v4;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.TestBroker;
import io.apogee.compat.v4.Clients498.Received;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.common.protocol.heartbeat.MessageModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The official RocketMQ 4.9.8 client, unchanged, against one shared Apogee broker that is also its name server:
 * every kind of send, push consumers in clustering and broadcast mode, rebalancing, lite pull by subscription and by
 * assignment with seeks, where a new group starts, and tag filters. Runs a second time with binary (ROCKETMQ) headers.
 */
class Client498Test {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final long LARGE_BODY_SEED = 0x498;

    @TempDir
    static Path dir;
    private static TestBroker broker;
    private static DefaultMQProducer producer;

    @BeforeAll
    static void start() throws Exception {
        // the broadcast consumers keep their offsets in local files, here rather than under the user's home
        System.setProperty("rocketmq.client.localOffsetStoreDir", dir.resolve("client-offsets").toString());
        broker = TestBroker.start(dir.resolve("broker"));
        producer = Clients498.producer(broker.address(), "PG-498");
    }

    @AfterAll
    static void stop() {
        Clients498.stop(producer, broker);
    }

    @Test
    void syncAsyncOnewayBatchAndCompressedSendsReachAPushConsumerOnceIntact() throws Exception {
        String topic = "Sends498";
        Map<String, Message> sent = new ConcurrentHashMap<>();
        for (int i = 0; i < 5; i++) {
            Message message = message(topic, i);
            SendResult result = producer.send(message);
            assertThat(result.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            assertThat(result.getOffsetMsgId()).hasSize(32);
            sent.put(result.getMsgId(), message);
        }
        List<Message> batch = List.of(message(topic, 5), message(topic, 6), message(topic, 7));
        String[] batchIds = producer.send(batch).getMsgId().split(",");
        for (int i = 0; i < batch.size(); i++) {
            sent.put(batchIds[i], batch.get(i));
        }
        CountDownLatch acknowledged = new CountDownLatch(3);
        for (int i = 8; i < 11; i++) {
            Message message = message(topic, i);
            producer.send(message, new SendCallback() {
                @Override
                public void onSuccess(SendResult result) {
                    sent.put(result.getMsgId(), message);
                    acknowledged.countDown();
                }

                @Override
                public void onException(Throwable failure) {
                    // the latch then times out and the test fails
                }
            });
        }
        assertThat(acknowledged.await(DEADLINE.toSeconds(), TimeUnit.SECONDS)).as("async sends acknowledged").isTrue();
        Random random = new Random(LARGE_BODY_SEED);
        byte[] large = new byte[10 * 1024]; // over 4 KiB: the producer compresses it
        random.nextBytes(large);
        Message compressed = new Message(topic, "TagL", "key-large", large);
        compressed.putUserProperty("seq", "large");
        sent.put(producer.send(compressed).getMsgId(), compressed);
        Set<String> oneway = new HashSet<>();
        for (int i = 11; i < 13; i++) {
            producer.sendOneway(message(topic, i));
            oneway.add(Integer.toString(i));
        }

        Received received = new Received();
        DefaultMQPushConsumer consumer = Clients498.pushConsumer(broker.address(), "CG-sends498", topic, "*",
            ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, received);
        try {
            consumer.start();
            TestBroker.await(() -> received.total() >= sent.size() + oneway.size(), DEADLINE, "every message");
        } finally {
            consumer.shutdown();
        }
        assertThat(received.maxCount()).as("deliveries per message").isEqualTo(1);
        Set<String> seqs = new HashSet<>();
        for (MessageExt actual : received.messages().values()) {
            seqs.add(actual.getUserProperty("seq"));
            Message expected = sent.get(actual.getMsgId());
            if (expected == null) {
                continue; // a oneway send: no message id came back, its seq is checked below
            }
            assertThat(actual.getBody()).isEqualTo(expected.getBody());
            assertThat(actual.getTags()).isEqualTo(expected.getTags());
            assertThat(actual.getKeys()).isEqualTo(expected.getKeys());
            assertThat(actual.getUserProperty("seq")).isEqualTo(expected.getUserProperty("seq"));
        }
        assertThat(seqs).containsAll(oneway).hasSize(sent.size() + oneway.size());
    }

    @Test
    void twoPushConsumersSplitTheQueuesAndOneTakesAllWhenTheOtherLeaves() throws Exception {
        String topic = "Group498";
        producer.send(message(topic, 0));
        Received received = new Received();
        DefaultMQPushConsumer first = Clients498.pushConsumer(broker.address(), "CG-group498", topic, "*",
            ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, received);
        DefaultMQPushConsumer second = Clients498.pushConsumer(broker.address(), "CG-group498", topic, "*",
            ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, received);
        try {
            first.start();
            TestBroker.await(() -> Clients498.queueIds(first, topic).size() == 4, DEADLINE, "the first consumer to hold 4 queues");
            second.start();
            TestBroker.await(() -> Clients498.queueIds(first, topic).size() == 2 && Clients498.queueIds(second, topic).size() == 2,
                DEADLINE, "the two consumers to split the queues");
            assertThat(Clients498.queueIds(first, topic)).doesNotContainAnyElementsOf(Clients498.queueIds(second, topic));
            second.shutdown();
            TestBroker.await(() -> Clients498.queueIds(first, topic).size() == 4, DEADLINE, "the remaining consumer to take all");
        } finally {
            first.shutdown();
            second.shutdown();
        }
    }

    @Test
    void aLitePullConsumerSubscribedToATopicPollsEveryMessage() throws Exception {
        String topic = "LiteSubscribe498";
        Set<String> sent = send(topic, "TagA", 0, 10);
        DefaultLitePullConsumer consumer = Clients498.litePullConsumer(broker.address(), "LG-subscribe498");
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
    void anAssignedLitePullConsumerSeeksToTheStartByTimestampAndToTheEnd() throws Exception {
        String topic = "LiteSeek498";
        Set<String> early = send(topic, "TagA", 0, 6);
        Thread.sleep(20); // store timestamps are in milliseconds: the next sends must carry later ones
        long between = System.currentTimeMillis();
        Thread.sleep(20);
        Set<String> later = send(topic, "TagA", 6, 6);
        DefaultLitePullConsumer consumer = Clients498.litePullConsumer(broker.address(), "LG-seek498");
        try {
            consumer.start();
            Collection<MessageQueue> queues = consumer.fetchMessageQueues(topic);
            consumer.assign(queues);
            for (MessageQueue queue : queues) {
                consumer.seek(queue, consumer.offsetForTimestamp(queue, between));
            }
            Set<String> fromTimestamp = new HashSet<>();
            pollUntil(consumer, fromTimestamp, later.size());
            assertThat(fromTimestamp).containsExactlyInAnyOrderElementsOf(later);

            for (MessageQueue queue : queues) {
                consumer.seekToBegin(queue);
            }
            Set<String> fromStart = new HashSet<>();
            pollUntil(consumer, fromStart, early.size() + later.size());
            assertThat(fromStart).containsAll(early).containsAll(later);

            for (MessageQueue queue : queues) {
                consumer.seekToEnd(queue);
            }
            Set<String> last = send(topic, "TagA", 12, 4);
            Set<String> fromEnd = new HashSet<>();
            pollUntil(consumer, fromEnd, last.size());
            assertThat(fromEnd).containsExactlyInAnyOrderElementsOf(last);
        } finally {
            consumer.shutdown();
        }
    }

    /** As with RocketMQ's broker: a new group reads a queue that still starts at 0 from there, whatever it asks. */
    @Test
    void aNewPushGroupReadsAQueueThatStillStartsAtZeroFromItsStartWhateverItAsks() throws Exception {
        String topic = "Start498";
        Set<String> sent = send(topic, "TagA", 0, 8);
        for (ConsumeFromWhere from : List.of(ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET,
            ConsumeFromWhere.CONSUME_FROM_TIMESTAMP)) {
            Received received = new Received();
            DefaultMQPushConsumer consumer = Clients498.pushConsumer(broker.address(), "CG-498-" + from.name(), topic, "*",
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
        String topic = "Broadcast498";
        Set<String> sent = send(topic, "TagA", 0, 10);
        Received first = new Received();
        Received second = new Received();
        DefaultMQPushConsumer one = Clients498.pushConsumer(broker.address(), "CG-broadcast498", topic, "*",
            ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, first);
        DefaultMQPushConsumer two = Clients498.pushConsumer(broker.address(), "CG-broadcast498", topic, "*",
            ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, second);
        one.setMessageModel(MessageModel.BROADCASTING);
        two.setMessageModel(MessageModel.BROADCASTING);
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
    }

    @Test
    void aTagExpressionDeliversOnlyTheMessagesWithThoseTags() throws Exception {
        String topic = "Tags498";
        Set<String> wanted = new HashSet<>();
        wanted.addAll(send(topic, "TagA", 0, 4));
        send(topic, "TagC", 4, 4);
        wanted.addAll(send(topic, "TagB", 8, 4));
        Set<String> marker = send(topic, "TagB", 12, 1);
        Received received = new Received();
        DefaultMQPushConsumer consumer = Clients498.pushConsumer(broker.address(), "CG-tags498", topic, "TagA || TagB",
            ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, received);
        try {
            consumer.start();
            wanted.addAll(marker);
            TestBroker.await(() -> received.total() >= wanted.size(), DEADLINE, "the TagA and TagB messages");
        } finally {
            consumer.shutdown();
        }
        assertThat(received.messages().keySet()).containsExactlyInAnyOrderElementsOf(wanted);
        assertThat(received.messages().values()).extracting(MessageExt::getTags).containsOnly("TagA", "TagB");
    }

    private static Message message(String topic, int i) {
        Message message = new Message(topic, i % 2 == 0 ? "TagA" : "TagB", "key-" + i,
            ("body " + i + " ü").getBytes(StandardCharsets.UTF_8));
        message.putUserProperty("seq", Integer.toString(i));
        return message;
    }

    /** Sends {@code count} messages numbered from {@code first}; returns their message ids. */
    private static Set<String> send(String topic, String tag, int first, int count) throws Exception {
        Set<String> ids = new HashSet<>();
        for (int i = first; i < first + count; i++) {
            ids.add(producer.send(new Message(topic, tag, "key-" + i, ("body " + i).getBytes(StandardCharsets.UTF_8))).getMsgId());
        }
        return ids;
    }

    private static void pollUntil(DefaultLitePullConsumer consumer, Set<String> into, int expected) {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        List<MessageExt> polled = new ArrayList<>();
        while (into.size() < expected && System.nanoTime() < deadline) {
            polled.addAll(consumer.poll());
            polled.forEach(message -> into.add(message.getMsgId()));
            polled.clear();
        }
    }
}
