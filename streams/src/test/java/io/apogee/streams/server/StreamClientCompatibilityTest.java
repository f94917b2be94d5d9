package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.Consumer;
import com.rabbitmq.stream.OffsetSpecification;
import com.rabbitmq.stream.Producer;
import io.apogee.testsupport.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * RabbitMQ's own Java stream client against Apogee's stream port, over a real socket; {@link StreamClientsOnRabbitMqTest}
 * runs the same tests against RabbitMQ.
 */
class StreamClientCompatibilityTest extends StreamClientTestBase {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final int MESSAGES = 1_000;

    @Test
    void publishedMessagesAreConfirmedAndConsumedFromFirstFromAnOffsetAndNext() throws Exception {
        String orders = stream("orders");
        environment.streamCreator().stream(orders).create();
        publish(orders, 0, MESSAGES);

        List<Long> fromFirst = consume(orders, OffsetSpecification.first(), MESSAGES);
        assertThat(fromFirst).hasSize(MESSAGES).first().isEqualTo(0L);
        assertThat(fromFirst).isSorted().doesNotHaveDuplicates().last().isEqualTo((long) MESSAGES - 1);

        List<Long> fromOffset = consume(orders, OffsetSpecification.offset(700), MESSAGES - 700);
        assertThat(fromOffset).hasSize(MESSAGES - 700).first().isEqualTo(700L);

        List<String> bodies = new CopyOnWriteArrayList<>();
        try (Consumer next = environment.consumerBuilder().stream(orders).offset(OffsetSpecification.next())
            .messageHandler((context, message) -> bodies.add(new String(message.getBodyAsBinary(), StandardCharsets.UTF_8)))
            .build()) {
            assertThat(next).isNotNull();
            publish(orders, MESSAGES, 5);
            Await.until("the 5 messages after the subscription", WAIT, () -> bodies.size() >= 5);
            assertThat(bodies).containsExactly("m-1000", "m-1001", "m-1002", "m-1003", "m-1004");
        }
    }

    @Test
    void lastStartsAtTheLastChunkAndATimestampAtTheFirstChunkWrittenSinceThen() throws Exception {
        String audit = stream("audit");
        environment.streamCreator().stream(audit).create();
        publish(audit, 0, 300);
        // published once the 300 are confirmed, so no broker can put it in their chunk: it is a chunk of its own
        publish(audit, 300, 1);

        List<Long> fromLast = consume(audit, OffsetSpecification.last(), 1);
        assertThat(fromLast).as("the last chunk holds only the last message").containsExactly(300L);

        List<Long> sinceEver = consume(audit, OffsetSpecification.timestamp(0), 301);
        assertThat(sinceEver).hasSize(301).first().isEqualTo(0L);
    }

    @Test
    void aStoredOffsetIsQueriedBack() throws Exception {
        String tracked = stream("tracked");
        environment.streamCreator().stream(tracked).create();
        publish(tracked, 0, 10);
        AtomicInteger seen = new AtomicInteger();
        try (Consumer consumer = environment.consumerBuilder().stream(tracked).name("billing")
            .offset(OffsetSpecification.first()).manualTrackingStrategy().builder()
            .messageHandler((context, message) -> seen.incrementAndGet()).build()) {
            Await.until("10 messages", WAIT, () -> seen.get() == 10);
            consumer.store(7);
            Await.until("the stored offset", WAIT, () -> consumer.storedOffset() == 7);
        }
    }

    @Test
    void aNamedPublisherQueriesItsLastPublishingId() throws Exception {
        String dedup = stream("dedup");
        environment.streamCreator().stream(dedup).create();
        try (Producer producer = environment.producerBuilder().stream(dedup).name("p-1").build()) {
            assertThat(producer.getLastPublishingId()).isZero();
            CountDownLatch confirmed = new CountDownLatch(5);
            for (int i = 0; i < 5; i++) {
                producer.send(producer.messageBuilder().publishingId(i + 1).addData(new byte[] {(byte) i}).build(),
                    status -> confirmed.countDown());
            }
            assertThat(confirmed.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
            assertThat(producer.getLastPublishingId()).isEqualTo(5);
            // ids already written are confirmed but not stored again
            CountDownLatch again = new CountDownLatch(1);
            producer.send(producer.messageBuilder().publishingId(3).addData(new byte[] {9}).build(), status -> again.countDown());
            assertThat(again.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
        }
        // a message written after the repeated one: once it is read, everything stored before it has been read too
        publish(dedup, 5, 1);
        List<Integer> bodies = new CopyOnWriteArrayList<>();
        try (Consumer consumer = environment.consumerBuilder().stream(dedup).offset(OffsetSpecification.first())
            .messageHandler((context, message) -> bodies.add(message.getBodyAsBinary().length == 1
                ? (int) message.getBodyAsBinary()[0] : -1)).build()) {
            assertThat(consumer).isNotNull();
            Await.until("the message written after the repeated one", WAIT, () -> bodies.contains(-1));
        }
        assertThat(bodies).containsExactly(0, 1, 2, 3, 4, -1);
    }

    private void publish(String stream, int from, int count) throws InterruptedException {
        CountDownLatch confirmed = new CountDownLatch(count);
        AtomicInteger failed = new AtomicInteger();
        try (Producer producer = environment.producerBuilder().stream(stream).build()) {
            for (int i = from; i < from + count; i++) {
                producer.send(producer.messageBuilder().addData(("m-" + i).getBytes(StandardCharsets.UTF_8)).build(), status -> {
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

    private List<Long> consume(String stream, OffsetSpecification from, int expected) throws InterruptedException {
        List<Long> offsets = new CopyOnWriteArrayList<>();
        try (Consumer consumer = environment.consumerBuilder().stream(stream).offset(from)
            .messageHandler((context, message) -> offsets.add(context.offset())).build()) {
            assertThat(consumer).isNotNull();
            Await.until(expected + " messages of " + stream, WAIT, () -> offsets.size() >= expected);
        }
        return offsets;
    }
}
