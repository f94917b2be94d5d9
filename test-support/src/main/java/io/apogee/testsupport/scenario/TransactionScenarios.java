package io.apogee.testsupport.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.testsupport.Await;
import io.apogee.testsupport.Received;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Transactional messages of a client's transaction producer: a committed message reaches the consumer, a rolled-back
 * one never does, and one left UNKNOWN stays invisible until the broker's CHECK_TRANSACTION_STATE asks the producer,
 * whose answer (commit) releases it. The check runs every 300 ms for messages older than 500 ms. A subclass names the
 * client and the broker ({@link ScenarioTarget}). JUnit runs each test on one thread.
 *
 * <p>The check waits for the broker's own clock: a half message must be 500 ms old by it.
 */
@Tag("slow")
public abstract class TransactionScenarios {
    private static final String TOPIC = "TxTopic";
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final Map<String, String> CHECK_SOON = Map.of("transactionCheckInterval", "300",
        "transactionTimeOut", "500", "transactionCheckMax", "5");

    private final ScenarioTarget target;

    /** Scenarios run by {@code target}'s client against its broker. */
    protected TransactionScenarios(ScenarioTarget target) {
        this.target = target;
    }

    @Test
    void commitRollbackAndUnknownResolvedByTheCheck(@TempDir Path dir) throws Exception {
        ClientDriver driver = target.driver();
        try (BrokerUnderTest broker = target.broker().start(dir, CHECK_SOON)) {
            CheckingHandler handler = new CheckingHandler();
            Received<Incoming> received = Received.incoming();
            Map<String, Boolean> checkedBeforeDelivery = new ConcurrentHashMap<>();
            try (DriverTransactionProducer producer = driver.transactionProducer(broker.address(), "PG-tx", handler);
                 DriverPushConsumer consumer = driver.pushConsumer(broker.address(), PushSpec.of("CG-tx", TOPIC), message -> {
                     checkedBeforeDelivery.put(message.text(), handler.checked.containsKey(message.text()));
                     received.record(message);
                 })) {
                consumer.start();
                TransactionReceipt commit = send(producer, "commit", "key-commit");
                TransactionReceipt rollback = send(producer, "rollback", "key-rollback");
                TransactionReceipt unknown = send(producer, "unknown", "key-unknown");
                assertThat(commit.local()).isEqualTo(TransactionState.COMMIT);
                assertThat(rollback.local()).isEqualTo(TransactionState.ROLLBACK);
                assertThat(unknown.local()).isEqualTo(TransactionState.UNKNOWN);

                Await.until("the committed and the checked messages delivered", DEADLINE,
                    () -> bodies(received).containsAll(Set.of("commit", "unknown")));
                assertThat(checkedBeforeDelivery).containsEntry("commit", false).containsEntry("unknown", true);
                Incoming check = handler.checkedMessages.get("unknown");
                assertThat(check.topic()).isEqualTo(TOPIC);
                assertThat(check.keys()).isEqualTo("key-unknown");
                assertThat(check.transactionId()).isEqualTo(unknown.sent().msgId());
                assertThat(handler.checked).containsOnlyKeys("unknown");

                Incoming delivered = received.messages().get(commit.sent().msgId());
                assertThat(delivered.topic()).isEqualTo(TOPIC);
                assertThat(delivered.keys()).isEqualTo("key-commit");
                assertThat(delivered.property("REAL_TOPIC")).isNull();
                assertThat(delivered.property("TRAN_MSG")).isNull();
                assertThat(received.messages().get(unknown.sent().msgId())).isNotNull();
                // the rollback was resolved before the unknown one was even checked: had it been committed, it would be here
                assertThat(bodies(received)).doesNotContain("rollback");
                assertThat(received.maxCount()).isEqualTo(1);
            }
        }
    }

    private static TransactionReceipt send(DriverTransactionProducer producer, String body, String key) throws Exception {
        TransactionReceipt receipt = producer.send(Outgoing.of(TOPIC, "TagT", key, body));
        assertThat(receipt.sent().ok()).as("SEND_OK").isTrue();
        return receipt;
    }

    private static Set<String> bodies(Received<Incoming> received) {
        return received.messages().values().stream().map(Incoming::text).collect(Collectors.toSet());
    }

    /** Runs each local transaction as its body says, and answers every check with commit, recording it. */
    private static final class CheckingHandler implements TransactionHandler {
        private final Map<String, AtomicInteger> checked = new ConcurrentHashMap<>();
        private final Map<String, Incoming> checkedMessages = new ConcurrentHashMap<>();

        @Override
        public TransactionState execute(Outgoing message) {
            return switch (new String(message.body(), StandardCharsets.UTF_8)) {
                case "commit" -> TransactionState.COMMIT;
                case "rollback" -> TransactionState.ROLLBACK;
                default -> TransactionState.UNKNOWN;
            };
        }

        @Override
        public TransactionState check(Incoming message) {
            checkedMessages.put(message.text(), message);
            checked.computeIfAbsent(message.text(), key -> new AtomicInteger()).incrementAndGet();
            return TransactionState.COMMIT;
        }
    }
}
