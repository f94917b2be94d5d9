package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.Consumer;
import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.OffsetSpecification;
import com.rabbitmq.stream.Producer;
import io.apogee.testsupport.Await;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Java client's single active consumer against Apogee, over real sockets: one of a group receives, then fails over.
 * RabbitMQ has it since 3.11.
 */
class StreamSingleActiveConsumerTest extends StreamClientTestBase {
    private static final Duration WAIT = Duration.ofSeconds(20);

    private Environment first;
    private Environment second;
    private String jobs;

    @Override
    StreamFeature requiredFeature() {
        return StreamFeature.SINGLE_ACTIVE_CONSUMER;
    }

    @BeforeEach
    void connectTwice() {
        first = environment;
        second = newEnvironment();
        jobs = stream("jobs");
        first.streamCreator().stream(jobs).create();
    }

    @Test
    void onlyTheActiveConsumerReceivesAndTheNextResumesAfterTheStoredOffsetWhenItCloses() throws Exception {
        List<Long> byFirst = new CopyOnWriteArrayList<>();
        List<Long> bySecond = new CopyOnWriteArrayList<>();
        List<Long> byThird = new CopyOnWriteArrayList<>();
        Consumer active = consumer(first, byFirst);
        Consumer standby = consumer(second, bySecond);
        Consumer sameConnection = consumer(first, byThird);

        publish(100);
        Await.until("100 messages at the active consumer", WAIT, () -> byFirst.size() == 100);
        active.store(99);
        Await.until("the stored offset", WAIT, () -> active.storedOffset() == 99);
        assertThat(bySecond).as("a waiting consumer receives nothing").isEmpty();
        assertThat(byThird).isEmpty();

        active.close();
        publish(50);
        Await.until("50 messages at the consumer that took over", WAIT, () -> bySecond.size() == 50);
        assertThat(bySecond).as("it resumes after the stored offset").first().isEqualTo(100L);
        assertThat(bySecond).isSorted().doesNotHaveDuplicates().last().isEqualTo(149L);
        assertThat(byThird).isEmpty();
        standby.store(149);
        Await.until("the stored offset", WAIT, () -> standby.storedOffset() == 149);

        standby.close();
        publish(10);
        Await.until("the third member takes over", WAIT, () -> byThird.size() == 10);
        assertThat(byThird).first().isEqualTo(150L);
        sameConnection.close();
    }

    @Test
    void consumersOfAnotherNameOrStreamAreGroupsOfTheirOwn() throws Exception {
        List<Long> app = new CopyOnWriteArrayList<>();
        List<Long> audit = new CopyOnWriteArrayList<>();
        try (Consumer one = consumer(first, app, "app"); Consumer two = consumer(second, audit, "audit")) {
            assertThat(one).isNotNull();
            assertThat(two).isNotNull();
            publish(20);
            Await.until("both groups receive", WAIT, () -> app.size() == 20 && audit.size() == 20);
        }
    }

    private Consumer consumer(Environment environment, List<Long> offsets) {
        return consumer(environment, offsets, "app");
    }

    private Consumer consumer(Environment environment, List<Long> offsets, String name) {
        return environment.consumerBuilder().stream(jobs).name(name).singleActiveConsumer()
            .offset(OffsetSpecification.first()).manualTrackingStrategy().builder()
            .messageHandler((context, message) -> offsets.add(context.offset())).build();
    }

    private void publish(int count) throws InterruptedException {
        CountDownLatch confirmed = new CountDownLatch(count);
        try (Producer producer = first.producerBuilder().stream(jobs).build()) {
            for (int i = 0; i < count; i++) {
                producer.send(producer.messageBuilder().addData(new byte[] {(byte) i}).build(), status -> confirmed.countDown());
            }
            assertThat(confirmed.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
        }
    }
}
