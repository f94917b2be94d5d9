package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.transaction.TransactionTopics;
import io.apogee.store.MessageStore;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import io.apogee.testsupport.Await;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A transaction whose producer never knows its outcome, with the official 5.4.0 TransactionMQProducer and
 * transactionCheckMax 3: checked once or twice, the broker restarts, and the restarted broker rolls it back once three
 * checks are recorded in all, because it counts on from the checks recorded before the restart, not from 0.
 */
@Tag("slow")
class TransactionCheckRestartTest {
    private static final String GROUP = "tx-restart-group";
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    void theCheckCountSurvivesARestart() throws Exception {
        Properties settings = new Properties();
        settings.setProperty("transactionCheckInterval", "1000");
        settings.setProperty("transactionTimeOut", "200");
        settings.setProperty("transactionCheckMax", "3");
        AtomicInteger checksBefore = new AtomicInteger(); // checks the producer was asked, once a second
        TestBroker first = TestBroker.start(dir, settings);
        TransactionMQProducer producer = producer(first, checksBefore);
        try {
            assertThat(producer.sendMessageInTransaction(new Message("TxRestartTopic", "never known"
                .getBytes(StandardCharsets.UTF_8)), null).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            Await.until("a check asked of the producer", DEADLINE, () -> checksBefore.get() >= 1);
            assertThat(checkRecords(first.context().store())).as("checks recorded before the restart").isBetween(1L, 2L);
        } finally {
            first.close(); // before the producer goes, so that the broker stops while still checking
            producer.shutdown();
        }
        try (TestBroker broker = TestBroker.start(dir, settings)) {
            MessageStore store = broker.context().store();
            Await.until("the rollback after the third check", DEADLINE, () -> rollbacks(store) == 1);
            // counted from 0 again, the restarted broker would have recorded three more checks before rolling back
            assertThat(checkRecords(store)).as("checks recorded in both lives").isEqualTo(3);
            assertThat(tags(store).getLast()).isEqualTo(TransactionTopics.OP_TAG);
        }
    }

    private static TransactionMQProducer producer(TestBroker broker, AtomicInteger checks) throws Exception {
        TransactionMQProducer producer = new TransactionMQProducer(GROUP);
        producer.setNamesrvAddr(broker.address());
        producer.setInstanceName(GROUP + "-" + System.nanoTime());
        producer.setClientIP("127.0.0.1");
        producer.setHeartbeatBrokerInterval(200); // the broker learns the producer's connection from its heartbeats
        producer.setTransactionListener(new TransactionListener() {
            @Override
            public LocalTransactionState executeLocalTransaction(Message message, Object arg) {
                return LocalTransactionState.UNKNOW;
            }

            @Override
            public LocalTransactionState checkLocalTransaction(MessageExt message) {
                checks.incrementAndGet();
                return LocalTransactionState.UNKNOW;
            }
        });
        producer.start();
        return producer;
    }

    private static long checkRecords(MessageStore store) {
        return tags(store).stream().filter(TransactionTopics.CHECK_TAG::equals).count();
    }

    private static long rollbacks(MessageStore store) {
        return tags(store).stream().filter(TransactionTopics.OP_TAG::equals).count();
    }

    /** The tags of the op topic's records, in order. */
    private static List<String> tags(MessageStore store) {
        List<String> tags = new ArrayList<>();
        ReadResult result = new ReadResult(64);
        StoredRecord record = new StoredRecord();
        long offset = 0;
        while (store.read(TransactionTopics.OP, 0, offset, 64, 1 << 20, TagFilter.ANY, result) == ReadStatus.FOUND) {
            try {
                for (int i = 0; i < result.count(); i++) {
                    tags.add(record.wrap(result.buffer(i), result.position(i)).properties().value(PropertyNames.TAGS));
                }
                offset = result.nextOffset();
            } finally {
                result.release();
            }
        }
        return tags;
    }
}
