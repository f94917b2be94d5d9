package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.Consumer;
import com.rabbitmq.stream.OffsetSpecification;
import com.rabbitmq.stream.Producer;
import io.apogee.testsupport.Await;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The Java client's filtering API against Apogee, over a real socket: a producer with a filter value publishes in v2,
 * and a filtering consumer (deliver v2) gets only the messages it asks for. Apogee writes no bloom filter yet, so the
 * client's post filter does the filtering here. RabbitMQ has filtering since 3.13.
 */
class StreamFilteringClientTest extends StreamClientTestBase {
    private static final Duration WAIT = Duration.ofSeconds(20);

    @Override
    StreamFeature requiredFeature() {
        return StreamFeature.FILTERING;
    }

    @Test
    void aFilteringConsumerGetsOnlyTheMessagesOfItsFilterValue() throws Exception {
        String states = stream("states");
        environment.streamCreator().stream(states).create();
        publish(states, "california", 100);
        publish(states, "texas", 100);
        publish(states, "california", 50);
        target.apogee().ifPresent(apogee -> assertThat(apogee.registry.get(states).nextOffset()).isEqualTo(250));

        List<String> received = new CopyOnWriteArrayList<>();
        List<Long> offsets = new CopyOnWriteArrayList<>();
        try (Consumer consumer = environment.consumerBuilder().stream(states).offset(OffsetSpecification.first())
            .filter().values("california").postFilter(message -> "california".equals(state(message))).builder()
            .messageHandler((context, message) -> {
                received.add(state(message));
                offsets.add(context.offset());
            }).build()) {
            assertThat(consumer).isNotNull();
            Await.until("the 150 californian messages", WAIT, () -> received.size() >= 150);
        }
        assertThat(received).hasSize(150).containsOnly("california");
        assertThat(offsets).isSorted().doesNotHaveDuplicates().last().isEqualTo(249L);
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
