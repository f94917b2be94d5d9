package io.apogee.client.producer;

import io.apogee.client.InvalidMessageException;
import io.apogee.client.consumer.ConsumeFrom;
import io.apogee.client.consumer.PushConsumer;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.process.RocketMqCluster;
import io.apogee.testsupport.process.RocketMqExtension;
import io.apogee.wire.message.OutboundMessage;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import static io.apogee.testsupport.process.RocketMqCluster.SEND_TIMEOUT_MILLIS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Bodies of 4 KiB and more travel zlib-compressed, as with the official producer: an Apogee producer's large
 * bodies reach an official consumer and an Apogee consumer as sent, and an official producer's compressed bodies
 * reach an Apogee consumer as sent; the stored body really is the compressed one. A body over maxMessageSize is
 * refused before anything is sent.
 */
@ExtendWith(RocketMqExtension.class)
@Tag("slow")
class CompressionRocketMqTest {
    private static final int[] SIZES = {4095, 4096, 10_000, 300_000};

    @Test
    void largeBodiesTravelCompressedAndArriveAsSent(RocketMqCluster cluster) throws Exception {
        String topic = "ZIP_" + System.nanoTime();
        Map<String, byte[]> sent = new ConcurrentHashMap<>();
        Map<String, byte[]> apogeeSeen = new ConcurrentHashMap<>();
        Map<String, byte[]> officialSeen = new ConcurrentHashMap<>();
        Map<String, Integer> storedLengths = new ConcurrentHashMap<>();
        try (Producer producer = Producer.builder().sendTimeoutMillis(SEND_TIMEOUT_MILLIS)
                .nameServers(cluster.nameServer()).group("zip-producer").build()) {
            for (int size : SIZES) {
                producer.send(message(topic, "sync-" + size, size, sent));
                producer.sendAsync(message(topic, "async-" + size, size, sent)).get(10, TimeUnit.SECONDS);
                assertThat(producer.sendOneway(message(topic, "oneway-" + size, size, sent))).isTrue();
            }
            DefaultMQProducer official = new DefaultMQProducer("zip-official-producer");
            official.setNamesrvAddr(cluster.nameServer());
            official.setInstanceName("zip-official-" + System.nanoTime());
            official.start();
            try {
                for (int size : SIZES) {
                    byte[] body = body(size);
                    sent.put("official-" + size, body);
                    Message m = new Message(topic, "TagA", body);
                    m.putUserProperty("id", "official-" + size);
                    official.send(m);
                }
            } finally {
                official.shutdown();
            }
        }
        DefaultMQPushConsumer officialConsumer = new DefaultMQPushConsumer("zip-official-" + topic);
        officialConsumer.setNamesrvAddr(cluster.nameServer());
        officialConsumer.setInstanceName("zip-official-consumer-" + System.nanoTime());
        officialConsumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        officialConsumer.subscribe(topic, "*");
        officialConsumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            for (MessageExt m : messages) {
                officialSeen.put(m.getUserProperty("id"), m.getBody());
            }
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        officialConsumer.start();
        try (PushConsumer consumer = PushConsumer.builder().nameServers(cluster.nameServer()).group("zip-" + topic)
            .subscribe(topic, "*").consumeFrom(ConsumeFrom.FIRST)
            .listener(m -> {
                String id = m.property("id");
                apogeeSeen.put(id, m.bodyBytes());
                storedLengths.put(id, m.isCompressed() ? m.storedBodyLength() : -1);
                assertThat(m.bodyLength()).isEqualTo(m.body().remaining());
            })
            .build()) {
            Await.until("both consumers to see every message", Duration.ofSeconds(60),
                () -> apogeeSeen.size() == sent.size() && officialSeen.size() == sent.size());
            assertThat(consumer.failedCount()).isZero();
        } finally {
            officialConsumer.shutdown();
        }
        for (Map.Entry<String, byte[]> entry : sent.entrySet()) {
            assertThat(apogeeSeen.get(entry.getKey())).as(entry.getKey()).isEqualTo(entry.getValue());
            assertThat(officialSeen.get(entry.getKey())).as(entry.getKey()).isEqualTo(entry.getValue());
            int size = entry.getValue().length;
            if (size >= 4096) {
                assertThat(storedLengths.get(entry.getKey())).as(entry.getKey() + " stored compressed")
                    .isPositive().isLessThan(size);
            } else {
                assertThat(storedLengths.get(entry.getKey())).as(entry.getKey() + " stored as is").isEqualTo(-1);
            }
        }
    }

    @Test
    void aBodyOverMaxMessageSizeIsRefusedBeforeSending(RocketMqCluster cluster) {
        try (Producer producer = Producer.builder().sendTimeoutMillis(SEND_TIMEOUT_MILLIS)
                .nameServers(cluster.nameServer()).group("limit-producer")
            .maxBodyLength(8192, 16_384).build()) {
            String topic = "LIMIT_" + System.nanoTime();
            assertThatThrownBy(() -> producer.send(new OutboundMessage().topic(topic).body(new byte[8193])))
                .isInstanceOf(InvalidMessageException.class).hasMessageContaining("8193").hasMessageContaining("maxMessageSize");
            assertThatThrownBy(() -> producer.sendAsync(new OutboundMessage().topic(topic).body(new byte[8193])))
                .isInstanceOf(InvalidMessageException.class);
            assertThatThrownBy(() -> producer.sendOneway(new OutboundMessage().topic(topic).body(new byte[8193])))
                .isInstanceOf(InvalidMessageException.class);
            List<OutboundMessage> batch = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                batch.add(new OutboundMessage().topic(topic).body(new byte[8000]));
            }
            assertThatThrownBy(() -> producer.sendBatch(batch)).isInstanceOf(InvalidMessageException.class)
                .hasMessageContaining("maxMessageSize");
            // the limit is on the body as given: a highly compressible body at the limit is still sent
            assertThat(producer.send(new OutboundMessage().topic(topic).body(new byte[8192])).status())
                .isEqualTo(SendStatus.SEND_OK);
        }
    }

    private static OutboundMessage message(String topic, String id, int size, Map<String, byte[]> sent) {
        byte[] body = body(size);
        sent.put(id, body);
        return new OutboundMessage().topic(topic).body(body).tags("TagA").putProperty("id", id);
    }

    /** Text-like bytes: compressible, but not trivially. */
    private static byte[] body(int size) {
        SplittableRandom random = new SplittableRandom(size);
        byte[] body = new byte[size];
        for (int i = 0; i < size; i++) {
            body[i] = (byte) ('a' + random.nextInt(16));
        }
        return body;
    }
}
