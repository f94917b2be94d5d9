package io.apogee.broker.client;

import static io.apogee.broker.client.ApogeeClientTest.DEADLINE;
import static io.apogee.broker.client.ApogeeClientTest.message;
import static io.apogee.client.rocketmq.OfficialConsumers.queueIds;
import static io.apogee.testsupport.process.RocketMqCluster.SEND_TIMEOUT_MILLIS;
import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.TestBroker;
import io.apogee.client.consumer.ConsumeFrom;
import io.apogee.client.consumer.PushConsumer;
import io.apogee.client.producer.Producer;
import io.apogee.client.rocketmq.OfficialConsumers;
import io.apogee.testsupport.Await;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One Apogee push consumer and one official {@code DefaultMQPushConsumer} (rocketmq-client 5.4.0) in one group on
 * the Apogee broker: they split the topic's queues by the same average allocation and each drains its own, every
 * message once, intact.
 */
@Tag("slow")
class MixedGroupTest {
    private static final int MESSAGES = 200;

    @TempDir
    Path dir;

    @Test
    void apogeeAndOfficialConsumersSplitTheQueuesAndDrainThem() throws Exception {
        String topic = "MixedTopic";
        String group = "mixed-group";
        Map<String, byte[]> sent = new ConcurrentHashMap<>();
        try (TestBroker broker = TestBroker.start(dir);
             Producer producer = Producer.builder().sendTimeoutMillis(SEND_TIMEOUT_MILLIS)
                     .nameServers(broker.address()).group("mixed-producer").build()) {
            producer.send(message(topic, "warm-up", 64, sent));
            Delivered apogee = new Delivered(sent);
            Delivered official = new Delivered(sent);
            DefaultMQPushConsumer officialConsumer = officialConsumer(broker, topic, group, official);
            try (PushConsumer apogeeConsumer = PushConsumer.builder().nameServers(broker.address()).group(group)
                .subscribe(topic, "*").consumeFrom(ConsumeFrom.FIRST).listener(apogee::record).build()) {
                officialConsumer.start();
                Await.until("the two consumers to split the queues", DEADLINE, () -> queueIds(apogeeConsumer, topic).size() == 2
                        && queueIds(officialConsumer, topic).size() == 2
                        && !queueIds(apogeeConsumer, topic).equals(queueIds(officialConsumer, topic)));
                for (int i = 0; i < MESSAGES; i++) {
                    producer.send(message(topic, "mixed-" + i, 256, sent));
                }
                Await.until("every message to arrive", DEADLINE,
                    () -> apogee.total() + official.total() >= sent.size());

                Set<Integer> apogeeQueues = queueIds(apogeeConsumer, topic);
                Set<Integer> officialQueues = queueIds(officialConsumer, topic);
                assertThat(apogeeQueues).hasSize(2).doesNotContainAnyElementsOf(officialQueues);
                assertThat(apogee.byQueueId.keySet()).isSubsetOf(apogeeQueues);
                assertThat(official.byQueueId.keySet()).isSubsetOf(officialQueues);
                assertThat(apogee.total()).as("Apogee drained its queues").isGreaterThan(MESSAGES / 4);
                assertThat(official.total()).as("the official consumer drained its queues").isGreaterThan(MESSAGES / 4);
            } finally {
                officialConsumer.shutdown();
            }
            Set<String> all = new HashSet<>(apogee.counts.keySet());
            all.addAll(official.counts.keySet());
            assertThat(all).containsExactlyInAnyOrderElementsOf(sent.keySet());
            assertThat(apogee.counts.keySet()).doesNotContainAnyElementsOf(official.counts.keySet());
            assertThat(apogee.counts.values()).allSatisfy(c -> assertThat(c.get()).isEqualTo(1));
            assertThat(official.counts.values()).allSatisfy(c -> assertThat(c.get()).isEqualTo(1));
            assertThat(apogee.mismatches).isEmpty();
            assertThat(official.mismatches).isEmpty();
        }
    }

    private static DefaultMQPushConsumer officialConsumer(TestBroker broker, String topic, String group, Delivered into)
        throws Exception {
        return OfficialConsumers.create(broker.address(), topic, group, m ->
            into.record(m.getUserProperty("id"), m.getBody(), m.getTags(), m.getKeys(), m.getMsgId(), m.getQueueId()));
    }
}
