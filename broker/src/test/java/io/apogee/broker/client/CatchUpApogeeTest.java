package io.apogee.broker.client;

import static io.apogee.testsupport.process.RocketMqCluster.SEND_TIMEOUT_MILLIS;
import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.TestBroker;
import io.apogee.client.consumer.ConsumeFrom;
import io.apogee.client.consumer.PushConsumer;
import io.apogee.client.producer.Producer;
import io.apogee.testsupport.Await;
import io.apogee.wire.message.OutboundMessage;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Apogee's client reads a backlog with range pulls, several in flight per queue, from a broker whose commit log
 * is cut into 1 MiB files, so that many pull bodies join records of two files: every message arrives once, intact,
 * in queue order, and the offsets committed at close are the queues' ends.
 */
@Tag("slow")
class CatchUpApogeeTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final String TOPIC = "CatchUpTopic";
    private static final String GROUP = "catch-up-group";
    private static final int BATCHES = 400;
    private static final int BATCH = 50;
    private static final int MAX_QUEUES = 16;

    @TempDir
    Path dir;

    @Test
    void aBacklogIsReadInQueueOrderOnceWithSeveralPullsInFlight() throws Exception {
        Map<Integer, Long> crcs = new ConcurrentHashMap<>();
        try (TestBroker broker = TestBroker.start(dir, Map.of("mappedFileSizeCommitLog", Integer.toString(1 << 20),
                "maxMessageSize", Integer.toString(64 << 10), "rangePullMaxMessages", "512"));
             Producer producer = Producer.builder().sendTimeoutMillis(SEND_TIMEOUT_MILLIS)
                     .nameServers(broker.address()).group("catch-up-producer").build()) {
            SplittableRandom random = new SplittableRandom(42);
            for (int b = 0; b < BATCHES; b++) {
                List<OutboundMessage> batch = new ArrayList<>();
                for (int i = 0; i < BATCH; i++) {
                    batch.add(message(b * BATCH + i, 20 + random.nextInt(400), crcs));
                }
                producer.sendBatch(batch);
            }
            int total = BATCHES * BATCH;

            Map<Integer, List<Long>> offsets = new ConcurrentHashMap<>();
            AtomicInteger corrupt = new AtomicInteger();
            AtomicLong received = new AtomicLong();
            try (PushConsumer consumer = PushConsumer.builder().nameServers(broker.address()).group(GROUP)
                .subscribe(TOPIC, "*").consumeFrom(ConsumeFrom.FIRST).pullBatchSize(256).pullsInFlight(4)
                .listener(message -> {
                    offsets.computeIfAbsent(message.queue().queueId(), q -> Collections.synchronizedList(new ArrayList<>()))
                        .add(message.queueOffset());
                    Long crc = crcs.get(Integer.parseInt(message.property("seq")));
                    if (crc == null || crc != crc(message.body()) || !"TagA".equals(message.tags())) {
                        corrupt.incrementAndGet();
                    }
                    received.incrementAndGet();
                })
                .build()) {
                Await.until("every message to arrive", DEADLINE, () -> received.get() >= total);
                assertThat(consumer.peakPullsInFlight()).as("pulls of one queue out at once").isGreaterThan(1);
                assertThat(consumer.failedCount()).isZero();
            }

            assertThat(received.get()).isEqualTo(total);
            assertThat(corrupt.get()).isZero();
            long inQueues = 0;
            for (int queueId = 0; queueId < MAX_QUEUES; queueId++) {
                long end = broker.maxOffset(TOPIC, queueId);
                inQueues += Math.max(end, 0);
                List<Long> read = offsets.getOrDefault(queueId, List.of());
                assertThat(read).as("queue %d read in order, each offset once", queueId).hasSize((int) Math.max(end, 0));
                for (int i = 0; i < read.size(); i++) {
                    assertThat(read.get(i)).as("queue %d, message %d", queueId, i).isEqualTo(i);
                }
                if (end > 0) {
                    assertThat(broker.committedOffset(GROUP, TOPIC, queueId)).as("queue %d committed", queueId)
                        .isEqualTo(end);
                }
            }
            assertThat(inQueues).isEqualTo(total);
        }
    }

    private static OutboundMessage message(int seq, int size, Map<Integer, Long> crcs) {
        byte[] body = new byte[size];
        new SplittableRandom(seq).nextBytes(body);
        crcs.put(seq, crc(ByteBuffer.wrap(body)));
        return new OutboundMessage().topic(TOPIC).body(body).tags("TagA").keys("key-" + seq)
            .putProperty("seq", Integer.toString(seq));
    }

    private static long crc(ByteBuffer body) {
        CRC32C crc = new CRC32C();
        crc.update(body.duplicate());
        return crc.getValue();
    }
}
