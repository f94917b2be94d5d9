package io.apogee.broker.streams;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.Consumer;
import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.OffsetSpecification;
import com.rabbitmq.stream.Producer;
import io.apogee.broker.TestBroker;
import io.apogee.testsupport.Await;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The broker process serves RabbitMQ's stream protocol next to RocketMQ's: the official Java stream client publishes to
 * it, and what it stored (messages, a consumer's offset, a named producer's sequence) is read back after the broker
 * restarts on the same data directory.
 */
@Tag("slow") // two broker starts: about 20 s on a loaded machine
class BrokerStreamPortTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final Map<String, String> SMALL_SEGMENTS = Map.of("streamMaxSegmentSizeBytes", Integer.toString(1 << 21));

    @TempDir
    Path dir;

    @Test
    void messagesOffsetsAndSequencesStoredBeforeARestartAreThereAfterIt() throws Exception {
        long lastPublishingId;
        try (TestBroker broker = TestBroker.start(dir, SMALL_SEGMENTS)) {
            assertThat(broker.context().streamPort()).isPositive();
            try (Environment environment = environment(broker)) {
                environment.streamCreator().stream("events").create();
                // 1 KiB bodies in frames of up to 100 messages: several 2 MiB segments
                byte[] body = new byte[1024];
                CountDownLatch confirmed = new CountDownLatch(5_000);
                try (Producer producer = environment.producerBuilder().stream("events").name("loader").build()) {
                    for (int i = 0; i < 5_000; i++) {
                        body[0] = (byte) i;
                        producer.send(producer.messageBuilder().addData(body.clone()).build(), status -> confirmed.countDown());
                    }
                    assertThat(confirmed.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
                    lastPublishingId = producer.getLastPublishingId();
                }
                try (Consumer reader = environment.consumerBuilder().stream("events").name("reader")
                    .manualTrackingStrategy().builder().messageHandler((context, message) -> { }).build()) {
                    reader.store(1_234);
                    Await.until("the stored offset", WAIT, () -> reader.storedOffset() == 1_234);
                }
            }
        }
        try (Stream<Path> segments = Files.list(dir.resolve("streams").resolve("events"))) {
            assertThat(segments.count()).as("segment files").isGreaterThan(1);
        }
        try (TestBroker broker = TestBroker.start(dir, SMALL_SEGMENTS); Environment environment = environment(broker)) {
            List<Long> offsets = new CopyOnWriteArrayList<>();
            List<Byte> firstBytes = new CopyOnWriteArrayList<>();
            try (Consumer consumer = environment.consumerBuilder().stream("events").offset(OffsetSpecification.first())
                .messageHandler((context, message) -> {
                    offsets.add(context.offset());
                    firstBytes.add(message.getBodyAsBinary()[0]);
                }).build()) {
                assertThat(consumer).isNotNull();
                Await.until("5000 messages after the restart", WAIT, () -> offsets.size() >= 5_000);
            }
            assertThat(offsets).hasSize(5_000).isSorted().doesNotHaveDuplicates();
            assertThat(offsets.getLast()).isEqualTo(4_999L);
            assertThat(firstBytes.get(4_321)).isEqualTo((byte) 4_321);
            try (Consumer reader = environment.consumerBuilder().stream("events").name("reader")
                .manualTrackingStrategy().builder().messageHandler((context, message) -> { }).build()) {
                assertThat(reader.storedOffset()).isEqualTo(1_234);
            }
            try (Producer loader = environment.producerBuilder().stream("events").name("loader").build()) {
                assertThat(loader.getLastPublishingId()).isEqualTo(lastPublishingId).isPositive();
            }
        }
    }

    private static Environment environment(TestBroker broker) {
        return Environment.builder().host("127.0.0.1").port(broker.context().streamPort()).build();
    }
}
