package io.apogee.client.consumer;

import io.apogee.client.producer.Producer;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.process.RocketMqCluster;
import io.apogee.testsupport.process.RocketMqExtension;
import io.apogee.wire.message.OutboundMessage;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static io.apogee.testsupport.process.RocketMqCluster.SEND_TIMEOUT_MILLIS;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A running consumer changes its subscription from TagA to TagB: the subscription version goes up, so the broker
 * (which keeps the newest version it heard, and filters by it) switches to the new tag; then an unsubscribed
 * topic's queues are released.
 */
@ExtendWith(RocketMqExtension.class)
@Tag("slow")
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
                Await.until("a queue of the new topic assigned", Duration.ofSeconds(30),
                    () -> consumer.assignedQueues().stream().anyMatch(q -> q.topic().equals(topic)));
                for (int i = 0; i < 8; i++) {
                    producer.send(message(topic, "before-" + i, i % 2 == 0 ? "TagA" : "TagB"));
                }
                Await.until("the first 4 messages", Duration.ofSeconds(30), () -> received.size() == 4);
                assertThat(received).allMatch(r -> r.endsWith("/TagA"));

                consumer.subscribe(topic, "TagB");
                for (int i = 0; i < 8; i++) {
                    producer.send(message(topic, "after-" + i, i % 2 == 0 ? "TagA" : "TagB"));
                }
                Await.until("the 4 messages sent after the change", Duration.ofSeconds(30),
                    () -> received.stream().filter(r -> r.startsWith("after-")).count() == 4);
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
