package io.apogee.compat.v4;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.TestBroker;
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
import java.util.stream.Collectors;
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
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Transactional messages with the official 4.9.8 TransactionMQProducer, as the broker's {@code TransactionTest} proves
 * them with 5.4.0: a committed message reaches the consumer, a rolled-back one never does, and one left UNKNOWN stays
 * invisible until the broker's CHECK_TRANSACTION_STATE asks the producer, whose answer (commit) releases it. The
 * check runs every 300 ms for messages older than 500 ms.
 *
 * <p>Its steps repeat that test's on purpose: the two client versions' classes cannot share a class path, so neither
 * can one test compiled against them.
 */
@Tag("slow")
class Transaction498Test {
    private static final String TOPIC = "Tx498";
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    void commitRollbackAndUnknownResolvedByTheCheck() throws Exception {
        Properties settings = new Properties();
        settings.setProperty("transactionCheckInterval", "300");
        settings.setProperty("transactionTimeOut", "500");
        settings.setProperty("transactionCheckMax", "5");
        try (TestBroker broker = TestBroker.start(dir, settings)) {
            CheckingListener listener = new CheckingListener();
            TransactionMQProducer producer = Clients498.transactionProducer(broker.address(), "PG-tx498", listener);
            Received<MessageExt> received = Clients498.received();
            Map<String, Boolean> checkedBeforeDelivery = new ConcurrentHashMap<>();
            DefaultMQPushConsumer consumer = Clients498.pushConsumer(broker.address(), "CG-tx498", TOPIC, "*",
                ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, received);
            consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
                for (MessageExt message : messages) {
                    checkedBeforeDelivery.put(Clients498.body(message), listener.checked.containsKey(Clients498.body(message)));
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

                Await.until("the committed and the checked messages delivered", DEADLINE,
                    () -> bodies(received).containsAll(Set.of("commit", "unknown")));
                assertThat(checkedBeforeDelivery).containsEntry("commit", false).containsEntry("unknown", true);
                MessageExt check = listener.checkedMessages.get("unknown");
                assertThat(check.getTopic()).isEqualTo(TOPIC);
                assertThat(check.getKeys()).isEqualTo("key-unknown");
                assertThat(check.getTransactionId()).isEqualTo(unknown.getMsgId());
                assertThat(listener.checked).containsOnlyKeys("unknown");

                MessageExt delivered = received.messages().get(commit.getMsgId());
                assertThat(delivered.getTopic()).isEqualTo(TOPIC);
                assertThat(delivered.getKeys()).isEqualTo("key-commit");
                assertThat(delivered.getProperty(MessageConst.PROPERTY_REAL_TOPIC)).isNull();
                assertThat(delivered.getProperty(MessageConst.PROPERTY_TRANSACTION_PREPARED)).isNull();
                assertThat(received.messages().get(unknown.getMsgId())).isNotNull();
                // the rollback was resolved before the unknown one was even checked: had it been committed, it would be here
                assertThat(bodies(received)).doesNotContain("rollback");
                assertThat(received.maxCount()).isEqualTo(1);
            } finally {
                consumer.shutdown();
                producer.shutdown();
            }
        }
    }

    private static TransactionSendResult send(TransactionMQProducer producer, String body, String key) throws Exception {
        TransactionSendResult result = producer.sendMessageInTransaction(
            new Message(TOPIC, "TagT", key, body.getBytes(StandardCharsets.UTF_8)), null);
        assertThat(result.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        return result;
    }

    private static Set<String> bodies(Received<MessageExt> received) {
        return received.messages().values().stream().map(Clients498::body).collect(Collectors.toSet());
    }

    /** Runs each local transaction as its body says, and answers every check with commit, recording it. */
    private static final class CheckingListener implements TransactionListener {
        private final Map<String, AtomicInteger> checked = new ConcurrentHashMap<>();
        private final Map<String, MessageExt> checkedMessages = new ConcurrentHashMap<>();

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
            String body = Clients498.body(message);
            checkedMessages.put(body, message);
            checked.computeIfAbsent(body, key -> new AtomicInteger()).incrementAndGet();
            return LocalTransactionState.COMMIT_MESSAGE;
        }
    }
}
