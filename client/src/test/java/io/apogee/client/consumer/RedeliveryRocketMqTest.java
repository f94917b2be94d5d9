package io.apogee.client.consumer;

import io.apogee.client.producer.Producer;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.process.RocketMqCluster;
import io.apogee.testsupport.process.RocketMqExtension;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.apogee.testsupport.process.RocketMqCluster.SEND_TIMEOUT_MILLIS;
import static io.apogee.client.consumer.ProduceConsumeRocketMqTest.message;
import static org.assertj.core.api.Assertions.assertThat;

/** A message the listener fails on goes back to the broker and comes again through the retry topic. */
@ExtendWith(RocketMqExtension.class)
@Tag("slow")
class RedeliveryRocketMqTest {
    @Test
    void aFailedMessageIsDeliveredAgainUnderItsOwnTopic(RocketMqCluster cluster) throws Exception {
        String topic = "REDO_" + System.nanoTime();
        Set<String> sent = new HashSet<>();
        try (Producer producer = Producer.builder().sendTimeoutMillis(SEND_TIMEOUT_MILLIS)
                .nameServers(cluster.nameServer()).group("redo-producer").build()) {
            for (int i = 0; i < 5; i++) {
                producer.send(message(topic, "redo-" + i, sent));
            }
        }
        List<String> deliveries = new CopyOnWriteArrayList<>();
        try (PushConsumer consumer = PushConsumer.builder().nameServers(cluster.nameServer()).group("redo-" + topic)
            .subscribe(topic, "*").consumeFrom(ConsumeFrom.FIRST).redelivery(1, 16)
            .listener(message -> {
                String id = new String(message.bodyBytes(), StandardCharsets.UTF_8);
                deliveries.add(id + "@" + message.topic() + "#" + message.reconsumeTimes() + ":" + message.property("id"));
                if (id.equals("redo-2") && message.reconsumeTimes() == 0) {
                    throw new IllegalStateException("first attempt fails");
                }
            })
            .build()) {
            Await.until("every message and one redelivery", Duration.ofSeconds(60),
                () -> deliveries.size() >= sent.size() + 1);
            assertThat(consumer.failedCount()).isEqualTo(1);
            assertThat(consumer.sentBackCount()).isEqualTo(1);
        }
        assertThat(deliveries).contains("redo-2@" + topic + "#0:redo-2", "redo-2@" + topic + "#1:redo-2");
        assertThat(deliveries).filteredOn(d -> d.startsWith("redo-2@")).hasSize(2);
    }
}
