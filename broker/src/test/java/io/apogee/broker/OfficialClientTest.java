package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.OfficialClients.Received;

import io.apogee.store.MessageStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The official RocketMQ 5.4.0 client, unchanged, against an Apogee broker that is also its name server. */
class OfficialClientTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final long LARGE_BODY_SEED = 0x5eed;

    @TempDir
    Path dir;

    @Test
    void syncAndBatchSendsReachAPushConsumerOnceWithBodiesAndPropertiesIntact() throws Exception {
        try (TestBroker broker = TestBroker.start(dir)) {
            String topic = "OfficialTopic";
            DefaultMQProducer producer = producer(broker, "PG-official");
            Received received = new Received();
            DefaultMQPushConsumer consumer = consumer(broker, "CG-official", topic, received);
            Map<String, Message> sent = new ConcurrentHashMap<>();
            try {
                for (int i = 0; i < 10; i++) {
                    Message message = message(topic, i);
                    SendResult result = producer.send(message);
                    assertThat(result.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
                    assertThat(result.getOffsetMsgId()).hasSize(32);
                    assertThat(result.getMessageQueue().getBrokerName()).isEqualTo("broker-a");
                    sent.put(result.getMsgId(), message);
                }
                List<Message> batch = new ArrayList<>();
                for (int i = 10; i < 15; i++) {
                    batch.add(message(topic, i));
                }
                SendResult batchResult = producer.send(batch);
                assertThat(batchResult.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
                assertThat(batchResult.getOffsetMsgId().split(",")).hasSize(5);
                String[] batchIds = batchResult.getMsgId().split(",");
                for (int i = 0; i < batch.size(); i++) {
                    sent.put(batchIds[i], batch.get(i));
                }

                consumer.start();
                TestBroker.await(() -> received.total() >= sent.size(), DEADLINE, "the first 15 messages");
                // the consumer's pulls are now held: new sends wake them
                for (int i = 15; i < 25; i++) {
                    Message message = message(topic, i);
                    sent.put(producer.send(message).getMsgId(), message);
                }
                TestBroker.await(() -> received.total() >= sent.size(), DEADLINE, "all 25 messages");
            } finally {
                consumer.shutdown();
                producer.shutdown();
            }
            assertThat(received.messages().keySet()).containsExactlyInAnyOrderElementsOf(sent.keySet());
            assertThat(received.maxCount()).as("deliveries per message").isEqualTo(1);
            for (Map.Entry<String, MessageExt> entry : received.messages().entrySet()) {
                Message expected = sent.get(entry.getKey());
                MessageExt actual = entry.getValue();
                assertThat(actual.getTopic()).isEqualTo(topic);
                assertThat(actual.getBody()).isEqualTo(expected.getBody());
                assertThat(actual.getTags()).isEqualTo(expected.getTags());
                assertThat(actual.getKeys()).isEqualTo(expected.getKeys());
                assertThat(actual.getUserProperty("seq")).isEqualTo(expected.getUserProperty("seq"));
                assertThat(actual.getProperty("CLUSTER")).isEqualTo("DefaultCluster");
                assertThat(actual.getBodyCRC()).as("stored body CRC").isEqualTo(bodyCrc(expected.getBody()));
            }
        }
    }

    /** The body CRC RocketMQ stores: CRC-32 of the body, kept positive. */
    private static int bodyCrc(byte[] body) {
        CRC32 crc = new CRC32();
        crc.update(body);
        return (int) (crc.getValue() & 0x7FFFFFFF);
    }

    @Test
    void asyncOnewayAndCompressedSendsArriveIntact() throws Exception {
        try (TestBroker broker = TestBroker.start(dir)) {
            String topic = "MixedSendTopic";
            DefaultMQProducer producer = producer(broker, "PG-mixed");
            Received received = new Received();
            DefaultMQPushConsumer consumer = consumer(broker, "CG-mixed", topic, received);
            Map<String, byte[]> sent = new ConcurrentHashMap<>();
            try {
                producer.send(message(topic, 0)); // creates the topic
                sent.put("0", message(topic, 0).getBody());
                CountDownLatch acknowledged = new CountDownLatch(5);
                for (int i = 1; i <= 5; i++) {
                    Message message = message(topic, i);
                    sent.put(Integer.toString(i), message.getBody());
                    producer.send(message, new SendCallback() {
                        @Override
                        public void onSuccess(SendResult result) {
                            if (result.getSendStatus() == SendStatus.SEND_OK) {
                                acknowledged.countDown();
                            }
                        }

                        @Override
                        public void onException(Throwable failure) {
                            // the latch then times out and the test fails
                        }
                    });
                }
                assertThat(acknowledged.await(DEADLINE.toSeconds(), TimeUnit.SECONDS)).as("async sends acknowledged").isTrue();
                for (int i = 6; i <= 8; i++) {
                    Message message = message(topic, i);
                    sent.put(Integer.toString(i), message.getBody());
                    producer.sendOneway(message);
                }
                Random random = new Random(LARGE_BODY_SEED);
                for (int i = 9; i <= 10; i++) {
                    byte[] large = new byte[10 * 1024]; // over 4 KiB: the 5.x producer compresses it
                    random.nextBytes(large);
                    Message message = new Message(topic, "TagL", large);
                    message.putUserProperty("seq", Integer.toString(i));
                    sent.put(Integer.toString(i), large);
                    assertThat(producer.send(message).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
                }
                consumer.start();
                TestBroker.await(() -> received.total() >= sent.size(), DEADLINE, "every message");
            } finally {
                consumer.shutdown();
                producer.shutdown();
            }
            Map<String, byte[]> bodies = new HashMap<>();
            received.messages().values().forEach(message -> bodies.put(message.getUserProperty("seq"), message.getBody()));
            assertThat(bodies.keySet()).containsExactlyInAnyOrderElementsOf(sent.keySet());
            sent.forEach((seq, body) -> assertThat(bodies.get(seq)).as("body of " + seq).isEqualTo(body));
        }
    }

    @Test
    void committedOffsetsTopicsAndGroupsSurviveARestart() throws Exception {
        String topic = "RestartTopic";
        String group = "CG-restart";
        Set<String> before = new HashSet<>();
        try (TestBroker broker = TestBroker.start(dir)) {
            DefaultMQProducer producer = producer(broker, "PG-restart");
            Received received = new Received();
            DefaultMQPushConsumer consumer = consumer(broker, group, topic, received);
            // a listener may have counted a message whose offset its consume thread has not yet recorded: shutdown
            // waits for those threads, so the offsets it then commits cover every message received
            consumer.setAwaitTerminationMillisWhenShutdown(DEADLINE.toMillis());
            try {
                for (int i = 0; i < 10; i++) {
                    before.add(producer.send(message(topic, i)).getMsgId());
                }
                consumer.start();
                TestBroker.await(() -> received.total() >= before.size(), DEADLINE, "the messages before the restart");
            } finally {
                consumer.shutdown(); // commits its offsets (oneway)
                producer.shutdown();
            }
            MessageStore store = broker.context().store();
            TestBroker.await(() -> committed(store, group, topic) == 10, DEADLINE, "the offsets committed at shutdown");
        }
        try (TestBroker broker = TestBroker.start(dir)) {
            assertThat(broker.context().store().metadata().topics().get(topic)).as("the topic survived").isNotNull();
            assertThat(broker.context().store().metadata().groups().get(group)).as("the subscription group survived")
                .isNotNull();
            DefaultMQProducer producer = producer(broker, "PG-restart");
            Received received = new Received();
            DefaultMQPushConsumer consumer = consumer(broker, group, topic, received);
            Set<String> after = new HashSet<>();
            try {
                for (int i = 10; i < 15; i++) {
                    after.add(producer.send(message(topic, i)).getMsgId());
                }
                consumer.start();
                TestBroker.await(() -> received.total() >= after.size(), DEADLINE, "the messages after the restart");
            } finally {
                consumer.shutdown();
                producer.shutdown();
            }
            // each queue is delivered in order: a message from before the restart would have come first
            assertThat(received.messages().keySet()).containsExactlyInAnyOrderElementsOf(after);
        }
    }

    private static long committed(MessageStore store, String group, String topic) {
        long total = 0;
        for (int queueId = 0; queueId < 4; queueId++) {
            total += Math.max(0, store.metadata().offsets().offset(group, topic, queueId));
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

    private static DefaultMQPushConsumer consumer(TestBroker broker, String group, String topic, Received into)
        throws Exception {
        return OfficialClients.pushConsumer(broker.address(), group, topic, "*", ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET,
            into);
    }
}
