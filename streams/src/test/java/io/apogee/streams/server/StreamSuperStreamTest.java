package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.Consumer;
import com.rabbitmq.stream.Message;
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

/** The Java client's super stream producer and consumer against Apogee, over a real socket. */
class StreamSuperStreamTest extends StreamClientTestBase {
    private static final Duration WAIT = Duration.ofSeconds(20);

    @Test
    void aHashRoutingProducerSpreadsOverThePartitionsInOrderAndAConsumerReadsThemAll() throws Exception {
        environment.streamCreator().name("invoices").superStream().partitions(3).creator().create();
        assertThat(broker.registry.get("invoices-0")).isNotNull();
        // the hash is the key itself, so message i goes to the partition at index i % 3 of the partitions answered
        try (Producer producer = environment.producerBuilder().superStream("invoices")
            .routing(message -> message.getProperties().getMessageIdAsString()).hash(Integer::parseInt).producerBuilder()
            .build()) {
            send(producer, 300, i -> producer.messageBuilder().properties().messageId(Integer.toString(i)).messageBuilder()
                .addData(("invoice-" + i).getBytes(StandardCharsets.UTF_8)).build());
        }
        for (int partition = 0; partition < 3; partition++) {
            assertThat(broker.registry.get("invoices-" + partition).nextOffset()).as("partition " + partition).isEqualTo(100);
        }

        Map<String, String> bodies = new ConcurrentHashMap<>();
        AtomicInteger received = new AtomicInteger();
        try (Consumer consumer = environment.consumerBuilder().superStream("invoices").offset(OffsetSpecification.first())
            .messageHandler((context, message) -> {
                bodies.put(new String(message.getBodyAsBinary(), StandardCharsets.UTF_8), context.stream());
                received.incrementAndGet();
            }).build()) {
            assertThat(consumer).isNotNull();
            Await.until("300 messages from 3 partitions", WAIT, () -> received.get() >= 300);
        }
        assertThat(received).hasValue(300);
        assertThat(bodies).hasSize(300).containsEntry("invoice-4", "invoices-1").containsEntry("invoice-299", "invoices-2");

        environment.deleteSuperStream("invoices");
        assertThat(broker.registry.get("invoices-0")).isNull();
        assertThat(broker.registry.superStreams().exists("invoices")).isFalse();
    }

    @Test
    void aKeyRoutingProducerSendsToThePartitionBoundWithTheKey() throws Exception {
        environment.streamCreator().name("regions").superStream().bindingKeys("amer", "emea", "apac").creator().create();
        try (Producer producer = environment.producerBuilder().superStream("regions")
            .routing(message -> message.getApplicationProperties().get("region").toString()).key().producerBuilder()
            .build()) {
            send(producer, 10, i -> producer.messageBuilder().applicationProperties().entry("region", "emea")
                .messageBuilder().addData(new byte[] {i.byteValue()}).build());
        }
        assertThat(broker.registry.get("regions-emea").nextOffset()).isEqualTo(10);
        assertThat(broker.registry.get("regions-amer").nextOffset()).isZero();
        assertThat(broker.registry.get("regions-apac").nextOffset()).isZero();

        // the client takes STREAM_ALREADY_EXISTS as done, as for a stream; the definition stays as it was
        environment.streamCreator().name("regions").superStream().partitions(2).creator().create();
        assertThat(broker.registry.superStreams().partitions("regions")).hasSize(3);
        assertThat(broker.registry.get("regions-0")).isNull();
    }

    @Test
    void routeAndPartitionsAnswerTheLowLevelClient() {
        Client client = new Client(new Client.ClientParameters().host("127.0.0.1").port(broker.port()));
        try {
            environment.streamCreator().name("orders").superStream().bindingKeys("a", "b").creator().create();
            assertThat(client.partitions("orders")).containsExactly("orders-a", "orders-b");
            assertThat(client.route("b", "orders")).containsExactly("orders-b");
            assertThat(client.route("z", "orders")).as("no partition bound with the key").isEmpty();
            assertThat(client.partitions("nowhere")).isEmpty();
            assertThat(client.route("a", "nowhere")).isEmpty();
        } finally {
            client.close();
        }
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
