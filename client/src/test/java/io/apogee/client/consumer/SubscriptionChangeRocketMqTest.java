package io.apogee.client.consumer;

import io.apogee.client.producer.Producer;
import io.apogee.client.rocketmq.RocketMqCluster;
import io.apogee.client.rocketmq.RocketMqExtension;
import io.apogee.wire.message.OutboundMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static io.apogee.client.rocketmq.RocketMqCluster.SEND_TIMEOUT_MILLIS;
import static io.apogee.client.consumer.ProduceConsumeRocketMqTest.awaitCondition;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A running consumer changes its subscription from TagA to TagB: the subscription version goes up, so the broker
 * (which keeps the newest version it heard, and filters by it) switches to the new tag; then an unsubscribed
 * topic's queues are released.
 */
@ExtendWith(RocketMqExtension.class)
class SubscriptionChangeRocketMqTest {
    @Test
    void aChangedSubscriptionTakesEffectOnTheBroker(RocketMqCluster cluster) throws Exception {
        String topic = "SUBCHG_" + System.nanoTime();
        Set<String> received = ConcurrentHashMap.newKeySet();
        try (Producer producer = Producer.builder().sendTimeoutMillis(SEND_TIMEOUT_MILLIS)
                .nameServers(cluster.nameServer()).group("subchg-producer").build()) {
            producer.send(message(topic, "warm-up", "TagC"));
            try (PushConsumer consumer = PushConsumer.builder().nameServers(cluster.nameServer()).group("subchg-" + topic)
                .subscribe(topic, "TagA").consumeFrom(ConsumeFrom.LAST)
                .listener(m -> received.add(new String(m.bodyBytes(), StandardCharsets.UTF_8) + "/" + m.tags()))
                .build()) {
                awaitCondition(() -> consumer.assignedQueues().stream().anyMatch(q -> q.topic().equals(topic)), 30);
                for (int i = 0; i < 8; i++) {
                    producer.send(message(topic, "before-" + i, i % 2 == 0 ? "TagA" : "TagB"));
                }
                awaitCondition(() -> received.size() == 4, 30);
                assertThat(received).allMatch(r -> r.endsWith("/TagA"));

                consumer.subscribe(topic, "TagB");
                for (int i = 0; i < 8; i++) {
                    producer.send(message(topic, "after-" + i, i % 2 == 0 ? "TagA" : "TagB"));
                }
                awaitCondition(() -> received.stream().filter(r -> r.startsWith("after-")).count() == 4, 30);
                assertThat(received).filteredOn(r -> r.startsWith("after-")).allMatch(r -> r.endsWith("/TagB"));

                consumer.unsubscribe(topic);
                assertThat(consumer.subscribedTopics()).containsExactly("%RETRY%subchg-" + topic);
                assertThat(consumer.assignedQueues()).noneMatch(q -> q.topic().equals(topic));
                assertThat(consumer.failedCount()).isZero();
            }
        }
    }

    private static OutboundMessage message(String topic, String body, String tag) {
        return new OutboundMessage().topic(topic).body(body.getBytes(StandardCharsets.UTF_8)).tags(tag);
    }
}
