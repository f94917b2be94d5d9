package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.Constants;
import com.rabbitmq.stream.Consumer;
import com.rabbitmq.stream.Message;
import com.rabbitmq.stream.NoOffsetException;
import com.rabbitmq.stream.OffsetSpecification;
import com.rabbitmq.stream.Producer;
import com.rabbitmq.stream.impl.Client;
import io.apogee.testsupport.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The Java client's super stream producer and consumer against Apogee, over a real socket. The client creates super
 * streams with the commands of RabbitMQ 3.13; route and partitions are older, and answer an unknown super stream on 3.10
 * too.
 */
class StreamSuperStreamTest extends StreamClientTestBase {
    private static final Duration WAIT = Duration.ofSeconds(20);

    @Test
    void aHashRoutingProducerSpreadsOverThePartitionsInOrderAndAConsumerReadsThemAll() throws Exception {
        assumeServed(StreamFeature.SUPER_STREAM_COMMANDS);
        String invoices = stream("invoices");
        environment.streamCreator().name(invoices).superStream().partitions(3).creator().create();
        Client client = newClient(new Client.ClientParameters());
        assertThat(client.partitions(invoices)).containsExactly(invoices + "-0", invoices + "-1", invoices + "-2");
        // the hash is the key itself, so message i goes to the partition at index i % 3 of the partitions answered
        try (Producer producer = environment.producerBuilder().superStream(invoices)
            .routing(message -> message.getProperties().getMessageIdAsString()).hash(Integer::parseInt).producerBuilder()
            .build()) {
            send(producer, 300, i -> producer.messageBuilder().properties().messageId(Integer.toString(i)).messageBuilder()
                .addData(("invoice-" + i).getBytes(StandardCharsets.UTF_8)).build());
        }
        target.apogee().ifPresent(apogee -> {
            for (int partition = 0; partition < 3; partition++) {
                assertThat(apogee.registry.get(invoices + "-" + partition).nextOffset()).as("partition " + partition)
                    .isEqualTo(100);
            }
        });

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

        environment.deleteSuperStream(invoices);
        assertThat(client.metadata(invoices + "-0").get(invoices + "-0").getResponseCode()).as("the partitions went too")
            .isEqualTo(Constants.RESPONSE_CODE_STREAM_DOES_NOT_EXIST);
        assertThat(client.partitions(invoices)).isEmpty();
        target.apogee().ifPresent(apogee -> assertThat(apogee.registry.superStreams().exists(invoices)).isFalse());
    }

    @Test
    void aKeyRoutingProducerSendsToThePartitionBoundWithTheKey() throws Exception {
        assumeServed(StreamFeature.SUPER_STREAM_COMMANDS);
        String regions = stream("regions");
        environment.streamCreator().name(regions).superStream().bindingKeys("amer", "emea", "apac").creator().create();
        try (Producer producer = environment.producerBuilder().superStream(regions)
            .routing(message -> message.getApplicationProperties().get("region").toString()).key().producerBuilder()
            .build()) {
            send(producer, 10, i -> producer.messageBuilder().applicationProperties().entry("region", "emea")
                .messageBuilder().addData(new byte[] {i.byteValue()}).build());
        }
        assertThat(offsets(regions + "-emea")).isEqualTo(10);
        assertThat(offsets(regions + "-amer")).isZero();
        assertThat(offsets(regions + "-apac")).isZero();

        // the client takes STREAM_ALREADY_EXISTS as done, as for a stream; the definition stays as it was
        environment.streamCreator().name(regions).superStream().partitions(2).creator().create();
        Client client = newClient(new Client.ClientParameters());
        assertThat(client.partitions(regions)).hasSize(3);
        assertThat(client.metadata(regions + "-0").get(regions + "-0").getResponseCode())
            .isEqualTo(Constants.RESPONSE_CODE_STREAM_DOES_NOT_EXIST);
    }

    @Test
    void routeAndPartitionsAnswerTheLowLevelClient() {
        assumeServed(StreamFeature.SUPER_STREAM_COMMANDS);
        Client client = newClient(new Client.ClientParameters());
        String orders = stream("orders");
        environment.streamCreator().name(orders).superStream().bindingKeys("a", "b").creator().create();
        assertThat(client.partitions(orders)).containsExactly(orders + "-a", orders + "-b");
        assertThat(client.route("b", orders)).containsExactly(orders + "-b");
        assertThat(client.route("z", orders)).as("no partition bound with the key").isEmpty();
    }

    @Test
    void routeAndPartitionsOfAnUnknownSuperStreamAreEmpty() {
        Client client = newClient(new Client.ClientParameters());
        assertThat(client.partitions(stream("nowhere"))).isEmpty();
        assertThat(client.route("a", stream("nowhere"))).isEmpty();
    }

    /** How many messages {@code stream} holds: its stats where the broker has them, else Apogee's log. */
    private long offsets(String stream) {
        return target.apogee().map(apogee -> apogee.registry.get(stream).nextOffset()).orElseGet(() -> {
            try {
                return environment.queryStreamStats(stream).committedOffset() + 1;
            } catch (NoOffsetException empty) {
                return 0L;
            }
        });
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
