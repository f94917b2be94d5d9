package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.ByteCapacity;
import com.rabbitmq.stream.Constants;
import com.rabbitmq.stream.Consumer;
import com.rabbitmq.stream.OffsetSpecification;
import com.rabbitmq.stream.Producer;
import com.rabbitmq.stream.impl.Client;
import io.apogee.streams.log.StreamLog;
import io.apogee.testsupport.Await;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The Java client creates streams with retention arguments, over a real socket; the broker applies them. */
class StreamRetentionClientTest extends StreamClientTestBase {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final int SEGMENT = 64 * 1024;
    private static final int MESSAGES = 5_000;

    @Test
    void aStreamOverItsMaxLengthDropsOldSegmentsAndFirstIsTheFirstChunkKept() throws Exception {
        environment.streamCreator().stream("capped").maxLengthBytes(ByteCapacity.B(3L * SEGMENT))
            .maxSegmentSizeBytes(ByteCapacity.B(SEGMENT)).maxAge(Duration.ofHours(1)).create();
        StreamLog log = broker.registry.get("capped");
        assertThat(log.options().segmentSize()).isEqualTo(SEGMENT);
        assertThat(log.options().maxAgeMillis()).isEqualTo(Duration.ofHours(1).toMillis());

        publish("capped", MESSAGES, new byte[100]);
        assertThat(log.nextOffset()).isEqualTo(MESSAGES);
        assertThat(log.segmentCount()).isLessThanOrEqualTo(3);
        assertThat(dir.resolve("capped").toFile().list((parent, name) -> name.matches("[0-9]{20}"))).hasSize(log.segmentCount());
        long firstKept = log.firstOffset();
        assertThat(firstKept).as("older segments were dropped").isPositive();
        assertThat(environment.queryStreamStats("capped").firstOffset()).as("stream stats").isEqualTo(firstKept);

        List<Long> offsets = new CopyOnWriteArrayList<>();
        try (Consumer consumer = environment.consumerBuilder().stream("capped").offset(OffsetSpecification.first())
            .messageHandler((context, message) -> offsets.add(context.offset())).build()) {
            assertThat(consumer).isNotNull();
            Await.until("the messages kept", WAIT, () -> offsets.size() >= MESSAGES - firstKept);
        }
        assertThat(offsets.getFirst()).isEqualTo(firstKept);
        assertThat(offsets).hasSize((int) (MESSAGES - firstKept)).isSorted().doesNotHaveDuplicates()
            .last().isEqualTo((long) MESSAGES - 1);
    }

    @Test
    void retentionArgumentsRabbitMqRefusesArePreconditionFailed() {
        Client client = new Client(new Client.ClientParameters().host("127.0.0.1").port(broker.port()));
        try {
            for (Map<String, String> arguments : List.of(Map.of("max-age", "1x"), Map.of("max-age", "0s"),
                Map.of("max-length-bytes", "-5"), Map.of("max-length-bytes", "ten"),
                Map.of("stream-max-segment-size-bytes", "100"))) {
                assertThat(client.create("refused", arguments).getResponseCode()).as(arguments.toString())
                    .isEqualTo(Constants.RESPONSE_CODE_PRECONDITION_FAILED);
            }
            assertThat(broker.registry.get("refused")).isNull();
            assertThat(client.create("taken", Map.of("max-age", "7D", "max-length-bytes", "0")).isOk()).isTrue();
            assertThat(broker.registry.get("taken").options().maxAgeMillis()).isEqualTo(Duration.ofDays(7).toMillis());
        } finally {
            client.close();
        }
    }

    private void publish(String stream, int count, byte[] body) throws InterruptedException {
        CountDownLatch confirmed = new CountDownLatch(count);
        AtomicInteger failed = new AtomicInteger();
        try (Producer producer = environment.producerBuilder().stream(stream).build()) {
            for (int i = 0; i < count; i++) {
                producer.send(producer.messageBuilder().addData(body).build(), status -> {
                    if (!status.isConfirmed()) {
                        failed.incrementAndGet();
                    }
                    confirmed.countDown();
                });
            }
            assertThat(confirmed.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
        }
        assertThat(failed).hasValue(0);
    }
}
