package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.Consumer;
import com.rabbitmq.stream.OffsetSpecification;
import com.rabbitmq.stream.Producer;
import io.apogee.testsupport.Await;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * What Apogee's stream server counts for the broker's metrics, driven by the official Java client over a real socket:
 * messages received, confirmed and delivered, and the publishers and consumers open. Apogee's own figures, so it runs
 * against Apogee alone.
 */
class StreamTrafficClientTest extends StreamClientTestBase {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final int MESSAGES = 120;

    @Test
    void countsWhatPublishersSentAndWereConfirmedWhatConsumersWereDeliveredAndWhoIsOpen() throws Exception {
        StreamServer server = target.apogee().orElseThrow().server;
        StreamTraffic traffic = server.traffic();
        String counted = stream("counted");
        environment.streamCreator().stream(counted).create();

        CountDownLatch confirmed = new CountDownLatch(MESSAGES);
        AtomicInteger received = new AtomicInteger();
        Producer producer = environment.producerBuilder().stream(counted).build();
        for (int i = 0; i < MESSAGES; i++) {
            producer.send(producer.messageBuilder().addData(new byte[] {(byte) i}).build(), status -> confirmed.countDown());
        }
        assertThat(confirmed.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
        assertThat(traffic.messagesReceived()).isEqualTo(MESSAGES);
        assertThat(traffic.messagesConfirmed()).isEqualTo(MESSAGES);
        assertThat(traffic.messagesDelivered()).isZero();
        assertThat(server.publishers()).isEqualTo(1);
        assertThat(server.consumers()).isZero();

        Consumer consumer = environment.consumerBuilder().stream(counted).offset(OffsetSpecification.first())
            .messageHandler((context, message) -> received.incrementAndGet()).build();
        Await.until("every message consumed", WAIT, () -> received.get() == MESSAGES);
        assertThat(traffic.messagesDelivered()).as("each record once").isEqualTo(MESSAGES);
        assertThat(server.consumers()).isEqualTo(1);

        producer.close();
        consumer.close();
        Await.until("the publisher and the consumer closed", WAIT,
            () -> server.publishers() == 0 && server.consumers() == 0);
        assertThat(traffic.messagesReceived()).as("counters only grow").isEqualTo(MESSAGES);
    }
}
