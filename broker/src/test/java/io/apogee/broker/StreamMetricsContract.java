package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.Consumer;
import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.OffsetSpecification;
import com.rabbitmq.stream.Producer;
import io.apogee.testsupport.Await;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * What a broker's Prometheus endpoint shows of RabbitMQ's stream protocol, under RabbitMQ's global counter names,
 * after RabbitMQ's official Java stream client publishes with confirms and consumes over real sockets. The same test
 * runs against Apogee ({@link StreamMetricsTest}) and a RabbitMQ node with its Prometheus plugin
 * ({@link StreamMetricsOnRabbitMqTest}), so the names, labels and counts are RabbitMQ's own. It reads changes, as a
 * RabbitMQ node is shared by the test run.
 */
abstract class StreamMetricsContract {
    static final String HOST = "127.0.0.1";
    private static final int MESSAGES = 150;
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String[] STREAM = {"protocol", "stream"};
    private static final String[] STREAM_QUEUE = {"protocol", "stream", "queue_type", "rabbit_stream_queue"};

    /** The broker's stream port. */
    abstract int streamPort();

    /** The broker's metrics endpoint port. */
    abstract int metricsPort();

    /** A stream name of this test's own. */
    abstract String stream(String name);

    @Test
    void publishesConfirmsDeliveriesAndTheOpenPublishersAndConsumersAreCounted() throws Exception {
        String measured = stream("measured");
        Figures before = figures();
        try (Environment environment = Environment.builder().host(HOST).port(streamPort()).build()) {
            environment.streamCreator().stream(measured).create();
            CountDownLatch confirmed = new CountDownLatch(MESSAGES);
            AtomicInteger received = new AtomicInteger();
            Producer producer = environment.producerBuilder().stream(measured).build();
            for (int i = 0; i < MESSAGES; i++) {
                producer.send(producer.messageBuilder().addData(new byte[] {(byte) i}).build(), status -> confirmed.countDown());
            }
            assertThat(confirmed.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
            Consumer consumer = environment.consumerBuilder().stream(measured).offset(OffsetSpecification.first())
                .messageHandler((context, message) -> received.incrementAndGet()).build();
            Await.until("every message consumed", WAIT, () -> received.get() == MESSAGES);

            Figures open = before.plus(MESSAGES, MESSAGES, MESSAGES, 1, 1);
            Await.until("the endpoint to show " + open + " (from " + before + ")", WAIT, () -> figures().equals(open));

            producer.close();
            consumer.close();
            Figures closed = before.plus(MESSAGES, MESSAGES, MESSAGES, 0, 0);
            Await.until("the publisher and the consumer gone from the gauges: " + closed, WAIT,
                () -> figures().equals(closed));
            environment.deleteStream(measured);
        }
    }

    /** The stream families of one scrape. */
    private Figures figures() throws Exception {
        PrometheusScrape scrape = PrometheusScrape.of(HOST, metricsPort());
        return new Figures((long) scrape.sum("rabbitmq_global_messages_received_total", STREAM),
            (long) scrape.sum("rabbitmq_global_messages_received_confirm_total", STREAM),
            (long) scrape.sum("rabbitmq_global_messages_confirmed_total", STREAM),
            (long) scrape.sum("rabbitmq_global_messages_delivered_total", STREAM_QUEUE),
            (long) scrape.sum("rabbitmq_global_publishers", STREAM), (long) scrape.sum("rabbitmq_global_consumers", STREAM));
    }

    /** The counters and gauges the test reads. */
    private record Figures(long received, long receivedConfirm, long confirmed, long delivered, long publishers,
                           long consumers) {
        Figures plus(long messages, long confirms, long deliveries, long openPublishers, long openConsumers) {
            return new Figures(received + messages, receivedConfirm + messages, confirmed + confirms,
                delivered + deliveries, publishers + openPublishers, consumers + openConsumers);
        }
    }
}
