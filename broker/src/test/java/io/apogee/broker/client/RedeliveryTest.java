package io.apogee.broker.client;

import static io.apogee.broker.client.ApogeeClientTest.DEADLINE;
import static io.apogee.broker.client.ApogeeClientTest.message;
import static io.apogee.testsupport.process.RocketMqCluster.SEND_TIMEOUT_MILLIS;
import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.TestBroker;
import io.apogee.client.consumer.ConsumeFrom;
import io.apogee.client.consumer.PushConsumer;
import io.apogee.client.producer.Producer;
import io.apogee.testsupport.Await;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A message the listener fails on comes back: this broker does not take CONSUMER_SEND_MSG_BACK, so the consumer
 * falls back as the official one does and sends the message to the group's retry topic, from which it is
 * delivered again under its own topic, id and properties, with one more reconsume time.
 */
@Tag("slow")
class RedeliveryTest {
    @TempDir
    Path dir;

    @Test
    void aFailedMessageComesBackThroughTheRetryTopic() throws Exception {
        String topic = "RedoTopic";
        Map<String, byte[]> sent = new ConcurrentHashMap<>();
        List<String> deliveries = new CopyOnWriteArrayList<>();
        try (TestBroker broker = TestBroker.start(dir);
             Producer producer = Producer.builder().sendTimeoutMillis(SEND_TIMEOUT_MILLIS)
                     .nameServers(broker.address()).group("redo-producer").build()) {
            for (int i = 0; i < 5; i++) {
                producer.send(message(topic, "redo-" + i, i == 2 ? 10_000 : 64, sent));
            }
            Delivered delivered = new Delivered(sent);
            try (PushConsumer consumer = PushConsumer.builder().nameServers(broker.address()).group("redo-group")
                .subscribe(topic, "*").consumeFrom(ConsumeFrom.FIRST)
                .listener(message -> {
                    String id = message.property("id");
                    deliveries.add(id + "@" + message.topic() + "#" + message.reconsumeTimes());
                    delivered.record(message);
                    if (id.equals("redo-2") && message.reconsumeTimes() == 0) {
                        throw new IllegalStateException("first attempt fails");
                    }
                })
                .build()) {
                Await.until("the failed message to come back", DEADLINE, () -> deliveries.size() >= sent.size() + 1);
                assertThat(consumer.failedCount()).isEqualTo(1);
                assertThat(consumer.sentBackCount()).isEqualTo(1);
            }
            assertThat(deliveries).contains("redo-2@" + topic + "#0", "redo-2@" + topic + "#1");
            assertThat(deliveries).filteredOn(d -> d.startsWith("redo-2@")).hasSize(2);
            assertThat(delivered.mismatches).as("body, tags and keys intact on redelivery").isEmpty();
        }
    }
}
