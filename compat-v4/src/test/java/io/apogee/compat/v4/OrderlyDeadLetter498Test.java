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
import org.apache.rocketmq.client.consumer.listener.ConsumeOrderlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerOrderly;
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
 * An orderly listener that keeps suspending its queue, with the official 4.9.8 push consumer: the consumer retries
 * the message in place up to its max reconsume times, then sends it with its own producer to {@code %RETRY%<group>},
 * reconsume times at the limit, and the broker's send path puts it in {@code %DLQ%<group>} instead, so that the
 * queue moves on and the message is not delivered again.
 */
@Tag("slow")
class OrderlyDeadLetter498Test {
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final int MAX_RECONSUME_TIMES = 1;
    private static final String BODY = "suspends every time";

    @TempDir
    Path dir;

    @Test
    void aMessageSuspendedMaxReconsumeTimesEndsInTheDeadLetterTopic() throws Exception {
        Properties config = new Properties();
        config.setProperty("messageDelayLevel", "1s 1s 1s 1s 1s"); // the consumer's retry send carries level 3 + times
        String group = "CG-orderly-dlq498";
        String topic = "OrderedDead498";
        String deadLetters = "%DLQ%" + group;
        try (TestBroker broker = TestBroker.start(dir, config)) {
            DefaultMQProducer producer = Clients498.producer(broker.address(), "PG-orderly-dlq498");
            List<Delivery> deliveries = new CopyOnWriteArrayList<>();
            DefaultMQPushConsumer suspending = Clients498.pushConsumer(broker.address(), group, topic, "*",
                ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, Clients498.received());
            suspending.setMaxReconsumeTimes(MAX_RECONSUME_TIMES);
            suspending.setSuspendCurrentQueueTimeMillis(100);
            suspending.registerMessageListener((MessageListenerOrderly) (messages, context) -> {
                // the consumer hands the same message object again, counting its reconsume times up in place
                messages.forEach(message -> deliveries.add(new Delivery(message.getMsgId(), message.getReconsumeTimes())));
                return ConsumeOrderlyStatus.SUSPEND_CURRENT_QUEUE_A_MOMENT;
            });
            SendResult sent;
            MessageExt letter;
            try {
                sent = producer.send(new Message(topic, "TagO", "keys-o", BODY.getBytes(StandardCharsets.UTF_8)));
                suspending.start();
                Await.until("the message in " + deadLetters, DEADLINE,
                    () -> broker.context().store().maxOffset(deadLetters, 0) == 1);
                assertThat(deliveries).containsExactly(new Delivery(sent.getMsgId(), 0), new Delivery(sent.getMsgId(), 1));
                assertThat(broker.context().store().maxOffset("%RETRY%" + group, 0)).as("nothing in the retry topic").isZero();
                letter = Clients498.firstMessage(broker.address(), "CG-orderly-dlq-reader498", deadLetters, DEADLINE);
            } finally {
                suspending.shutdown();
                producer.shutdown();
            }
            assertThat(letter.getTopic()).isEqualTo(deadLetters);
            assertThat(letter.getReconsumeTimes()).isEqualTo(MAX_RECONSUME_TIMES);
            assertThat(letter.getProperty(MessageConst.PROPERTY_RETRY_TOPIC)).isEqualTo(topic);
            assertThat(letter.getProperty(MessageConst.PROPERTY_ORIGIN_MESSAGE_ID)).isEqualTo(sent.getMsgId());
            assertThat(letter.getKeys()).isEqualTo("keys-o");
            assertThat(Clients498.body(letter)).isEqualTo(BODY);
            assertThat(deliveries).as("no delivery after the dead letter").hasSize(MAX_RECONSUME_TIMES + 1);
        }
    }

    /** A delivery: which message, and its reconsume times then. */
    private record Delivery(String msgId, int reconsumeTimes) {
    }
}
