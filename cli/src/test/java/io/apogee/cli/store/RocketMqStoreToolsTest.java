package io.apogee.cli.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.testsupport.Await;
import io.apogee.testsupport.process.RocketMqCluster;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The tools over a store written by a real Apache RocketMQ 5.4.0 broker: the official client sends a few messages,
 * a push consumer takes them (so that consumer offsets are stored too), the broker is stopped cleanly, and its
 * store directory verifies clean and dumps the messages sent.
 */
@Tag("slow")
class RocketMqStoreToolsTest {
    private static final String TOPIC = "StoreToolsTopic";
    private static final int MESSAGES = 12;

    @Test
    void aStoreWrittenByRocketMqVerifiesCleanAndDumpsTheMessagesSent() throws Exception {
        try (RocketMqCluster cluster = RocketMqCluster.start()) {
            List<SendResult> sent = send(cluster.nameServer());
            consumeAll(cluster.nameServer()); // so that the store holds consumer offsets too
            cluster.stopBroker();
            String store = cluster.storeDirectory().toString();

            assertThat(Files.readString(cluster.storeDirectory().resolve("config/consumerOffset.json")))
                .contains(TOPIC + "@store-tools-consumer");
            WrittenStore.Run verify = WrittenStore.run("verify", store);
            assertThat(verify.out()).contains(" 0 problems; ");
            assertThat(verify.code()).isZero();

            List<String> dumped = WrittenStore.run("dump", store, "--topic", TOPIC).lines();
            assertThat(dumped).hasSize(MESSAGES);
            for (int i = 0; i < MESSAGES; i++) {
                SendResult result = sent.get(i);
                String keys = " keys=key-" + i + " ";
                assertThat(dumped).filteredOn(line -> line.contains(keys)).singleElement().asString()
                    .contains(" topic=" + TOPIC + " queue=" + result.getMessageQueue().getQueueId() + " ",
                        " queueOffset=" + result.getQueueOffset() + " ", " tags=Tag" + (i % 2) + " ",
                        "UNIQ_KEY=" + result.getMsgId(), " body=\"message " + i + "\"");
            }
            assertThat(WrittenStore.run("dump", store, "--key", sent.get(5).getMsgId()).lines()).singleElement()
                .asString().contains(" keys=key-5 ");
        }
    }

    private static void consumeAll(String nameServer) throws Exception {
        Set<String> received = ConcurrentHashMap.newKeySet();
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer("store-tools-consumer");
        consumer.setNamesrvAddr(nameServer);
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.subscribe(TOPIC, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            messages.forEach(message -> received.add(message.getKeys()));
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        try {
            Await.until("the consumer to receive every message", Duration.ofSeconds(60), () -> received.size() == MESSAGES);
        } finally {
            consumer.shutdown(); // persists its offsets on the broker
        }
    }

    private static List<SendResult> send(String nameServer) throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer("store-tools-producer");
        producer.setNamesrvAddr(nameServer);
        producer.setSendMsgTimeout((int) RocketMqCluster.SEND_TIMEOUT_MILLIS);
        producer.start();
        try {
            List<SendResult> results = new ArrayList<>();
            for (int i = 0; i < MESSAGES; i++) {
                Message message = new Message(TOPIC, "Tag" + (i % 2), "key-" + i,
                    ("message " + i).getBytes(StandardCharsets.UTF_8));
                SendResult result = producer.send(message);
                assertThat(result.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
                results.add(result);
            }
            return results;
        } finally {
            producer.shutdown();
        }
    }
}
