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

import static io.apogee.testsupport.process.RocketMqCluster.SEND_TIMEOUT_MILLIS;
import static io.apogee.client.consumer.ProduceConsumeRocketMqTest.message;
import static org.assertj.core.api.Assertions.assertThat;

/** A new group starts where CONSUME_FROM says: the last offset, or the first message stored at a timestamp. */
@ExtendWith(RocketMqExtension.class)
@Tag("slow")
class ConsumeFromRocketMqTest {
    @Test
    void lastSkipsWhatWasStoredAndTimestampStartsAtTheFirstMessageStoredThen(RocketMqCluster cluster) throws Exception {
        String topic = "FROM_" + System.nanoTime();
        Set<String> old = new HashSet<>();
        Set<String> middle = new HashSet<>();
        Set<String> late = new HashSet<>();
        try (Producer producer = Producer.builder().sendTimeoutMillis(SEND_TIMEOUT_MILLIS)
                .nameServers(cluster.nameServer()).group("from-producer").build()) {
            for (int i = 0; i < 12; i++) {
                producer.send(message(topic, "old-" + i, old));
            }
            long boundary = System.currentTimeMillis() + 1;
            Await.until("the wall clock to pass the boundary", Duration.ofSeconds(5),
                () -> System.currentTimeMillis() > boundary);
            for (int i = 0; i < 12; i++) {
                producer.send(message(topic, "middle-" + i, middle));
            }
            Received fromLast = new Received();
            Received fromTimestamp = new Received();
            try (PushConsumer last = PushConsumer.builder().nameServers(cluster.nameServer()).group("from-last-" + topic)
                     .subscribe(topic, "*").consumeFrom(ConsumeFrom.LAST).listener(fromLast::record).build();
                 PushConsumer stamped = PushConsumer.builder().nameServers(cluster.nameServer()).group("from-ts-" + topic)
                     .subscribe(topic, "*").consumeFrom(ConsumeFrom.timestamp(boundary)).listener(fromTimestamp::record).build()) {
                assertThat(last.assignedQueues()).hasSizeGreaterThanOrEqualTo(4);
                assertThat(stamped.assignedQueues()).hasSizeGreaterThanOrEqualTo(4);
                for (int i = 0; i < 12; i++) {
                    producer.send(message(topic, "late-" + i, late));
                }
                Await.until("the LAST and TIMESTAMP groups to receive their messages", Duration.ofSeconds(60),
                    () -> fromLast.total() >= late.size()
                    && fromTimestamp.total() >= middle.size() + late.size());
            }
            assertThat(fromLast.counts.keySet()).containsExactlyInAnyOrderElementsOf(late);
            Set<String> afterBoundary = new HashSet<>(middle);
            afterBoundary.addAll(late);
            assertThat(fromTimestamp.counts.keySet()).containsExactlyInAnyOrderElementsOf(afterBoundary);
        }
    }
}
