package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.testsupport.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Retries and dead letters with the official 5.4.0 push consumer: a listener that keeps answering RECONSUME_LATER
 * gets the message again from the group's retry topic after its level's delay, with one more reconsume time each
 * time, and after the consumer's max reconsume times the message is in {@code %DLQ%<group>}, where a consumer of that
 * topic reads it with its origin recorded.
 */
@Tag("slow")
class RetryDeadLetterTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final int MAX_RECONSUME_TIMES = 2;
    /** Level 3 and up (the retries' levels) last 2 s here. */
    private static final String LEVELS = "1s 1s 2s 2s 2s";
    private static final long RETRY_DELAY_MILLIS = 2_000;

    @TempDir
    Path dir;

    @Test
    void aMessageRetriedMaxReconsumeTimesEndsInTheDeadLetterTopic() throws Exception {
        Properties config = new Properties();
        config.setProperty("messageDelayLevel", LEVELS);
        String group = "CG-retry";
        String topic = "RetriedTopic";
        String deadLetters = "%DLQ%" + group;
        try (TestBroker broker = TestBroker.start(dir, config)) {
            // a consumer looks %RETRY%<group> up before its first heartbeat creates it, and again only after 30 s: the
            // group is announced first, as it would be by an earlier run of the application
            SendBackAndLockRequestTest.heartbeat(broker, group);
            DefaultMQProducer producer = OfficialClients.producer(broker.address(), "PG-retry");
            List<Delivery> deliveries = new CopyOnWriteArrayList<>();
            DefaultMQPushConsumer failing = OfficialClients.pushConsumer(broker.address(), group, topic, "*",
                ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, OfficialClients.received());
            failing.setMaxReconsumeTimes(MAX_RECONSUME_TIMES);
            failing.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
                messages.forEach(message -> deliveries.add(new Delivery(message, System.currentTimeMillis())));
                return ConsumeConcurrentlyStatus.RECONSUME_LATER;
            });
            DefaultMQPushConsumer reader = null;
            try {
                SendResult sent = producer.send(new Message(topic, "TagR", "keys-1",
                    "fails every time".getBytes(StandardCharsets.UTF_8)));
                failing.start();
                Await.until("the message in " + deadLetters, DEADLINE,
                    () -> broker.context().store().maxOffset(deadLetters, 0) == 1);
                assertThat(deliveries).hasSize(MAX_RECONSUME_TIMES + 1);
                for (int i = 0; i < deliveries.size(); i++) {
                    MessageExt message = deliveries.get(i).message();
                    assertThat(message.getMsgId()).isEqualTo(sent.getMsgId());
                    assertThat(message.getTopic()).isEqualTo(topic);
                    assertThat(message.getReconsumeTimes()).isEqualTo(i);
                    assertThat(new String(message.getBody(), StandardCharsets.UTF_8)).isEqualTo("fails every time");
                    if (i > 0) {
                        assertThat(deliveries.get(i).millis() - deliveries.get(i - 1).millis())
                            .as("retry %d comes after its level's delay", i).isGreaterThanOrEqualTo(RETRY_DELAY_MILLIS);
                        assertThat(message.getProperty(MessageConst.PROPERTY_RETRY_TOPIC)).isEqualTo(topic);
                        assertThat(message.getProperty(MessageConst.PROPERTY_ORIGIN_MESSAGE_ID)).isEqualTo(sent.getOffsetMsgId());
                    }
                }
                List<MessageExt> dead = new CopyOnWriteArrayList<>();
                reader = OfficialClients.pushConsumer(broker.address(), "CG-dlq-reader", deadLetters, "*",
                    ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, OfficialClients.received());
                reader.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
                    dead.addAll(messages);
                    return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
                });
                reader.start();
                Await.until("the dead letter read back", DEADLINE, () -> !dead.isEmpty());
                MessageExt letter = dead.get(0);
                assertThat(letter.getTopic()).isEqualTo(deadLetters);
                assertThat(letter.getMsgId()).isEqualTo(sent.getMsgId());
                assertThat(letter.getKeys()).isEqualTo("keys-1");
                assertThat(letter.getTags()).isEqualTo("TagR");
                assertThat(letter.getReconsumeTimes()).isEqualTo(MAX_RECONSUME_TIMES + 1);
                assertThat(letter.getProperty(MessageConst.PROPERTY_RETRY_TOPIC)).isEqualTo(topic);
                assertThat(letter.getProperty(MessageConst.PROPERTY_ORIGIN_MESSAGE_ID)).isEqualTo(sent.getOffsetMsgId());
                assertThat(new String(letter.getBody(), StandardCharsets.UTF_8)).isEqualTo("fails every time");
                assertThat(deliveries).hasSize(MAX_RECONSUME_TIMES + 1);
            } finally {
                if (reader != null) {
                    reader.shutdown();
                }
                failing.shutdown();
                producer.shutdown();
            }
        }
    }

    /** A delivery and when it came. */
    private record Delivery(MessageExt message, long millis) {
    }
}
