package io.apogee.client.producer;

import io.apogee.client.InvalidMessageException;
import io.apogee.testsupport.process.RocketMqCluster;
import io.apogee.testsupport.process.RocketMqExtension;
import io.apogee.wire.message.OutboundMessage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.apogee.testsupport.process.RocketMqCluster.SEND_TIMEOUT_MILLIS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The producer against a real Apache RocketMQ 5.4.0 broker: what each kind of send returns. */
@ExtendWith(RocketMqExtension.class)
@Tag("slow")
class ProducerRocketMqTest {
    @Test
    void sendsToANewTopicThroughTheTbw102Fallback(RocketMqCluster cluster) throws Exception {
        try (Producer producer = Producer.builder().sendTimeoutMillis(SEND_TIMEOUT_MILLIS)
                .nameServers(cluster.nameServer()).group("producer-test").build()) {
            SendResult first = producer.send(message("ProducerFallbackTopic", "hello"));
            SendResult second = producer.send(message("ProducerFallbackTopic", "again"));

            assertThat(first.status()).isEqualTo(SendStatus.SEND_OK);
            assertThat(first.msgId()).hasSize(32);
            assertThat(first.offsetMsgId()).hasSize(32);
            assertThat(first.queue().topic()).isEqualTo("ProducerFallbackTopic");
            assertThat(second.queue()).as("round-robin moves on").isNotEqualTo(first.queue());

            List<OutboundMessage> batch = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                batch.add(message("ProducerFallbackTopic", "batch " + i));
            }
            SendResult batchResult = producer.sendBatch(batch);
            assertThat(batchResult.msgId().split(",")).hasSize(5);
            assertThat(batchResult.offsetMsgId().split(",")).hasSize(5);

            CompletableFuture<SendResult> async = producer.sendAsync(message("ProducerFallbackTopic", "async"));
            assertThat(async.get(10, TimeUnit.SECONDS).status()).isEqualTo(SendStatus.SEND_OK);
            assertThat(producer.sendOneway(message("ProducerFallbackTopic", "oneway"))).isTrue();
        }
    }

    @Test
    void refusesAnEmptyBodyBeforeSending(RocketMqCluster cluster) {
        try (Producer producer = Producer.builder().sendTimeoutMillis(SEND_TIMEOUT_MILLIS)
                .nameServers(cluster.nameServer()).group("producer-test-2").build()) {
            assertThatThrownBy(() -> producer.send(new OutboundMessage().topic("T").body(new byte[0])))
                .isInstanceOf(InvalidMessageException.class);
        }
    }

    static OutboundMessage message(String topic, String body) {
        return new OutboundMessage().topic(topic).body(body.getBytes(StandardCharsets.UTF_8)).tags("TagA");
    }
}
