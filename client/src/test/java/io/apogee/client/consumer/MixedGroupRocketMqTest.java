package io.apogee.client.consumer;

import io.apogee.client.producer.Producer;
import io.apogee.client.rocketmq.OfficialConsumers;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.process.RocketMqCluster;
import io.apogee.testsupport.process.RocketMqExtension;
import java.time.Duration;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;

import static io.apogee.testsupport.process.RocketMqCluster.SEND_TIMEOUT_MILLIS;
import static io.apogee.client.consumer.ProduceConsumeRocketMqTest.message;
import static io.apogee.client.rocketmq.OfficialConsumers.queueIds;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * One Apogee consumer and one official {@code DefaultMQPushConsumer} (rocketmq-client 5.4.0) in one group: they
 * split the topic's queues by the same average allocation, and each drains its own, every message once. When the
 * Apogee consumer closes, the official one takes its queues from the offsets it committed.
 */
@ExtendWith(RocketMqExtension.class)
@Tag("slow")
class MixedGroupRocketMqTest {
    private static final int MESSAGES = 200;

    @Test
    void apogeeAndOfficialConsumersSplitTheQueuesAndDrainThem(RocketMqCluster cluster) throws Exception {
        String topic = "MIXED_" + System.nanoTime();
        String group = "mixed-group-" + topic;
        Set<String> sent = new HashSet<>();
        try (Producer producer = Producer.builder().sendTimeoutMillis(SEND_TIMEOUT_MILLIS)
                .nameServers(cluster.nameServer()).group("mixed-producer").build()) {
            producer.send(message(topic, "warm-up", sent));

            Received apogee = new Received();
            Received official = new Received();
            DefaultMQPushConsumer officialConsumer = officialConsumer(cluster, topic, group, official);
            try {
                try (PushConsumer apogeeConsumer = PushConsumer.builder().nameServers(cluster.nameServer()).group(group)
                    .subscribe(topic, "*").consumeFrom(ConsumeFrom.FIRST).listener(apogee::record).build()) {
                    officialConsumer.start();
                    Await.until("the two clients to split the queues", Duration.ofSeconds(60),
                        () -> queueIds(apogeeConsumer, topic).size() == 2
                        && queueIds(officialConsumer, topic).size() == 2
                        && disjoint(queueIds(apogeeConsumer, topic), queueIds(officialConsumer, topic)));

                    for (int i = 0; i < MESSAGES; i++) {
                        producer.send(message(topic, "mixed-" + i, sent));
                    }
                    Await.until("the group to receive every message", Duration.ofSeconds(60),
                        () -> apogee.total() + official.total() >= sent.size());

                    Set<Integer> apogeeQueues = queueIds(apogeeConsumer, topic);
                    Set<Integer> officialQueues = queueIds(officialConsumer, topic);
                    assertThat(apogeeQueues).hasSize(2).doesNotContainAnyElementsOf(officialQueues);
                    assertThat(apogee.byQueueId.keySet()).isSubsetOf(apogeeQueues);
                    assertThat(official.byQueueId.keySet()).isSubsetOf(officialQueues);
                    assertThat(apogee.total()).as("Apogee drained its queues").isGreaterThan(MESSAGES / 4);
                    assertThat(official.total()).as("the official consumer drained its queues").isGreaterThan(MESSAGES / 4);
                }
                // Apogee left: it committed its offsets and unregistered, so the official consumer takes every queue
                // and goes on from where Apogee stopped, without redelivering anything
                Await.until("the official consumer to take every queue", Duration.ofSeconds(60),
                    () -> queueIds(officialConsumer, topic).size() == 4);
                for (int i = 0; i < MESSAGES / 4; i++) {
                    producer.send(message(topic, "after-" + i, sent));
                }
                Await.until("the group to receive every message", Duration.ofSeconds(60),
                    () -> apogee.total() + official.total() >= sent.size());
            } finally {
                officialConsumer.shutdown();
            }
            Set<String> all = new HashSet<>(apogee.counts.keySet());
            all.addAll(official.counts.keySet());
            assertThat(all).containsExactlyInAnyOrderElementsOf(sent);
            assertThat(apogee.counts.keySet()).doesNotContainAnyElementsOf(official.counts.keySet());
            assertThat(apogee.counts.values()).allSatisfy(c -> assertThat(c.get()).isEqualTo(1));
            assertThat(official.counts.values()).allSatisfy(c -> assertThat(c.get()).isEqualTo(1));
            assertThat(apogee.mismatches).isEmpty();
            assertThat(official.mismatches).isEmpty();
        }
    }

    private static DefaultMQPushConsumer officialConsumer(RocketMqCluster cluster, String topic, String group, Received into)
        throws Exception {
        return OfficialConsumers.create(cluster.nameServer(), topic, group, message ->
            into.record(new String(message.getBody(), StandardCharsets.UTF_8), message.getTags(), message.getKeys(),
                message.getUserProperty("id"), message.getMsgId(), message.getQueueId()));
    }

    private static boolean disjoint(Set<Integer> a, Set<Integer> b) {
        return a.stream().noneMatch(b::contains);
    }
}
