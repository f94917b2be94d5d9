package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.schedule.ScheduleTopic;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Properties;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageConst;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Delayed messages with the official 5.4.0 client: a message sent with a delay level reaches its consumer no sooner
 * than the level's delay and not long after, from the schedule topic, also when the broker restarts while it waits.
 */
class DelayedMessageTest {
    /** How late a delivery may be on a busy test machine (the service looks every 100 ms). */
    private static final long SLACK_MILLIS = 6_000;
    private static final Duration DEADLINE = Duration.ofSeconds(40);

    @TempDir
    Path dir;

    @Test
    void aDelayedMessageArrivesAfterItsLevelsDelayWithItsRealTopic() throws Exception {
        Properties levels = new Properties();
        levels.setProperty("messageDelayLevel", "1s 2s 3s");
        try (TestBroker broker = TestBroker.start(dir, levels)) {
            String topic = "DelayedTopic";
            DefaultMQProducer producer = OfficialClients.producer(broker.address(), "PG-delay");
            Arrivals arrivals = new Arrivals();
            DefaultMQPushConsumer consumer = null;
            try {
                producer.send(new Message(topic, "TagA", Arrivals.WARM_UP.getBytes(StandardCharsets.UTF_8)));
                consumer = arrivals.consume(broker.address(), "CG-delay", topic);
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
                    Arrivals.Arrival arrival = arrivals.of(sent.getKey());
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

    @Test
    void level3WaitsItsTenSecondsAcrossABrokerRestart() throws Exception {
        String topic = "DelayedAcrossRestart";
        long sentAt;
        String id;
        try (TestBroker broker = TestBroker.start(dir)) {
            DefaultMQProducer producer = OfficialClients.producer(broker.address(), "PG-delay-restart");
            try {
                sentAt = System.currentTimeMillis();
                id = send(producer, topic, "ten seconds", 3).getMsgId();
            } finally {
                producer.shutdown();
            }
        }
        try (TestBroker broker = TestBroker.start(dir)) {
            Arrivals arrivals = new Arrivals();
            DefaultMQPushConsumer consumer = arrivals.consume(broker.address(), "CG-delay-restart", topic);
            try {
                TestBroker.await(() -> arrivals.has(id), DEADLINE, "the delayed message after the restart");
            } finally {
                consumer.shutdown();
            }
            assertThat(arrivals.of(id).millis() - sentAt).isGreaterThanOrEqualTo(10_000).isLessThan(10_000 + SLACK_MILLIS);
            assertThat(arrivals.of(id).body()).isEqualTo("ten seconds");
        }
    }

    private static SendResult send(DefaultMQProducer producer, String topic, String body, int level) throws Exception {
        Message message = new Message(topic, "TagA", body.getBytes(StandardCharsets.UTF_8));
        message.setDelayTimeLevel(level);
        SendResult result = producer.send(message);
        assertThat(result.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        return result;
    }
}
