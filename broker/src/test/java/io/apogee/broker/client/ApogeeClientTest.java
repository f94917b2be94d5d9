package io.apogee.broker.client;

import static io.apogee.testsupport.process.RocketMqCluster.SEND_TIMEOUT_MILLIS;
import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.TestBroker;
import io.apogee.client.consumer.ConsumeFrom;
import io.apogee.client.consumer.PushConsumer;
import io.apogee.client.producer.Producer;
import io.apogee.client.producer.SendResult;
import io.apogee.client.producer.SendStatus;
import io.apogee.testsupport.Await;
import io.apogee.wire.message.OutboundMessage;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Apogee client against the Apogee broker: every message of every kind of send (sync, async, oneway, batch,
 * bodies over 4 KiB that travel compressed) reaches a group once, with body and properties intact.
 * {@code SendApogeeTest} runs the shared send scenarios; this test goes further: large async and oneway bodies, each
 * checked to travel compressed, and no failed listener call.
 */
@Tag("slow")
class ApogeeClientTest {
    static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final int PER_KIND = 30;
    private static final int BATCHES = 3;
    private static final int BATCH_SIZE = 10;
    private static final int[] LARGE = {4096, 20_000, 200_000};

    @TempDir
    Path dir;

    @Test
    void everyMessageOfEveryKindOfSendIsReceivedOnceIntact() throws Exception {
        String topic = "ApogeeClientTopic";
        Map<String, byte[]> sent = new ConcurrentHashMap<>();
        Set<String> msgIds = new HashSet<>();
        try (TestBroker broker = TestBroker.start(dir);
             Producer producer = Producer.builder().sendTimeoutMillis(SEND_TIMEOUT_MILLIS)
                     .nameServers(broker.address()).group("apogee-producer").build()) {
            for (int i = 0; i < PER_KIND; i++) {
                SendResult result = producer.send(message(topic, "sync-" + i, 100, sent));
                assertThat(result.status()).isEqualTo(SendStatus.SEND_OK);
                msgIds.add(result.msgId());
            }
            List<CompletableFuture<SendResult>> futures = new ArrayList<>();
            for (int i = 0; i < PER_KIND; i++) {
                futures.add(producer.sendAsync(message(topic, "async-" + i, 100, sent)));
            }
            for (CompletableFuture<SendResult> future : futures) {
                msgIds.add(future.get(10, TimeUnit.SECONDS).msgId());
            }
            for (int i = 0; i < PER_KIND; i++) {
                assertThat(producer.sendOneway(message(topic, "oneway-" + i, 100, sent))).isTrue();
            }
            for (int b = 0; b < BATCHES; b++) {
                List<OutboundMessage> batch = new ArrayList<>();
                for (int i = 0; i < BATCH_SIZE; i++) {
                    batch.add(message(topic, "batch-" + b + "-" + i, 200, sent));
                }
                msgIds.addAll(List.of(producer.sendBatch(batch).msgId().split(",")));
            }
            for (int size : LARGE) {
                msgIds.add(producer.send(message(topic, "large-sync-" + size, size, sent)).msgId());
                msgIds.add(producer.sendAsync(message(topic, "large-async-" + size, size, sent)).get(10, TimeUnit.SECONDS).msgId());
                assertThat(producer.sendOneway(message(topic, "large-oneway-" + size, size, sent))).isTrue();
            }

            Delivered delivered = new Delivered(sent);
            Set<String> seenMsgIds = ConcurrentHashMap.newKeySet();
            Set<String> compressed = ConcurrentHashMap.newKeySet();
            try (PushConsumer consumer = PushConsumer.builder().nameServers(broker.address()).group("apogee-group")
                .subscribe(topic, "*").consumeFrom(ConsumeFrom.FIRST)
                .listener(message -> {
                    delivered.record(message);
                    seenMsgIds.add(message.msgId());
                    if (message.isCompressed() && message.storedBodyLength() < message.bodyLength()) {
                        compressed.add(message.property("id"));
                    }
                })
                .build()) {
                Await.until("every message to arrive", DEADLINE, () -> delivered.total() >= sent.size());
                assertThat(consumer.failedCount()).isZero();
            }
            assertThat(delivered.counts.keySet()).containsExactlyInAnyOrderElementsOf(sent.keySet());
            assertThat(delivered.counts.values()).allSatisfy(count -> assertThat(count.get()).isEqualTo(1));
            assertThat(delivered.mismatches).isEmpty();
            assertThat(seenMsgIds).containsAll(msgIds);
            assertThat(compressed).as("bodies of 4 KiB and more travel compressed").hasSize(LARGE.length * 3);
        }
    }

    /** A message with id {@code id}, tag TagA, keys "key-id" and a {@code size}-byte body of text-like bytes. */
    static OutboundMessage message(String topic, String id, int size, Map<String, byte[]> sent) {
        SplittableRandom random = new SplittableRandom(id.hashCode());
        byte[] body = new byte[size];
        for (int i = 0; i < size; i++) {
            body[i] = (byte) ('a' + random.nextInt(16));
        }
        sent.put(id, body);
        return new OutboundMessage().topic(topic).body(body).tags("TagA").keys("key-" + id).putProperty("id", id);
    }
}
