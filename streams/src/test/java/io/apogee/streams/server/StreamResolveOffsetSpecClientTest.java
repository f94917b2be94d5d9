package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.Constants;
import com.rabbitmq.stream.OffsetSpecification;
import com.rabbitmq.stream.Producer;
import com.rabbitmq.stream.ProducerBuilder;
import com.rabbitmq.stream.impl.Client;
import io.apogee.testsupport.Await;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Java client's {@code Client.resolveOffsetSpec} against Apogee, over a real socket: for each offset specification
 * the resolved offset is the chunk id of the first chunk a subscription from that specification is sent. RabbitMQ has
 * the command since 4.3, so against 3.10 these tests are skipped.
 */
class StreamResolveOffsetSpecClientTest extends StreamClientTestBase {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final short OFFSET_TYPE = OffsetSpecification.offset(0).getType();

    /** The chunk id of the first chunk delivered to each subscription id. */
    private final Map<Byte, Long> firstChunks = new ConcurrentHashMap<>();
    private Client client;

    @Override
    StreamFeature requiredFeature() {
        return StreamFeature.RESOLVE_OFFSET_SPEC;
    }

    @BeforeEach
    void connectLowLevelClient() {
        client = newClient(new Client.ClientParameters().chunkListener((c, subscriptionId, offset, messages, size) -> {
            firstChunks.putIfAbsent(subscriptionId, offset);
            c.credit(subscriptionId, 1);
            return null;
        }));
    }

    @Test
    void eachSpecificationResolvesToTheChunkASubscriptionFromItStartsAt() throws Exception {
        String orders = stream("orders");
        environment.streamCreator().stream(orders).create();
        Client.ResolveOffsetSpecResponse empty = client.resolveOffsetSpec(orders, OffsetSpecification.first());
        assertThat(empty.isOk()).isTrue();
        assertThat(empty.offset()).as("an empty stream resolves to 0").isZero();

        publish(orders, null, 100);
        publish(orders, null, 100);
        long afterTwoBatches = System.currentTimeMillis();
        Await.until("the clock passes the second batch", WAIT, () -> System.currentTimeMillis() > afterTwoBatches);
        publish(orders, null, 100);
        publish(orders, null, 1);

        byte id = 1;
        assertResolvesWhereDeliveryStarts(orders, OffsetSpecification.first(), Map.of(), id++);
        assertResolvesWhereDeliveryStarts(orders, OffsetSpecification.last(), Map.of(), id++);
        assertResolvesWhereDeliveryStarts(orders, OffsetSpecification.offset(0), Map.of(), id++);
        assertResolvesWhereDeliveryStarts(orders, OffsetSpecification.offset(150), Map.of(), id++);
        assertResolvesWhereDeliveryStarts(orders, OffsetSpecification.timestamp(0), Map.of(), id++);
        long sinceThird = assertResolvesWhereDeliveryStarts(orders, OffsetSpecification.timestamp(afterTwoBatches + 1),
            Map.of(), id++);
        assertThat(sinceThird).as("the first chunk written after the clock passed").isEqualTo(200);
        long last = client.resolveOffsetSpec(orders, OffsetSpecification.last()).offset();
        assertThat(last).as("the last chunk holds the last message alone").isEqualTo(300);

        Client.ResolveOffsetSpecResponse next = client.resolveOffsetSpec(orders, OffsetSpecification.next());
        Client.ResolveOffsetSpecResponse past = client.resolveOffsetSpec(orders, OffsetSpecification.offset(10_000));
        assertThat(next.offset()).isEqualTo(301);
        assertThat(past.offset()).as("past the end: the next offset").isEqualTo(301);
        byte fromNext = id++;
        byte fromPast = id;
        assertThat(client.subscribe(fromNext, orders, OffsetSpecification.next(), 1).isOk()).isTrue();
        assertThat(client.subscribe(fromPast, orders, OffsetSpecification.offset(10_000), 1).isOk()).isTrue();
        publish(orders, null, 5);
        Await.until("the chunk after next", WAIT, () -> firstChunks.containsKey(fromNext) && firstChunks.containsKey(fromPast));
        assertThat(firstChunks.get(fromNext)).isEqualTo(next.offset());
        assertThat(firstChunks.get(fromPast)).isEqualTo(past.offset());
    }

    @Test
    void filterValuesResolveToTheFirstChunkAFilteringSubscriptionIsSent() throws Exception {
        assumeServed(StreamFeature.FILTERING);
        String states = stream("states");
        environment.streamCreator().stream(states).create();
        publish(states, "california", 100);
        publish(states, "texas", 50);
        publish(states, "california", 20);

        long texas = assertResolvesWhereDeliveryStarts(states, OffsetSpecification.first(), Map.of("filter.0", "texas"),
            (byte) 1);
        assertThat(texas).as("the texan chunk starts after the 100 californian messages").isEqualTo(100);
        long nevada = client.resolveOffsetSpec(states, OffsetSpecification.first(), Map.of("filter.0", "nevada")).offset();
        assertThat(nevada).as("no chunk holds the value: the next offset").isEqualTo(170);
    }

    @Test
    void anUnknownStreamIsAnsweredStreamDoesNotExist() {
        Client.ResolveOffsetSpecResponse response = client.resolveOffsetSpec(stream("nowhere"), OffsetSpecification.first());
        assertThat(response.isOk()).isFalse();
        assertThat(response.getResponseCode()).isEqualTo(Constants.RESPONSE_CODE_STREAM_DOES_NOT_EXIST);
    }

    /** Resolves {@code spec}, subscribes from it with {@code properties}, and checks both name the same chunk; its id. */
    private long assertResolvesWhereDeliveryStarts(String stream, OffsetSpecification spec, Map<String, String> properties,
        byte subscriptionId) throws InterruptedException {
        Client.ResolveOffsetSpecResponse resolved = client.resolveOffsetSpec(stream, spec, properties);
        assertThat(resolved.isOk()).as("resolved %s", spec).isTrue();
        assertThat(resolved.offsetType()).isEqualTo(OFFSET_TYPE);
        assertThat(client.subscribe(subscriptionId, stream, spec, 1, properties).isOk()).isTrue();
        Await.until("the first chunk from " + spec, WAIT, () -> firstChunks.containsKey(subscriptionId));
        assertThat(resolved.offset()).as("resolved %s", spec).isEqualTo(firstChunks.get(subscriptionId));
        return resolved.offset();
    }

    /** Publishes {@code count} messages with the filter value {@code state} (null: none) and waits for their confirms. */
    private void publish(String stream, String state, int count) throws InterruptedException {
        CountDownLatch confirmed = new CountDownLatch(count);
        AtomicInteger failed = new AtomicInteger();
        ProducerBuilder builder = environment.producerBuilder().stream(stream);
        if (state != null) {
            builder.filterValue(message -> state);
        }
        try (Producer producer = builder.build()) {
            for (int i = 0; i < count; i++) {
                producer.send(producer.messageBuilder().addData(new byte[] {(byte) i}).build(), status -> {
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
