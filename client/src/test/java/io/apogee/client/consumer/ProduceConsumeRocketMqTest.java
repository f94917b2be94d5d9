package io.apogee.client.consumer;

import io.apogee.client.producer.Producer;
import io.apogee.client.producer.SendResult;
import io.apogee.client.producer.SendStatus;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.process.RocketMqCluster;
import io.apogee.testsupport.process.RocketMqExtension;
import io.apogee.wire.message.OutboundMessage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static io.apogee.testsupport.process.RocketMqCluster.SEND_TIMEOUT_MILLIS;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every message sent to a real Apache RocketMQ 5.4.0 broker, by each kind of send, is received exactly once by a
 * group of Apogee consumers, with body and properties intact.
 */
@ExtendWith(RocketMqExtension.class)
@Tag("slow")
class ProduceConsumeRocketMqTest {
    private static final int PER_KIND = 40;
    private static final int BATCHES = 4;
    private static final int BATCH_SIZE = 10;

    @Test
    void everyMessageOfEveryKindOfSendIsReceivedOnceIntact(RocketMqCluster cluster) throws Exception {
        String topic = "E2E_" + System.nanoTime();
        Set<String> sent = new HashSet<>();
        Set<String> msgIds = new HashSet<>();
        try (Producer producer = Producer.builder().sendTimeoutMillis(SEND_TIMEOUT_MILLIS)
                .nameServers(cluster.nameServer()).group("e2e-producer").build()) {
            for (int i = 0; i < PER_KIND; i++) {
                SendResult result = producer.send(message(topic, "sync-" + i, sent));
                assertThat(result.status()).isEqualTo(SendStatus.SEND_OK);
                msgIds.add(result.msgId());
            }
            List<CompletableFuture<SendResult>> futures = new ArrayList<>();
            for (int i = 0; i < PER_KIND; i++) {
                futures.add(producer.sendAsync(message(topic, "async-" + i, sent)));
            }
            for (CompletableFuture<SendResult> future : futures) {
                msgIds.add(future.get(10, TimeUnit.SECONDS).msgId());
            }
            for (int i = 0; i < PER_KIND; i++) {
                assertThat(producer.sendOneway(message(topic, "oneway-" + i, sent))).isTrue();
            }
            for (int b = 0; b < BATCHES; b++) {
                List<OutboundMessage> batch = new ArrayList<>();
                for (int i = 0; i < BATCH_SIZE; i++) {
                    batch.add(message(topic, "batch-" + b + "-" + i, sent));
                }
                msgIds.addAll(List.of(producer.sendBatch(batch).msgId().split(",")));
            }
        }
        Received received = new Received();
        Set<String> seenMsgIds = java.util.concurrent.ConcurrentHashMap.newKeySet();
        try (PushConsumer consumer = PushConsumer.builder().nameServers(cluster.nameServer()).group("e2e-group-" + topic)
            .subscribe(topic, "*").consumeFrom(ConsumeFrom.FIRST)
            .listener(message -> {
                received.record(message);
                seenMsgIds.add(message.msgId());
            })
            .build()) {
            Await.until("every message", Duration.ofSeconds(60), () -> received.total() >= sent.size());
            assertThat(consumer.assignedQueues()).extracting(q -> q.topic()).contains(topic);
            assertThat(consumer.failedCount()).isZero();
        }
        assertThat(received.counts.keySet()).containsExactlyInAnyOrderElementsOf(sent);
        assertThat(received.counts.values()).allSatisfy(count -> assertThat(count.get()).isEqualTo(1));
        assertThat(received.mismatches).isEmpty();
        assertThat(seenMsgIds).containsAll(msgIds);
    }

    @Test
    void tagSubscriptionDeliversOnlyMatchingMessages(RocketMqCluster cluster) throws Exception {
        String topic = "TAGS_" + System.nanoTime();
        Set<String> sent = new HashSet<>();
        try (Producer producer = Producer.builder().sendTimeoutMillis(SEND_TIMEOUT_MILLIS)
                .nameServers(cluster.nameServer()).group("tags-producer").build()) {
            for (int i = 0; i < 20; i++) {
                producer.send(message(topic, "t-" + i, sent));
            }
        }
        Set<String> expected = new HashSet<>();
        for (String id : sent) {
            if (Math.floorMod(id.hashCode(), 2) == 0) {
                expected.add(id);
            }
        }
        Received received = new Received();
        AtomicInteger other = new AtomicInteger();
        try (PushConsumer consumer = PushConsumer.builder().nameServers(cluster.nameServer()).group("tags-group-" + topic)
            .subscribe(topic, "TagA").consumeFrom(ConsumeFrom.FIRST)
            .listener(message -> {
                if ("TagA".equals(message.tags())) {
                    received.record(message);
                } else {
                    other.incrementAndGet();
                }
            })
            .build()) {
            Await.until("every TagA message", Duration.ofSeconds(60), () -> received.total() >= expected.size());
            assertThat(consumer.failedCount()).isZero();
        }
        assertThat(received.counts.keySet()).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(other).hasValue(0);
    }

    static OutboundMessage message(String topic, String id, Set<String> sent) {
        sent.add(id);
        return new OutboundMessage().topic(topic).body(id.getBytes(StandardCharsets.UTF_8))
            .tags(Math.floorMod(id.hashCode(), 2) == 0 ? "TagA" : "TagB")
            .keys("key-" + id)
            .putProperty("id", id);
    }
}
