package io.apogee.client.consumer;

import io.apogee.client.producer.Producer;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.process.RocketMqCluster;
import io.apogee.testsupport.process.RocketMqExtension;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static io.apogee.testsupport.process.RocketMqCluster.SEND_TIMEOUT_MILLIS;
import static io.apogee.client.consumer.ProduceConsumeRocketMqTest.message;
import static org.assertj.core.api.Assertions.assertThat;

/** While the listener is stuck, each queue stops pulling once its cache is over the limit; then it drains. */
@ExtendWith(RocketMqExtension.class)
@Tag("slow")
class FlowControlRocketMqTest {
    private static final int MESSAGES = 100;
    private static final int BATCH = 8;

    @Test
    void stopsPullingAQueueWhoseCacheIsFull(RocketMqCluster cluster) throws Exception {
        String topic = "FLOW_" + System.nanoTime();
        Set<String> sent = new HashSet<>();
        try (Producer producer = Producer.builder().sendTimeoutMillis(SEND_TIMEOUT_MILLIS)
                .nameServers(cluster.nameServer()).group("flow-producer").build()) {
            for (int i = 0; i < MESSAGES; i++) {
                producer.send(message(topic, "flow-" + i, sent));
            }
        }
        CountDownLatch release = new CountDownLatch(1);
        Received received = new Received();
        try (PushConsumer consumer = PushConsumer.builder().nameServers(cluster.nameServer()).group("flow-" + topic)
            .subscribe(topic, "*").consumeFrom(ConsumeFrom.FIRST).pullBatchSize(BATCH).flowControl(5, 1 << 20)
            .listener(message -> {
                try {
                    release.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                received.record(message);
            })
            .build()) {
            int queues = (int) consumer.assignedQueues().stream().filter(q -> q.topic().equals(topic)).count();
            Await.until("four flow-control pauses per queue", Duration.ofSeconds(30),
                () -> consumer.flowControlPauses() >= 4L * queues);

            assertThat(consumer.cachedMessages()).as("one batch per queue, then no more pulls")
                .isLessThanOrEqualTo(queues * BATCH);
            assertThat(received.total()).isZero();

            release.countDown();
            Await.until("every message", Duration.ofSeconds(60), () -> received.total() >= MESSAGES);
        }
        assertThat(received.counts.keySet()).containsExactlyInAnyOrderElementsOf(sent);
    }
}
