package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.OfficialClients.Received;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The broker as a child JVM stopped in the middle of consumption, then started again on the same directory and port:
 * after SIGTERM (flush, checkpoint, close) and after SIGKILL with SYNC_FLUSH. A new consumer of the group resumes from
 * the committed offsets: every acknowledged message is consumed, and what is delivered twice is bounded by what was
 * consumed before the stop (at-least-once, never a replay from the start).
 */
class BrokerRestartTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final int SIGTERM_STATUS = 143;
    private static final long SLOW_CONSUME_MILLIS = 10;

    @TempDir
    Path dir;

    @Test
    void afterSigtermANewConsumerResumesFromTheCommittedOffsets() throws Exception {
        int port = ChildJvm.freePort();
        String topic = "TermTopic";
        Set<String> sent = new HashSet<>();
        Received before = new Received();
        try (BrokerProcess broker = BrokerProcess.start(dir, port, Map.of())) {
            DefaultMQProducer producer = OfficialClients.producer(broker.address(), "PG-term");
            try {
                for (int i = 0; i < 300; i++) {
                    sent.add(producer.send(message(topic, i)).getMsgId());
                }
            } finally {
                producer.shutdown();
            }
            DefaultMQPushConsumer consumer = slowConsumer(broker.address(), topic, before);
            try {
                consumer.start();
                TestBroker.await(() -> before.total() >= 200, DEADLINE, "two thirds of the messages consumed");
                assertThat(broker.terminate()).as("exit status after SIGTERM").isEqualTo(SIGTERM_STATUS);
            } finally {
                consumer.shutdown();
            }
            assertThat(broker.output()).contains("stopped; data in");
        }
        Received after = resume(port, topic, sent, before);
        Set<String> twice = new HashSet<>(before.messages().keySet());
        twice.retainAll(after.messages().keySet());
        assertThat(twice.size()).as("delivered again after the restart (consumed before: " + before.total() + ")")
            .isLessThan(before.total());
    }

    @Test
    void afterSigkillWithSyncFlushEveryAcknowledgedSendIsConsumed() throws Exception {
        int port = ChildJvm.freePort();
        String topic = "KillTopic";
        Set<String> acknowledged = ConcurrentHashMap.newKeySet();
        Received before = new Received();
        try (BrokerProcess broker = BrokerProcess.start(dir, port, Map.of("flushDiskType", "SYNC_FLUSH"))) {
            DefaultMQProducer producer = OfficialClients.producer(broker.address(), "PG-kill");
            producer.setRetryTimesWhenSendFailed(0);
            DefaultMQPushConsumer consumer = slowConsumer(broker.address(), topic, before);
            Thread sender = new Thread(() -> sendUntilFailure(producer, topic, acknowledged), "kill-test-sender");
            try {
                for (int i = 0; i < 100; i++) {
                    acknowledged.add(producer.send(message(topic, -1 - i)).getMsgId());
                }
                consumer.start();
                sender.start(); // still sending when the broker dies
                TestBroker.await(() -> before.total() >= 50 && acknowledged.size() >= 150, DEADLINE,
                    "consumption and sends under way");
                broker.kill();
                sender.join(DEADLINE.toMillis());
            } finally {
                consumer.shutdown();
                producer.shutdown();
            }
        }
        resume(port, topic, acknowledged, before);
    }

    /** Restarts the broker and consumes with a new member of the group until {@code expected} were all consumed. */
    private Received resume(int port, String topic, Set<String> expected, Received before) throws Exception {
        Received after = new Received();
        try (BrokerProcess broker = BrokerProcess.start(dir, port, Map.of())) {
            DefaultMQPushConsumer consumer = OfficialClients.pushConsumer(broker.address(), "CG-restart", topic, "*",
                ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, after);
            try {
                consumer.start();
                TestBroker.await(() -> consumedEither(before, after).containsAll(expected), DEADLINE,
                    "every acknowledged message consumed before or after the restart");
            } catch (AssertionError e) {
                Set<String> missing = new HashSet<>(expected);
                missing.removeAll(consumedEither(before, after));
                throw new AssertionError(missing.size() + " of " + expected.size() + " acknowledged messages never consumed;"
                    + " the restarted broker said:\n" + broker.output(), e);
            } finally {
                consumer.shutdown();
            }
            assertThat(broker.terminate()).isEqualTo(SIGTERM_STATUS);
        }
        assertThat(consumedEither(before, after)).containsAll(expected);
        assertThat(after.maxCount()).as("deliveries per message after the restart").isEqualTo(1);
        return after;
    }

    private static Set<String> consumedEither(Received before, Received after) {
        Set<String> union = new HashSet<>(before.messages().keySet());
        union.addAll(after.messages().keySet());
        return union;
    }

    private static void sendUntilFailure(DefaultMQProducer producer, String topic, Set<String> acknowledged) {
        for (int i = 0; ; i++) {
            try {
                acknowledged.add(producer.send(message(topic, i)).getMsgId());
            } catch (Exception brokerGone) {
                return;
            }
        }
    }

    /** One consumer thread taking a few milliseconds per message, committing every second: stops land mid-way. */
    private static DefaultMQPushConsumer slowConsumer(String address, String topic, Received into) throws Exception {
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer("CG-restart");
        consumer.setNamesrvAddr(address);
        consumer.setInstanceName("CG-restart-" + System.nanoTime());
        consumer.setClientIP("127.0.0.1");
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.setConsumeThreadMin(1);
        consumer.setConsumeThreadMax(1);
        consumer.setPersistConsumerOffsetInterval(1_000);
        consumer.subscribe(topic, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            try {
                Thread.sleep(SLOW_CONSUME_MILLIS); // stands for the application's work
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return ConsumeConcurrentlyStatus.RECONSUME_LATER;
            }
            messages.forEach(into::record);
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        return consumer;
    }

    private static Message message(String topic, int i) {
        return new Message(topic, "TagA", "key-" + i, ("restart " + i).getBytes(StandardCharsets.UTF_8));
    }
}
