package io.apogee.testsupport.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.testsupport.Await;
import io.apogee.testsupport.Received;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every kind of send of a client (sync, batch, async, oneway, compressed) against one shared broker that is also its
 * name server, each message checked as a push consumer receives it: once, with body, tags, keys and properties
 * intact. A subclass names the client and the broker ({@link ScenarioTarget}). JUnit runs one instance per class, on one thread.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Tag("slow")
public abstract class SendScenarios {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final long LARGE_BODY_SEED = 0x5eed;
    private static final int LARGE_BODY = 10 * 1024; // over 4 KiB: the producer compresses it

    private BrokerUnderTest broker;
    private ClientDriver driver;

    private final ScenarioTarget target;

    /** Scenarios run by {@code target}'s client against its broker. */
    protected SendScenarios(ScenarioTarget target) {
        this.target = target;
    }

    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        driver = target.driver();
        broker = target.broker().start(dir.resolve("broker"), Map.of());
    }

    @AfterAll
    void stop() {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void syncAndBatchSendsReachAPushConsumerOnceWithBodiesAndPropertiesIntact() throws Exception {
        String topic = "SyncBatchTopic";
        Received<Incoming> received = Received.incoming();
        Map<String, Outgoing> sent = new ConcurrentHashMap<>();
        try (DriverProducer producer = driver.producer(broker.address(), "PG-sync");
             DriverPushConsumer consumer = driver.pushConsumer(broker.address(), PushSpec.of("CG-sync", topic), received::record)) {
            for (int i = 0; i < 10; i++) {
                Outgoing message = message(topic, i);
                SendReceipt receipt = producer.send(message);
                assertThat(receipt.ok()).as("SEND_OK").isTrue();
                assertThat(receipt.offsetMsgId()).hasSize(32);
                assertThat(receipt.brokerName()).isEqualTo("broker-a");
                sent.put(receipt.msgId(), message);
            }
            List<Outgoing> batch = new ArrayList<>();
            for (int i = 10; i < 15; i++) {
                batch.add(message(topic, i));
            }
            SendReceipt batchReceipt = producer.sendBatch(batch);
            assertThat(batchReceipt.ok()).as("SEND_OK").isTrue();
            assertThat(batchReceipt.offsetMsgId().split(",")).hasSize(5);
            String[] batchIds = batchReceipt.msgId().split(",");
            for (int i = 0; i < batch.size(); i++) {
                sent.put(batchIds[i], batch.get(i));
            }

            consumer.start();
            Await.until("the first 15 messages", DEADLINE, () -> received.total() >= sent.size());
            // the consumer's pulls are now held: new sends wake them
            for (int i = 15; i < 25; i++) {
                Outgoing message = message(topic, i);
                sent.put(producer.send(message).msgId(), message);
            }
            Await.until("all 25 messages", DEADLINE, () -> received.total() >= sent.size());
        }
        assertThat(received.messages().keySet()).containsExactlyInAnyOrderElementsOf(sent.keySet());
        assertThat(received.maxCount()).as("deliveries per message").isEqualTo(1);
        for (Map.Entry<String, Incoming> entry : received.messages().entrySet()) {
            Outgoing expected = sent.get(entry.getKey());
            Incoming actual = entry.getValue();
            assertThat(actual.topic()).isEqualTo(topic);
            assertThat(actual.body()).isEqualTo(expected.body());
            assertThat(actual.tags()).isEqualTo(expected.tags());
            assertThat(actual.keys()).isEqualTo(expected.keys());
            assertThat(actual.property("seq")).isEqualTo(expected.property("seq"));
            assertThat(actual.property("CLUSTER")).isEqualTo("DefaultCluster");
            assertThat(actual.bodyCrc()).as("stored body CRC").isEqualTo(bodyCrc(expected.body()));
        }
    }

    @Test
    void syncBatchAsyncOnewayAndCompressedSendsReachAPushConsumerOnceIntact() throws Exception {
        String topic = "EveryKindTopic";
        Map<String, Outgoing> bySeq = new ConcurrentHashMap<>();
        Map<String, String> idBySeq = new ConcurrentHashMap<>();
        Received<Incoming> received = Received.incoming();
        try (DriverProducer producer = driver.producer(broker.address(), "PG-every")) {
            for (int i = 0; i < 5; i++) {
                Outgoing message = remember(bySeq, message(topic, i));
                SendReceipt receipt = producer.send(message);
                assertThat(receipt.ok()).as("SEND_OK").isTrue();
                assertThat(receipt.offsetMsgId()).hasSize(32);
                idBySeq.put(message.property("seq"), receipt.msgId());
            }
            List<Outgoing> batch = List.of(message(topic, 5), message(topic, 6), message(topic, 7));
            batch.forEach(message -> remember(bySeq, message));
            String[] batchIds = producer.sendBatch(batch).msgId().split(",");
            for (int i = 0; i < batch.size(); i++) {
                idBySeq.put(batch.get(i).property("seq"), batchIds[i]);
            }
            CountDownLatch acknowledged = new CountDownLatch(3);
            for (int i = 8; i < 11; i++) {
                Outgoing message = remember(bySeq, message(topic, i));
                producer.sendAsync(message, receipt -> {
                    if (receipt.ok()) {
                        idBySeq.put(message.property("seq"), receipt.msgId());
                        acknowledged.countDown();
                    }
                });
            }
            assertThat(acknowledged.await(DEADLINE.toSeconds(), TimeUnit.SECONDS)).as("async sends acknowledged").isTrue();
            Random random = new Random(LARGE_BODY_SEED);
            for (int i = 11; i < 13; i++) {
                byte[] large = new byte[LARGE_BODY];
                random.nextBytes(large);
                Outgoing message = remember(bySeq, new Outgoing(topic, "TagL", "key-large-" + i, large, Map.of("seq",
                    Integer.toString(i))));
                SendReceipt receipt = producer.send(message);
                assertThat(receipt.ok()).as("SEND_OK").isTrue();
                idBySeq.put(message.property("seq"), receipt.msgId());
            }
            for (int i = 13; i < 16; i++) {
                producer.sendOneway(remember(bySeq, message(topic, i))); // no message id comes back
            }
        }

        try (DriverPushConsumer consumer = driver.pushConsumer(broker.address(), PushSpec.of("CG-every", topic), received::record)) {
            consumer.start();
            Await.until("every message", DEADLINE, () -> received.total() >= bySeq.size());
        }
        assertThat(received.maxCount()).as("deliveries per message").isEqualTo(1);
        Map<String, Incoming> receivedBySeq = new ConcurrentHashMap<>();
        received.messages().values().forEach(message -> receivedBySeq.put(message.property("seq"), message));
        assertThat(receivedBySeq.keySet()).containsExactlyInAnyOrderElementsOf(bySeq.keySet());
        bySeq.forEach((seq, expected) -> {
            Incoming actual = receivedBySeq.get(seq);
            assertThat(actual.body()).as("body of " + seq).isEqualTo(expected.body());
            assertThat(actual.tags()).as("tags of " + seq).isEqualTo(expected.tags());
            assertThat(actual.keys()).as("keys of " + seq).isEqualTo(expected.keys());
            if (idBySeq.containsKey(seq)) {
                assertThat(actual.msgId()).as("message id of " + seq).isEqualTo(idBySeq.get(seq));
            }
        });
        assertThat(idBySeq).as("an id for every send but the oneway ones").hasSize(bySeq.size() - 3);
    }

    private static Outgoing remember(Map<String, Outgoing> bySeq, Outgoing message) {
        bySeq.put(message.property("seq"), message);
        return message;
    }

    private static Outgoing message(String topic, int i) {
        return new Outgoing(topic, i % 2 == 0 ? "TagA" : "TagB", "key-" + i,
            ("body " + i + " ü").getBytes(StandardCharsets.UTF_8), Map.of("seq", Integer.toString(i)));
    }

    /** The body CRC RocketMQ stores: CRC-32 of the body, kept positive. */
    private static int bodyCrc(byte[] body) {
        CRC32 crc = new CRC32();
        crc.update(body);
        return (int) (crc.getValue() & 0x7FFFFFFF);
    }
}
