package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.Consumer;
import com.rabbitmq.stream.ConsumerUpdateListener;
import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.NoOffsetException;
import com.rabbitmq.stream.OffsetSpecification;
import com.rabbitmq.stream.Producer;
import io.apogee.testsupport.Await;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The Java client's single active consumer over a super stream against Apogee, over real sockets: the consumers of
 * one name share the partitions, each partition going to the member at its index modulo the group's size. Each
 * consumer stores every offset it processes and resumes after the stored one when it takes a partition over. RabbitMQ
 * has it since 3.11.
 */
class StreamSuperStreamSingleActiveConsumerTest extends StreamClientTestBase {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final int PER_PARTITION = 10;

    /** What one consumer received and was told, by partition stream. */
    private static final class Member {
        final Map<String, List<Long>> offsets = new ConcurrentHashMap<>();
        final List<String> updates = new CopyOnWriteArrayList<>();

        List<Long> of(String partition) {
            return offsets.getOrDefault(partition, List.of());
        }

        int total() {
            return offsets.values().stream().mapToInt(List::size).sum();
        }
    }

    @Override
    StreamFeature requiredFeature() {
        return StreamFeature.SUPER_STREAM_SINGLE_ACTIVE_CONSUMER;
    }

    @Test
    void aSecondConsumerTakesPartitionOneAndGivesItBackWhenItCloses() throws Exception {
        String invoices = stream("invoices");
        target.createSuperStream(environment, invoices, List.of("0", "1", "2"));
        List<String> partitions = List.of(invoices + "-0", invoices + "-1", invoices + "-2");
        Environment other = newEnvironment();
        Member a = new Member();
        Member b = new Member();

        try (Consumer consumerA = consumer(environment, invoices, a)) {
            assertThat(consumerA).isNotNull();
            publishToEach(partitions);
            Await.until("A alone receives from all three partitions", WAIT, () -> a.total() == 3 * PER_PARTITION);
            partitions.forEach(partition -> assertThat(a.of(partition)).containsExactly(offsets(0, PER_PARTITION)));
            assertThat(a.updates).containsExactlyInAnyOrder(active(partitions.get(0)), active(partitions.get(1)),
                active(partitions.get(2)));

            Consumer consumerB = consumer(other, invoices, b);
            Await.until("B is active on partition 1", WAIT, () -> b.updates.contains(active(partitions.get(1))));
            assertThat(a.updates).as("A gives partition 1 up, and only it").contains(inactive(partitions.get(1)))
                .hasSize(4);
            assertThat(b.updates).as("B takes exactly partition 1").containsExactly(active(partitions.get(1)));

            publishToEach(partitions);
            Await.until("each partition's new messages at its active consumer", WAIT,
                () -> a.total() == 5 * PER_PARTITION && b.total() == PER_PARTITION);
            assertThat(a.of(partitions.get(0))).containsExactly(offsets(0, 2 * PER_PARTITION));
            assertThat(a.of(partitions.get(2))).containsExactly(offsets(0, 2 * PER_PARTITION));
            assertThat(a.of(partitions.get(1))).as("A no longer receives partition 1").hasSize(PER_PARTITION);
            assertThat(b.of(partitions.get(1))).as("B resumes after the offset A stored")
                .containsExactly(offsets(PER_PARTITION, 2 * PER_PARTITION));

            consumerB.close();
            Await.until("A takes partition 1 back", WAIT,
                () -> a.updates.stream().filter(active(partitions.get(1))::equals).count() == 2);
            publishToEach(partitions);
            Await.until("A receives from all three partitions again", WAIT, () -> a.total() == 8 * PER_PARTITION);
            assertThat(a.of(partitions.get(1))).as("A resumes after the offset B stored: nothing lost, nothing twice")
                .containsExactly(concat(offsets(0, PER_PARTITION), offsets(2 * PER_PARTITION, 3 * PER_PARTITION)));
            assertThat(b.total()).isEqualTo(PER_PARTITION);
        } finally {
            other.close();
        }
    }

    private static Consumer consumer(Environment environment, String superStream, Member member) {
        return environment.consumerBuilder().superStream(superStream).singleActiveConsumer().name("app")
            .offset(OffsetSpecification.first()).manualTrackingStrategy().builder()
            .consumerUpdateListener(context -> onUpdate(context, member))
            .messageHandler((context, message) -> {
                context.storeOffset(); // stored before it counts: the next active member resumes after it
                member.offsets.computeIfAbsent(context.stream(), partition -> new CopyOnWriteArrayList<>())
                    .add(context.offset());
            }).build();
    }

    /** Records the update; an active member resumes after the offset stored for the partition, if any. */
    private static OffsetSpecification onUpdate(ConsumerUpdateListener.Context context, Member member) {
        member.updates.add(context.isActive() ? active(context.stream()) : inactive(context.stream()));
        if (!context.isActive()) {
            return OffsetSpecification.none();
        }
        try {
            return OffsetSpecification.offset(context.consumer().storedOffset() + 1);
        } catch (NoOffsetException e) {
            return OffsetSpecification.first();
        }
    }

    private static String active(String partition) {
        return "active " + partition;
    }

    private static String inactive(String partition) {
        return "inactive " + partition;
    }

    private static Long[] offsets(long from, long to) {
        Long[] offsets = new Long[(int) (to - from)];
        for (int i = 0; i < offsets.length; i++) {
            offsets[i] = from + i;
        }
        return offsets;
    }

    private static Long[] concat(Long[] first, Long[] second) {
        Long[] all = new Long[first.length + second.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        return all;
    }

    private void publishToEach(List<String> partitions) throws InterruptedException {
        for (String partition : partitions) {
            CountDownLatch confirmed = new CountDownLatch(PER_PARTITION);
            try (Producer producer = environment.producerBuilder().stream(partition).build()) {
                for (int i = 0; i < PER_PARTITION; i++) {
                    producer.send(producer.messageBuilder().addData(new byte[] {(byte) i}).build(),
                        status -> confirmed.countDown());
                }
                assertThat(confirmed.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
            }
        }
    }
}
