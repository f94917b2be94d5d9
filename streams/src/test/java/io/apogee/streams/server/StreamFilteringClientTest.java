package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The Java client's filtering API against Apogee, over a real socket: a producer with a filter value publishes in v2,
 * so each chunk carries a bloom filter, and a filtering consumer (deliver v2) is sent only the chunks of the values it
 * asks for. The client's post filter therefore never sees a message of a chunk that holds none of them.
 *
 * <p>Each producer is closed before the next starts, so a chunk holds the messages of one value only. RabbitMQ has
 * filtering since 3.13, so against 3.10 these tests are skipped; what they check of Apogee's files runs on Apogee only.
 */
class StreamFilteringClientTest extends StreamClientTestBase {
    private static final Duration WAIT = Duration.ofSeconds(20);

    @Override
    StreamFeature requiredFeature() {
        return StreamFeature.FILTERING;
    }

    @Test
    void aFilteringConsumerIsSentOnlyTheChunksOfItsFilterValue() throws Exception {
        String states = californiaTexasCalifornia();
        target.apogee().ifPresent(apogee -> assertThat(apogee.registry.get(states).nextOffset()).isEqualTo(250));

        List<String> received = new CopyOnWriteArrayList<>();
        List<String> seenByPostFilter = new CopyOnWriteArrayList<>();
        List<Long> offsets = new CopyOnWriteArrayList<>();
        try (Consumer consumer = environment.consumerBuilder().stream(states).offset(OffsetSpecification.first())
            .filter().values("california").postFilter(message -> {
                seenByPostFilter.add(state(message));
                return "california".equals(state(message));
            }).builder()
            .messageHandler((context, message) -> {
                received.add(state(message));
                offsets.add(context.offset());
            }).build()) {
            assertThat(consumer).isNotNull();
            Await.until("the 150 californian messages", WAIT, () -> received.size() >= 150);
        }
        assertThat(received).hasSize(150).containsOnly("california");
        assertThat(offsets).isSorted().doesNotHaveDuplicates().last().isEqualTo(249L);
        assertThat(seenByPostFilter).as("no texan chunk was delivered").hasSize(150).containsOnly("california");
    }

    @Test
    void theLowLevelClientCountsFewerChunksThanWerePublished() throws Exception {
        String states = californiaTexasCalifornia();
        publish(states, "nevada", 30);
        int published = target.apogee().orElseThrow().registry.get(states).chunkCount();

        AtomicInteger chunks = new AtomicInteger();
        AtomicInteger messages = new AtomicInteger();
        AtomicLong lastOffset = new AtomicLong(-1);
        Client client = newClient(new Client.ClientParameters()
            .chunkListener((c, subscriptionId, offset, messageCount, dataSize) -> {
                chunks.incrementAndGet();
                c.credit(subscriptionId, 1);
                return null;
            })
            .messageListener((subscriptionId, offset, chunkTimestamp, committedChunkId, chunkContext, message) -> {
                messages.incrementAndGet();
                lastOffset.set(offset);
            }));
        try {
            assertThat(client.subscribe((byte) 1, states, OffsetSpecification.first(), 1,
                Map.of("filter.0", "texas", "filter.1", "nevada")).isOk()).isTrue();
            Await.until("the texan and nevadan messages", WAIT, () -> messages.get() >= 130 && lastOffset.get() == 279);
        } finally {
            client.close();
        }
        assertThat(messages.get()).as("the messages of the delivered chunks").isEqualTo(130);
        assertThat(chunks.get()).isPositive().isLessThan(published);
    }

    @Test
    void aStreamCreatedWithAFilterSizeWritesFiltersOfThatSize() throws Exception {
        String states = stream("states");
        environment.streamCreator().stream(states).filterSize(32).create();
        publish(states, "california", 10);
        publish(states, "texas", 10);
        StreamLog.ChunkBytes first = target.apogee().orElseThrow().registry.get(states).retainChunk(0);
        try {
            assertThat(first.bloomSize()).isEqualTo(32);
        } finally {
            first.segment().release();
        }
        List<String> seenByPostFilter = new CopyOnWriteArrayList<>();
        try (Consumer consumer = environment.consumerBuilder().stream(states).offset(OffsetSpecification.first())
            .filter().values("texas").postFilter(message -> seenByPostFilter.add(state(message))).builder()
            .messageHandler((context, message) -> { }).build()) {
            assertThat(consumer).isNotNull();
            Await.until("the 10 texan messages", WAIT, () -> seenByPostFilter.size() >= 10);
        }
        assertThat(seenByPostFilter).hasSize(10).containsOnly("texas");

        Client client = newClient(new Client.ClientParameters());
        try {
            for (String size : List.of("15", "256", "x")) {
                assertThat(client.create(stream("bad"), Map.of("stream-filter-size-bytes", size)).getResponseCode()).as(size)
                    .isEqualTo(Constants.RESPONSE_CODE_PRECONDITION_FAILED);
            }
        } finally {
            client.close();
        }
    }

    /** A new stream of 100 californian, 100 texan and 50 californian messages, one value per chunk; its name. */
    private String californiaTexasCalifornia() throws InterruptedException {
        String states = stream("states");
        environment.streamCreator().stream(states).create();
        publish(states, "california", 100);
        publish(states, "texas", 100);
        publish(states, "california", 50);
        return states;
    }

    private static String state(com.rabbitmq.stream.Message message) {
        return (String) message.getApplicationProperties().get("state");
    }

    private void publish(String stream, String state, int count) throws InterruptedException {
        CountDownLatch confirmed = new CountDownLatch(count);
        try (Producer producer = environment.producerBuilder().stream(stream).filterValue(StreamFilteringClientTest::state)
            .build()) {
            for (int i = 0; i < count; i++) {
                producer.send(producer.messageBuilder().applicationProperties().entry("state", state).messageBuilder()
                    .addData(new byte[] {(byte) i}).build(), status -> confirmed.countDown());
            }
            assertThat(confirmed.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
        }
    }
}
