package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.Consumer;
import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.OffsetSpecification;
import com.rabbitmq.stream.Producer;
import io.apogee.launcher.Ports;
import io.apogee.testsupport.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stream protocol in the broker's Prometheus metrics, under the names RabbitMQ's Prometheus plugin gives its stream
 * plugin's global counters: RabbitMQ's official Java stream client publishes with confirms and consumes over real
 * sockets, and the scrape shows what it did. With the stream port off, none of those families is served.
 */
@Tag("slow") // two broker starts
class StreamMetricsTest {
    private static final String HOST = "127.0.0.1";
    private static final int MESSAGES = 150;
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String[] STREAM = {"protocol", "stream"};

    @TempDir
    Path dir;

    @Test
    void messagesReceivedConfirmedAndDeliveredAndThePublishersAndConsumersOpenAreServed() throws Exception {
        int port = Ports.free();
        try (TestBroker broker = TestBroker.start(dir, metricsOn(port));
             Environment environment = Environment.builder().host(HOST).port(broker.context().streamPort()).build()) {
            environment.streamCreator().stream("measured").create();
            CountDownLatch confirmed = new CountDownLatch(MESSAGES);
            AtomicInteger received = new AtomicInteger();
            Producer producer = environment.producerBuilder().stream("measured").build();
            for (int i = 0; i < MESSAGES; i++) {
                producer.send(producer.messageBuilder().addData(new byte[] {(byte) i}).build(), status -> confirmed.countDown());
            }
            assertThat(confirmed.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
            Consumer consumer = environment.consumerBuilder().stream("measured").offset(OffsetSpecification.first())
                .messageHandler((context, message) -> received.incrementAndGet()).build();
            Await.until("every message consumed", WAIT, () -> received.get() == MESSAGES);

            PrometheusScrape open = PrometheusScrape.of(HOST, port);
            assertThat(open.sum("rabbitmq_global_messages_received_total", STREAM)).as(open.toString()).isEqualTo(MESSAGES);
            assertThat(open.sum("rabbitmq_global_messages_received_confirm_total", STREAM)).isEqualTo(MESSAGES);
            assertThat(open.sum("rabbitmq_global_messages_confirmed_total", STREAM)).isEqualTo(MESSAGES);
            assertThat(open.sum("rabbitmq_global_messages_delivered_total", "protocol", "stream", "queue_type",
                "rabbit_stream_queue")).isEqualTo(MESSAGES);
            assertThat(open.sum("rabbitmq_global_publishers", STREAM)).isEqualTo(1);
            assertThat(open.sum("rabbitmq_global_consumers", STREAM)).isEqualTo(1);
            assertThat(open.sum("rabbitmq_global_publishers", "cluster", "DefaultCluster")).as("the broker's labels too")
                .isEqualTo(1);

            producer.close();
            consumer.close();
            Await.until("the publisher and the consumer gone from the gauges", WAIT, () -> {
                PrometheusScrape closed = PrometheusScrape.of(HOST, port);
                return closed.sum("rabbitmq_global_publishers", STREAM) == 0
                    && closed.sum("rabbitmq_global_consumers", STREAM) == 0;
            });
        }
    }

    @Test
    void withTheStreamPortOffNoStreamFamilyIsServed() throws Exception {
        int port = Ports.free();
        Map<String, String> settings = new HashMap<>(metricsOn(port));
        settings.put("streamEnable", "false");
        try (TestBroker broker = TestBroker.start(dir, settings)) {
            assertThat(broker.context().streamPort()).as("no stream port").isZero();
            PrometheusScrape scrape = PrometheusScrape.of(HOST, port);
            assertThat(scrape.has("rocketmq_topic_number")).as(scrape.toString()).isTrue();
            assertThat(scrape.names()).noneMatch(name -> name.startsWith("rabbitmq_"));
        }
    }

    private static Map<String, String> metricsOn(int port) {
        return Map.of("metricsExporterType", "PROM", "metricsPromExporterHost", HOST, "metricsPromExporterPort",
            Integer.toString(port));
    }
}
