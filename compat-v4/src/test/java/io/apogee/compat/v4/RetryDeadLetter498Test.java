package io.apogee.compat.v4;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.TestBroker;
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
 * Retries and dead letters with the official 4.9.8 push consumer, as the broker's {@code RetryDeadLetterTest} proves
 * them with 5.4.0: a listener that keeps answering RECONSUME_LATER gets the message again from the group's retry topic
 * after its level's delay, with one more reconsume time each time, and after the consumer's max reconsume times the
 * message is in {@code %DLQ%<group>}, where a consumer of that topic reads it with its origin recorded.
 *
 * <p>Its steps repeat that test's on purpose: the two client versions' classes cannot share a class path, so neither
 * can one test compiled against them.
 */
@Tag("slow")
class RetryDeadLetter498Test {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final int MAX_RECONSUME_TIMES = 2;
    /** Level 3 and up (the retries' levels) last 2 s here. */
    private static final String LEVELS = "1s 1s 2s 2s 2s";
    private static final long RETRY_DELAY_MILLIS = 2_000;
    private static final String BODY = "fails every time";

    @TempDir
    Path dir;

    @Test
    void aMessageRetriedMaxReconsumeTimesEndsInTheDeadLetterTopic() throws Exception {
        Properties config = new Properties();
        config.setProperty("messageDelayLevel", LEVELS);
        String group = "CG-retry498";
        String topic = "Retried498";
        String deadLetters = "%DLQ%" + group;
        try (TestBroker broker = TestBroker.start(dir, config)) {
            DefaultMQProducer producer = Clients498.producer(broker.address(), "PG-retry498");
            List<Delivery> deliveries = new CopyOnWriteArrayList<>();
            DefaultMQPushConsumer failing = failingConsumer(broker.address(), group, topic, deliveries);
            try {
                SendResult sent = producer.send(new Message(topic, "TagR", "keys-1", BODY.getBytes(StandardCharsets.UTF_8)));
                failing.start();
                Await.until("the message in " + deadLetters, DEADLINE,
                    () -> broker.context().store().maxOffset(deadLetters, 0) == 1);
                assertThat(deliveries).hasSize(MAX_RECONSUME_TIMES + 1);
                for (int i = 0; i < deliveries.size(); i++) {
                    MessageExt message = deliveries.get(i).message();
                    assertThat(message.getMsgId()).isEqualTo(sent.getMsgId());
                    assertThat(message.getTopic()).isEqualTo(topic);
                    assertThat(message.getReconsumeTimes()).isEqualTo(i);
                    assertThat(Clients498.body(message)).isEqualTo(BODY);
                    if (i > 0) {
                        assertThat(deliveries.get(i).millis() - deliveries.get(i - 1).millis())
                            .as("retry %d comes after its level's delay", i).isGreaterThanOrEqualTo(RETRY_DELAY_MILLIS);
                        assertThat(message.getProperty(MessageConst.PROPERTY_RETRY_TOPIC)).isEqualTo(topic);
                        assertThat(message.getProperty(MessageConst.PROPERTY_ORIGIN_MESSAGE_ID)).isEqualTo(sent.getOffsetMsgId());
                    }
                }
                MessageExt letter = Clients498.firstMessage(broker.address(), "CG-dlq-reader498", deadLetters, DEADLINE);
                assertThat(letter.getMsgId()).as("the dead letter keeps the producer's message id").isEqualTo(sent.getMsgId());
                assertThat(letter.getTopic()).isEqualTo(deadLetters);
                assertThat(letter.getKeys()).isEqualTo("keys-1");
                assertThat(letter.getTags()).isEqualTo("TagR");
                assertThat(letter.getReconsumeTimes()).isEqualTo(MAX_RECONSUME_TIMES + 1);
                assertThat(letter.getProperty(MessageConst.PROPERTY_RETRY_TOPIC)).isEqualTo(topic);
                assertThat(letter.getProperty(MessageConst.PROPERTY_ORIGIN_MESSAGE_ID)).isEqualTo(sent.getOffsetMsgId());
                assertThat(Clients498.body(letter)).isEqualTo(BODY);
                assertThat(deliveries).as("no delivery after the dead letter").hasSize(MAX_RECONSUME_TIMES + 1);
            } finally {
                failing.shutdown();
                producer.shutdown();
            }
        }
    }

    /** A consumer of {@code topic}, not started, that records each delivery and asks for every one again later. */
    private static DefaultMQPushConsumer failingConsumer(String address, String group, String topic,
        List<Delivery> deliveries) throws Exception {
        DefaultMQPushConsumer failing = Clients498.pushConsumer(address, group, topic, "*",
            ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, Clients498.received());
        failing.setMaxReconsumeTimes(MAX_RECONSUME_TIMES);
        // the consumer looks %RETRY%<group> up at start and 10 ms later, racing its first heartbeat, which creates it;
        // then only every pollNameServerInterval (30 s unless set): a second here, where the 5.4.0 test announces the
        // group first
        failing.setPollNameServerInterval(1_000);
        failing.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            messages.forEach(message -> deliveries.add(new Delivery(message, System.currentTimeMillis())));
            return ConsumeConcurrentlyStatus.RECONSUME_LATER;
        });
        return failing;
    }

    /** A delivery and when it came. */
    private record Delivery(MessageExt message, long millis) {
    }
}
