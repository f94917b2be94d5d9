package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.testsupport.Await;
import io.apogee.testsupport.Received;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.client.producer.TransactionSendResult;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Transactional messages with the official 5.4.0 TransactionMQProducer: a committed message reaches the consumer, a
 * rolled-back one never does, and one left UNKNOWN stays invisible until the broker's CHECK_TRANSACTION_STATE asks
 * the producer, whose answer (commit) releases it. The check runs every 300 ms for messages older than 500 ms.
 */
@Tag("slow")
class TransactionTest {
    private static final String TOPIC = "TxTopic";
    private static final String GROUP = "tx-producer-group";

    @TempDir
    static Path dir;
    private static TestBroker broker;

    @BeforeAll
    static void start() throws Exception {
        Properties settings = new Properties();
        settings.setProperty("transactionCheckInterval", "300");
        settings.setProperty("transactionTimeOut", "500");
        settings.setProperty("transactionCheckMax", "5");
        broker = TestBroker.start(dir.resolve("broker"), settings);
    }

    @AfterAll
    static void stop() {
        broker.close();
    }

    @Test
    void commitRollbackAndUnknownResolvedByTheCheck() throws Exception {
        Map<String, AtomicInteger> checked = new ConcurrentHashMap<>();
        Map<String, MessageExt> checkedMessages = new ConcurrentHashMap<>();
        TransactionMQProducer producer = new TransactionMQProducer(GROUP);
        producer.setNamesrvAddr(broker.address());
        producer.setInstanceName(GROUP + "-" + System.nanoTime());
        producer.setClientIP("127.0.0.1");
        producer.setHeartbeatBrokerInterval(500); // the broker learns the producer's connection from its heartbeats
        producer.setSendMsgTimeout(10_000);
        producer.setTransactionListener(new TransactionListener() {
            @Override
            public LocalTransactionState executeLocalTransaction(Message message, Object arg) {
                return switch (new String(message.getBody(), StandardCharsets.UTF_8)) {
                    case "commit" -> LocalTransactionState.COMMIT_MESSAGE;
                    case "rollback" -> LocalTransactionState.ROLLBACK_MESSAGE;
                    default -> LocalTransactionState.UNKNOW;
                };
            }

            @Override
            public LocalTransactionState checkLocalTransaction(MessageExt message) {
                String body = new String(message.getBody(), StandardCharsets.UTF_8);
                checkedMessages.put(body, message);
                checked.computeIfAbsent(body, key -> new AtomicInteger()).incrementAndGet();
                return LocalTransactionState.COMMIT_MESSAGE;
            }
        });
        producer.start();

        Received<MessageExt> received = OfficialClients.received();
        Map<String, Boolean> checkedBeforeDelivery = new ConcurrentHashMap<>();
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer("tx-consumer-group");
        consumer.setNamesrvAddr(broker.address());
        consumer.setInstanceName("tx-consumer-" + System.nanoTime());
        consumer.setClientIP("127.0.0.1");
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.subscribe(TOPIC, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            for (MessageExt message : messages) {
                String body = new String(message.getBody(), StandardCharsets.UTF_8);
                checkedBeforeDelivery.put(body, checked.containsKey(body));
                received.record(message);
            }
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        try {
            TransactionSendResult commit = send(producer, "commit", "key-commit");
            TransactionSendResult rollback = send(producer, "rollback", "key-rollback");
            TransactionSendResult unknown = send(producer, "unknown", "key-unknown");
            assertThat(commit.getLocalTransactionState()).isEqualTo(LocalTransactionState.COMMIT_MESSAGE);
            assertThat(rollback.getLocalTransactionState()).isEqualTo(LocalTransactionState.ROLLBACK_MESSAGE);
            assertThat(unknown.getLocalTransactionState()).isEqualTo(LocalTransactionState.UNKNOW);

            Await.until("the committed and the checked messages delivered", Duration.ofSeconds(30),
                () -> bodies(received).containsAll(Set.of("commit", "unknown")));
            assertThat(checkedBeforeDelivery).containsEntry("commit", false).containsEntry("unknown", true);
            MessageExt check = checkedMessages.get("unknown");
            assertThat(check.getTopic()).isEqualTo(TOPIC);
            assertThat(check.getKeys()).isEqualTo("key-unknown");
            assertThat(check.getTransactionId()).isEqualTo(unknown.getMsgId());
            assertThat(checked).containsOnlyKeys("unknown");

            MessageExt delivered = received.messages().get(commit.getMsgId());
            assertThat(delivered.getTopic()).isEqualTo(TOPIC);
            assertThat(delivered.getKeys()).isEqualTo("key-commit");
            assertThat(delivered.getProperty("REAL_TOPIC")).isNull();
            assertThat(delivered.getProperty("TRAN_MSG")).isNull();
            assertThat(received.messages().get(unknown.getMsgId())).isNotNull();
            // the rollback was resolved before the unknown one was even checked: had it been committed, it would be here
            assertThat(bodies(received)).doesNotContain("rollback");
            assertThat(received.maxCount()).isEqualTo(1);
        } finally {
            consumer.shutdown();
            producer.shutdown();
        }
    }

    private static TransactionSendResult send(TransactionMQProducer producer, String body, String key) throws Exception {
        TransactionSendResult result = producer.sendMessageInTransaction(
            new Message(TOPIC, "TagT", key, body.getBytes(StandardCharsets.UTF_8)), null);
        assertThat(result.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        return result;
    }

    private static Set<String> bodies(Received<MessageExt> received) {
        Set<String> bodies = ConcurrentHashMap.newKeySet();
        received.messages().values().forEach(message -> bodies.add(new String(message.getBody(), StandardCharsets.UTF_8)));
        return bodies;
    }
}
