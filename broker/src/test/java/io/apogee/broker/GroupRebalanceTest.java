package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Group membership through heartbeats, GET_CONSUMER_LIST_BY_GROUP and NOTIFY_CONSUMER_IDS_CHANGED: two official push
 * consumers split a topic's queues, and the one that stays takes them all when the other leaves.
 */
class GroupRebalanceTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void twoConsumersSplitTheQueuesAndOneTakesAllWhenTheOtherLeaves() throws Exception {
        try (TestBroker broker = TestBroker.start(dir)) {
            String topic = "GroupTopic";
            DefaultMQProducer producer = new DefaultMQProducer("PG-group");
            producer.setNamesrvAddr(broker.address());
            producer.setInstanceName("PG-group-" + System.nanoTime());
            producer.setClientIP("127.0.0.1");
            producer.start();
            DefaultMQPushConsumer first = consumer(broker, topic);
            DefaultMQPushConsumer second = consumer(broker, topic);
            try {
                producer.send(new Message(topic, "created".getBytes(StandardCharsets.UTF_8)));
                first.start();
                TestBroker.await(() -> queueIds(first, topic).size() == 4, DEADLINE, "the first consumer to hold 4 queues");
                second.start();
                TestBroker.await(() -> queueIds(first, topic).size() == 2 && queueIds(second, topic).size() == 2, DEADLINE,
                    "the two consumers to split the queues");
                assertThat(queueIds(first, topic)).doesNotContainAnyElementsOf(queueIds(second, topic));
                second.shutdown();
                TestBroker.await(() -> queueIds(first, topic).size() == 4, DEADLINE, "the remaining consumer to take all queues");
            } finally {
                first.shutdown();
                second.shutdown();
                producer.shutdown();
            }
        }
    }

    private static DefaultMQPushConsumer consumer(TestBroker broker, String topic) throws Exception {
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer("CG-group");
        consumer.setNamesrvAddr(broker.address());
        consumer.setInstanceName("CG-group-" + System.nanoTime());
        consumer.setClientIP("127.0.0.1");
        consumer.subscribe(topic, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) ->
            ConsumeConcurrentlyStatus.CONSUME_SUCCESS);
        return consumer;
    }

    // the official consumer shows which queues it holds only through its deprecated implementation accessor
    @SuppressWarnings("deprecation")
    private static Set<Integer> queueIds(DefaultMQPushConsumer consumer, String topic) {
        return consumer.getDefaultMQPushConsumerImpl().getRebalanceImpl().getProcessQueueTable().keySet().stream()
            .filter(queue -> queue.getTopic().equals(topic)).map(MessageQueue::getQueueId).collect(Collectors.toSet());
    }
}
