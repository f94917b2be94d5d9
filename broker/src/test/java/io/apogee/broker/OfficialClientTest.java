package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.Received;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Properties;
import java.util.Set;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The official RocketMQ 5.4.0 client, unchanged, against an Apogee broker that is also its name server: what survives
 * a restart, and a body over the size limit. Every kind of send is {@link Sends540Test}.
 */
@Tag("slow")
class OfficialClientTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void committedOffsetsTopicsAndGroupsSurviveARestart() throws Exception {
        String topic = "RestartTopic";
        String group = "CG-restart";
        Set<String> before = new HashSet<>();
        try (TestBroker broker = TestBroker.start(dir)) {
            DefaultMQProducer producer = producer(broker, "PG-restart");
            Received<MessageExt> received = OfficialClients.received();
            DefaultMQPushConsumer consumer = consumer(broker, group, topic, received);
            // a listener may have counted a message whose offset its consume thread has not yet recorded: shutdown
            // waits for those threads, so the offsets it then commits cover every message received
            consumer.setAwaitTerminationMillisWhenShutdown(DEADLINE.toMillis());
            try {
                for (int i = 0; i < 10; i++) {
                    before.add(producer.send(message(topic, i)).getMsgId());
                }
                consumer.start();
                Await.until("the messages before the restart", DEADLINE, () -> received.total() >= before.size());
            } finally {
                consumer.shutdown(); // commits its offsets (oneway)
                producer.shutdown();
            }
            ConsumerOffsetTable offsets = broker.context().metadata().offsets();
            Await.until("the offsets committed at shutdown", DEADLINE, () -> committed(offsets, group, topic) == 10);
        }
        try (TestBroker broker = TestBroker.start(dir)) {
            assertThat(broker.context().metadata().topics().get(topic)).as("the topic survived").isNotNull();
            assertThat(broker.context().metadata().groups().get(group)).as("the subscription group survived")
                .isNotNull();
            DefaultMQProducer producer = producer(broker, "PG-restart");
            Received<MessageExt> received = OfficialClients.received();
            DefaultMQPushConsumer consumer = consumer(broker, group, topic, received);
            Set<String> after = new HashSet<>();
            try {
                for (int i = 10; i < 15; i++) {
                    after.add(producer.send(message(topic, i)).getMsgId());
                }
                consumer.start();
                Await.until("the messages after the restart", DEADLINE, () -> received.total() >= after.size());
            } finally {
                consumer.shutdown();
                producer.shutdown();
            }
            // each queue is delivered in order: a message from before the restart would have come first
            assertThat(received.messages().keySet()).containsExactlyInAnyOrderElementsOf(after);
        }
    }

    private static long committed(ConsumerOffsetTable offsets, String group, String topic) {
        long total = 0;
        for (int queueId = 0; queueId < 4; queueId++) {
            total += Math.max(0, offsets.offset(group, topic, queueId));
        }
        return total;
    }

    @Test
    void aBodyOverMaxMessageSizeIsRefusedWithMessageIllegal() throws Exception {
        Properties small = new Properties();
        small.setProperty("maxMessageSize", "1024");
        try (TestBroker broker = TestBroker.start(dir, small)) {
            DefaultMQProducer producer = producer(broker, "PG-large");
            try {
                assertThat(producer.send(new Message("SizedTopic", new byte[100])).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
                assertThatThrownBy(() -> producer.send(new Message("SizedTopic", new byte[2048])))
                    .isInstanceOfSatisfying(MQBrokerException.class, e -> {
                        assertThat(e.getResponseCode()).isEqualTo(13);
                        assertThat(e.getErrorMessage()).contains("the message body size over max value, MAX: 1024");
                    });
            } finally {
                producer.shutdown();
            }
        }
    }

    private static Message message(String topic, int i) {
        Message message = new Message(topic, i % 2 == 0 ? "TagA" : "TagB", "key-" + i,
            ("body " + i + " ü").getBytes(StandardCharsets.UTF_8));
        message.putUserProperty("seq", Integer.toString(i));
        return message;
    }

    private static DefaultMQProducer producer(TestBroker broker, String group) throws Exception {
        return OfficialClients.producer(broker.address(), group);
    }

    private static DefaultMQPushConsumer consumer(TestBroker broker, String group, String topic, Received<MessageExt> into)
        throws Exception {
        return OfficialClients.pushConsumer(broker.address(), group, topic, "*", ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET,
            into);
    }
}
