package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The official DefaultLitePullConsumer (LITE_PULL_MESSAGE, offsets by seek) against an Apogee broker. */
class LitePullTest {
    private static final long DEADLINE_NANOS = 60_000_000_000L;
    private static final int MESSAGES = 12;

    @TempDir
    Path dir;

    @Test
    void assignedQueuesSeekToTheBeginningAndPollEveryMessage() throws Exception {
        try (TestBroker broker = TestBroker.start(dir)) {
            String topic = "LiteTopic";
            DefaultMQProducer producer = new DefaultMQProducer("PG-lite");
            producer.setNamesrvAddr(broker.address());
            producer.setInstanceName("PG-lite-" + System.nanoTime());
            producer.setClientIP("127.0.0.1");
            producer.start();
            DefaultLitePullConsumer consumer = new DefaultLitePullConsumer("LG-lite");
            consumer.setNamesrvAddr(broker.address());
            consumer.setInstanceName("LG-lite-" + System.nanoTime());
            consumer.setClientIP("127.0.0.1");
            List<String> bodies = new ArrayList<>();
            try {
                for (int i = 0; i < MESSAGES; i++) {
                    producer.send(new Message(topic, "TagA", ("lite " + i).getBytes(StandardCharsets.UTF_8)));
                }
                consumer.start();
                Collection<MessageQueue> queues = consumer.fetchMessageQueues(topic);
                assertThat(queues).hasSize(4);
                consumer.assign(queues);
                for (MessageQueue queue : queues) {
                    consumer.seek(queue, 0);
                }
                long deadline = System.nanoTime() + DEADLINE_NANOS;
                while (bodies.size() < MESSAGES && System.nanoTime() < deadline) {
                    for (MessageExt message : consumer.poll(1_000)) {
                        bodies.add(new String(message.getBody(), StandardCharsets.UTF_8));
                    }
                }
            } finally {
                consumer.shutdown();
                producer.shutdown();
            }
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < MESSAGES; i++) {
                expected.add("lite " + i);
            }
            assertThat(bodies).containsExactlyInAnyOrderElementsOf(expected);
        }
    }
}
