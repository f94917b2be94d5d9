package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.rabbitmq.stream.ByteCapacity;
import com.rabbitmq.stream.Constants;
import com.rabbitmq.stream.Consumer;
import com.rabbitmq.stream.OffsetSpecification;
import com.rabbitmq.stream.Producer;
import com.rabbitmq.stream.StreamException;
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

/**
 * The Java client creates streams with retention arguments, over a real socket; the broker applies them. Whether old
 * segments went is read from where a consumer from {@code first} starts, which every broker answers.
 */
class StreamRetentionClientTest extends StreamClientTestBase {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final int SEGMENT = 64 * 1024;
    private static final int MESSAGES = 5_000;

    @Test
    void aStreamOverItsMaxLengthDropsOldSegmentsAndFirstIsTheFirstChunkKept() throws Exception {
        String capped = stream("capped");
        environment.streamCreator().stream(capped).maxLengthBytes(ByteCapacity.B(3L * SEGMENT))
            .maxSegmentSizeBytes(ByteCapacity.B(SEGMENT)).maxAge(Duration.ofHours(1)).create();
        target.apogee().ifPresent(apogee -> {
            assertThat(apogee.registry.get(capped).options().segmentSize()).isEqualTo(SEGMENT);
            assertThat(apogee.registry.get(capped).options().maxAgeMillis()).isEqualTo(Duration.ofHours(1).toMillis());
        });

        publish(capped, MESSAGES, new byte[100]);
        List<Long> offsets = new CopyOnWriteArrayList<>();
        try (Consumer consumer = consumerOnceAvailable(capped, offsets)) {
            assertThat(consumer).isNotNull();
            Await.until("the last message", WAIT, () -> offsets.contains((long) MESSAGES - 1));
        }
        long firstKept = offsets.getFirst();
        assertThat(firstKept).as("older segments were dropped").isPositive();
        assertThat(offsets).hasSize((int) (MESSAGES - firstKept)).isSorted().doesNotHaveDuplicates();
        assertThat((MESSAGES - firstKept) * 100).as("the bodies kept fit in the maximum length and the segment written")
            .isLessThanOrEqualTo(4L * SEGMENT);
        if (target.supports(StreamFeature.STREAM_STATS)) {
            assertThat(environment.queryStreamStats(capped).firstOffset()).as("stream stats").isEqualTo(firstKept);
        }
        target.apogee().ifPresent(apogee -> {
            StreamLog log = apogee.registry.get(capped);
            assertThat(log.nextOffset()).isEqualTo(MESSAGES);
            assertThat(log.firstOffset()).isEqualTo(firstKept);
            assertThat(log.segmentCount()).isLessThanOrEqualTo(3);
            assertThat(dir.resolve(capped).toFile().list((parent, name) -> name.matches("[0-9]{20}")))
                .hasSize(log.segmentCount());
        });
    }

    @Test
    void retentionArgumentsOutsideTheirRulesArePreconditionFailed() {
        // RabbitMQ's stream plugin passes these on unchecked (3.10 creates a stream with a max-age of 1x); refusing them
        // is Apogee's own check of what a client sends, with the rules of RabbitMQ's queue arguments
        assumeTrue(target.apogee().isPresent(), "RabbitMQ's stream plugin does not check the retention arguments");
        Client client = newClient(new Client.ClientParameters());
        String refused = stream("refused");
        for (Map<String, String> arguments : List.of(Map.of("max-age", "1x"), Map.of("max-age", "0s"),
            Map.of("max-length-bytes", "-5"), Map.of("max-length-bytes", "ten"),
            Map.of("stream-max-segment-size-bytes", "100"))) {
            assertThat(client.create(refused, arguments).getResponseCode()).as(arguments.toString())
                .isEqualTo(Constants.RESPONSE_CODE_PRECONDITION_FAILED);
        }
        assertThat(client.metadata(refused).get(refused).getResponseCode()).as("no stream was created")
            .isEqualTo(Constants.RESPONSE_CODE_STREAM_DOES_NOT_EXIST);
    }

    @Test
    void retentionArgumentsWithinTheirRulesAreTaken() {
        Client client = newClient(new Client.ClientParameters());
        String taken = stream("taken");
        assertThat(client.create(taken, Map.of("max-age", "7D", "max-length-bytes", "0")).isOk()).isTrue();
        target.apogee().ifPresent(apogee -> assertThat(apogee.registry.get(taken).options().maxAgeMillis())
            .isEqualTo(Duration.ofDays(7).toMillis()));
    }

    /**
     * A consumer of {@code stream} from its first offset, adding each offset to {@code offsets}. A loaded RabbitMQ 3.10
     * node may answer "no node available to consume from stream" for a moment after the segments roll: asked again.
     */
    private Consumer consumerOnceAvailable(String stream, List<Long> offsets) throws InterruptedException {
        Consumer[] consumer = new Consumer[1];
        Await.until("a consumer of " + stream, WAIT, () -> {
            try {
                consumer[0] = environment.consumerBuilder().stream(stream).offset(OffsetSpecification.first())
                    .messageHandler((context, message) -> offsets.add(context.offset())).build();
                return true;
            } catch (StreamException | IllegalStateException notYet) {
                return false;
            }
        });
        return consumer[0];
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
