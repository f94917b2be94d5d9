package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.launcher.Ports;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.Permits;
import io.apogee.testsupport.Received;
import io.apogee.testsupport.process.ApogeeBrokerProcess;
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
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The broker as a child JVM stopped in the middle of consumption, then started again on the same directory and port:
 * after SIGTERM (flush, checkpoint, close) and after SIGKILL with SYNC_FLUSH. A new consumer of the group resumes from
 * the committed offsets: every acknowledged message is consumed, and what is delivered twice is bounded by what was
 * consumed before the stop (at-least-once, never a replay from the start).
 */
@Tag("slow")
class BrokerRestartTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final int SIGTERM_STATUS = 143;

    @TempDir
    Path dir;

    @Test
    void afterSigtermANewConsumerResumesFromTheCommittedOffsets() throws Exception {
        int port = Ports.free();
        String topic = "TermTopic";
        Set<String> sent = new HashSet<>();
        Received<MessageExt> before = OfficialClients.received();
        try (ApogeeBrokerProcess broker = ApogeeBrokerProcess.start(dir, port, Map.of()); Permits permits = new Permits()) {
            DefaultMQProducer producer = OfficialClients.producer(broker.address(), "PG-term");
            try {
                for (int i = 0; i < 300; i++) {
                    sent.add(producer.send(message(topic, i)).getMsgId());
                }
            } finally {
                producer.shutdown();
            }
            DefaultMQPushConsumer consumer = gatedConsumer(broker.address(), topic, before, permits);
            try {
                consumer.start();
                permits.grant(200); // the stop lands with a third still to consume
                Await.until("two thirds of the messages consumed", DEADLINE, () -> before.total() >= 200);
                // the consumer commits every second: the stop must come after the group's progress reached the broker
                Await.until("the group's offsets committed up to what it consumed", DEADLINE,
                    () -> committed(broker.address(), "CG-restart") >= 200);
                assertThat(broker.terminate()).as("exit status after SIGTERM").isEqualTo(SIGTERM_STATUS);
            } finally {
                consumer.shutdown();
            }
            assertThat(broker.output()).contains("stopped; data in");
        }
        Received<MessageExt> after = resume(port, topic, sent, before);
        Set<String> twice = new HashSet<>(before.messages().keySet());
        twice.retainAll(after.messages().keySet());
        assertThat(twice.size()).as("delivered again after the restart (consumed before: " + before.total() + ")")
            .isLessThan(before.total());
    }

    @Test
    void afterSigkillWithSyncFlushEveryAcknowledgedSendIsConsumed() throws Exception {
        int port = Ports.free();
        String topic = "KillTopic";
        Set<String> acknowledged = ConcurrentHashMap.newKeySet();
        Received<MessageExt> before = OfficialClients.received();
        try (ApogeeBrokerProcess broker = ApogeeBrokerProcess.start(dir, port, Map.of("flushDiskType", "SYNC_FLUSH"));
             Permits permits = new Permits()) {
            DefaultMQProducer producer = OfficialClients.producer(broker.address(), "PG-kill");
            producer.setRetryTimesWhenSendFailed(0);
            DefaultMQPushConsumer consumer = gatedConsumer(broker.address(), topic, before, permits);
            Thread sender = new Thread(() -> sendUntilFailure(producer, topic, acknowledged), "kill-test-sender");
            try {
                for (int i = 0; i < 100; i++) {
                    acknowledged.add(producer.send(message(topic, -1 - i)).getMsgId());
                }
                consumer.start();
                permits.grant(50); // the kill lands with most of the messages still to consume
                sender.start(); // still sending when the broker dies
                Await.until("consumption and sends under way", DEADLINE,
                    () -> before.total() >= 50 && acknowledged.size() >= 150);
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
    private Received<MessageExt> resume(int port, String topic, Set<String> expected, Received<MessageExt> before) throws Exception {
        Received<MessageExt> after = OfficialClients.received();
        try (ApogeeBrokerProcess broker = ApogeeBrokerProcess.start(dir, port, Map.of())) {
            DefaultMQPushConsumer consumer = OfficialClients.pushConsumer(broker.address(), "CG-restart", topic, "*",
                ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, after);
            try {
                consumer.start();
                Await.until("every acknowledged message consumed before or after the restart", DEADLINE,
                    () -> consumedEither(before, after).containsAll(expected));
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

    private static Set<String> consumedEither(Received<MessageExt> before, Received<MessageExt> after) {
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

    /** One consumer thread consuming only what {@code permits} grant, committing every second: stops land mid-way. */
    private static DefaultMQPushConsumer gatedConsumer(String address, String topic, Received<MessageExt> into, Permits permits)
        throws Exception {
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
            for (MessageExt message : messages) {
                if (!permits.take()) {
                    return ConsumeConcurrentlyStatus.RECONSUME_LATER; // the test is over: consume nothing more
                }
            }
            messages.forEach(into::record);
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        return consumer;
    }

    /** What {@code group} committed on the broker, summed over the queues. */
    private static long committed(String address, String group) throws Exception {
        DefaultMQAdminExt admin = new DefaultMQAdminExt(10_000);
        admin.setNamesrvAddr(address);
        admin.setInstanceName("restart-admin-" + System.nanoTime());
        admin.start();
        try {
            return admin.examineConsumeStats(group).getOffsetTable().values().stream()
                .mapToLong(wrapper -> Math.max(0, wrapper.getConsumerOffset())).sum();
        } finally {
            admin.shutdown();
        }
    }

    private static Message message(String topic, int i) {
        return new Message(topic, "TagA", "key-" + i, ("restart " + i).getBytes(StandardCharsets.UTF_8));
    }
}
