package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.Constants;
import com.rabbitmq.stream.Consumer;
import com.rabbitmq.stream.Message;
import com.rabbitmq.stream.OffsetSpecification;
import com.rabbitmq.stream.Producer;
import com.rabbitmq.stream.impl.Client;
import io.apogee.testsupport.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The Java client's super stream producer and consumer against Apogee, over a real socket. The client creates and
 * deletes super streams with the commands of RabbitMQ 3.13; on an older RabbitMQ the target creates them with
 * {@code rabbitmq-streams}, and the producer's route and the consumer's partitions are tested all the same.
 */
class StreamSuperStreamTest extends StreamClientTestBase {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final byte[] END = "end".getBytes(StandardCharsets.UTF_8);

    @Test
    void aHashRoutingProducerSpreadsOverThePartitionsInOrderAndAConsumerReadsThemAll() throws Exception {
        String invoices = stream("invoices");
        // what the client's partitions(3) asks for: binding keys 0, 1 and 2
        target.createSuperStream(environment, invoices, List.of("0", "1", "2"));
        Client client = newClient(new Client.ClientParameters());
        assertThat(client.partitions(invoices)).containsExactly(invoices + "-0", invoices + "-1", invoices + "-2");
        // the hash is the key itself, so message i goes to the partition at index i % 3 of the partitions answered
        try (Producer producer = environment.producerBuilder().superStream(invoices)
            .routing(message -> message.getProperties().getMessageIdAsString()).hash(Integer::parseInt).producerBuilder()
            .build()) {
            send(producer, 300, i -> producer.messageBuilder().properties().messageId(Integer.toString(i)).messageBuilder()
                .addData(("invoice-" + i).getBytes(StandardCharsets.UTF_8)).build());
        }

        Map<String, String> bodies = new ConcurrentHashMap<>();
        AtomicInteger received = new AtomicInteger();
        try (Consumer consumer = environment.consumerBuilder().superStream(invoices).offset(OffsetSpecification.first())
            .messageHandler((context, message) -> {
                bodies.put(new String(message.getBodyAsBinary(), StandardCharsets.UTF_8), context.stream());
                received.incrementAndGet();
            }).build()) {
            assertThat(consumer).isNotNull();
            Await.until("300 messages from 3 partitions", WAIT, () -> received.get() >= 300);
        }
        assertThat(received).hasValue(300);
        assertThat(bodies).hasSize(300).containsEntry("invoice-4", invoices + "-1").containsEntry("invoice-299", invoices + "-2");
        assertThat(bodies.values()).as("100 messages in each partition").filteredOn((invoices + "-0")::equals).hasSize(100);

        if (target.supports(StreamFeature.SUPER_STREAM_COMMANDS)) {
            environment.deleteSuperStream(invoices);
            assertThat(client.metadata(invoices + "-0").get(invoices + "-0").getResponseCode()).as("the partitions went too")
                .isEqualTo(Constants.RESPONSE_CODE_STREAM_DOES_NOT_EXIST);
            assertThat(client.partitions(invoices)).isEmpty();
        }
        target.apogee().ifPresent(apogee -> assertThat(apogee.registry.superStreams().exists(invoices)).isFalse());
    }

    @Test
    void aKeyRoutingProducerSendsToThePartitionBoundWithTheKeyAndRouteAnswersIt() throws Exception {
        String regions = stream("regions");
        target.createSuperStream(environment, regions, List.of("amer", "emea", "apac"));
        Client client = newClient(new Client.ClientParameters());
        assertThat(client.partitions(regions)).containsExactly(regions + "-amer", regions + "-emea", regions + "-apac");
        assertThat(client.route("emea", regions)).containsExactly(regions + "-emea");
        assertThat(client.route("z", regions)).as("no partition bound with the key").isEmpty();
        try (Producer producer = environment.producerBuilder().superStream(regions)
            .routing(message -> message.getApplicationProperties().get("region").toString()).key().producerBuilder()
            .build()) {
            send(producer, 10, i -> producer.messageBuilder().applicationProperties().entry("region", "emea")
                .messageBuilder().addData(new byte[] {i.byteValue()}).build());
        }
        assertThat(messagesIn(regions + "-emea")).isEqualTo(10);
        assertThat(messagesIn(regions + "-amer")).isZero();
        assertThat(messagesIn(regions + "-apac")).isZero();

        if (target.supports(StreamFeature.SUPER_STREAM_COMMANDS)) {
            // the client takes STREAM_ALREADY_EXISTS as done, as for a stream; the definition stays as it was
            environment.streamCreator().name(regions).superStream().partitions(2).creator().create();
            assertThat(client.partitions(regions)).hasSize(3);
            assertThat(client.metadata(regions + "-0").get(regions + "-0").getResponseCode())
                .isEqualTo(Constants.RESPONSE_CODE_STREAM_DOES_NOT_EXIST);
        }
    }

    @Test
    void routeAndPartitionsOfAnUnknownSuperStreamAreEmpty() {
        Client client = newClient(new Client.ClientParameters());
        assertThat(client.partitions(stream("nowhere"))).isEmpty();
        assertThat(client.route("a", stream("nowhere"))).isEmpty();
    }

    /**
     * How many messages {@code stream} held: a marker is written after them and read back from the first offset, which
     * every broker answers (stream stats came in RabbitMQ 3.11).
     */
    private int messagesIn(String stream) throws InterruptedException {
        try (Producer producer = environment.producerBuilder().stream(stream).build()) {
            send(producer, 1, i -> producer.messageBuilder().addData(END).build());
        }
        List<byte[]> bodies = new CopyOnWriteArrayList<>();
        try (Consumer consumer = environment.consumerBuilder().stream(stream).offset(OffsetSpecification.first())
            .messageHandler((context, message) -> bodies.add(message.getBodyAsBinary())).build()) {
            assertThat(consumer).isNotNull();
            Await.until("the marker written to " + stream, WAIT, () -> !bodies.isEmpty() && isEnd(bodies.getLast()));
        }
        return bodies.size() - 1;
    }

    private static boolean isEnd(byte[] body) {
        return Arrays.equals(body, END);
    }

    private static void send(Producer producer, int count, Function<Integer, Message> message) throws InterruptedException {
        CountDownLatch confirmed = new CountDownLatch(count);
        AtomicInteger failed = new AtomicInteger();
        for (int i = 0; i < count; i++) {
            producer.send(message.apply(i), status -> {
                if (!status.isConfirmed()) {
                    failed.incrementAndGet();
                }
                confirmed.countDown();
            });
        }
        assertThat(confirmed.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
        assertThat(failed).hasValue(0);
    }
}
