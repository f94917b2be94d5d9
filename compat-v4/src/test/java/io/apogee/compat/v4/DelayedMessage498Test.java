package io.apogee.compat.v4;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.TestBroker;
import io.apogee.broker.schedule.ScheduleTopic;
import io.apogee.compat.v4.Clients498.Received;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Delayed messages with the official 4.9.8 client, as the broker's {@code DelayedMessageTest} proves them with 5.4.0:
 * a message sent with a delay level reaches its consumer through the schedule topic no sooner than the level's delay
 * and not long after, on its real topic; a level above the last waits as long as the last.
 *
 * <p>Its steps repeat that test's on purpose: the two client versions' classes cannot share a class path, so neither
 * can one test compiled against them.
 */
class DelayedMessage498Test {
    /** How late a delivery may be on a busy test machine (the service looks every 100 ms). */
    private static final long SLACK_MILLIS = 6_000;
    private static final Duration DEADLINE = Duration.ofSeconds(40);
    private static final String WARM_UP = "warm-up";

    @TempDir
    Path dir;

    @Test
    void aDelayedMessageArrivesAfterItsLevelsDelayWithItsRealTopic() throws Exception {
        Properties levels = new Properties();
        levels.setProperty("messageDelayLevel", "1s 2s 3s");
        try (TestBroker broker = TestBroker.start(dir, levels)) {
            String topic = "Delayed498";
            DefaultMQProducer producer = Clients498.producer(broker.address(), "PG-delay498");
            Map<String, Arrival> arrivals = new ConcurrentHashMap<>();
            DefaultMQPushConsumer consumer = null;
            try {
                // creates the topic, so that the consumer finds its route when it starts
                producer.send(new Message(topic, "TagA", WARM_UP.getBytes(StandardCharsets.UTF_8)));
                consumer = consumer(broker.address(), "CG-delay498", topic, arrivals);
                Map<String, Long> sentAt = new ConcurrentHashMap<>();
                // each delay counts from before its send: the broker's store time lies between the two
                for (String[] body : new String[][] {{"level-3", "3"}, {"level-9-capped-to-3", "9"}, {"level-1", "1"}}) {
                    long before = System.currentTimeMillis();
                    sentAt.put(send(producer, topic, body[0], Integer.parseInt(body[1])).getMsgId(), before);
                }
                // level 3 and the capped level 9 wait on the schedule queue of level 3 (dispatched soon after the acks)
                TestBroker.await(() -> broker.context().store().maxOffset(ScheduleTopic.NAME, 2) == 2, DEADLINE,
                    "two messages on the schedule queue of level 3");
                TestBroker.await(() -> arrivals.size() == sentAt.size(), DEADLINE, "the delayed messages");
                for (Map.Entry<String, Long> sent : sentAt.entrySet()) {
                    Arrival arrival = arrivals.get(sent.getKey());
                    long delay = arrival.body().equals("level-1") ? 1_000 : 3_000;
                    assertThat(arrival.millis() - sent.getValue()).as(arrival.body())
                        .isGreaterThanOrEqualTo(delay).isLessThan(delay + SLACK_MILLIS);
                    assertThat(arrival.message().getTopic()).isEqualTo(topic);
                    assertThat(arrival.message().getProperty(MessageConst.PROPERTY_REAL_TOPIC)).isEqualTo(topic);
                    assertThat(arrival.message().getDelayTimeLevel()).isZero();
                    assertThat(arrival.message().getTags()).isEqualTo("TagA");
                }
            } finally {
                if (consumer != null) {
                    consumer.shutdown();
                }
                producer.shutdown();
            }
        }
    }

    private static SendResult send(DefaultMQProducer producer, String topic, String body, int level) throws Exception {
        Message message = new Message(topic, "TagA", body.getBytes(StandardCharsets.UTF_8));
        message.setDelayTimeLevel(level);
        SendResult result = producer.send(message);
        assertThat(result.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        return result;
    }

    /** A started consumer of {@code topic} recording when each message but the warm-up first arrives. */
    private static DefaultMQPushConsumer consumer(String address, String group, String topic, Map<String, Arrival> into)
        throws Exception {
        DefaultMQPushConsumer consumer = Clients498.pushConsumer(address, group, topic, "*",
            ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, new Received());
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            long now = System.currentTimeMillis();
            for (MessageExt message : messages) {
                String body = Clients498.body(message);
                if (!body.equals(WARM_UP)) {
                    into.putIfAbsent(message.getMsgId(), new Arrival(message, body, now));
                }
            }
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        return consumer;
    }

    /** A delivery and when it came. */
    private record Arrival(MessageExt message, String body, long millis) {
    }
}
