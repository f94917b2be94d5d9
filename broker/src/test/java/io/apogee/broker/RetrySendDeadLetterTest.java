package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.retry.DeadLetterRoute;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plain send to {@code %RETRY%<group>}, as an orderly consumer makes once its local retries are spent: the official
 * 5.4.0 producer moves the message's RECONSUME_TIME and MAX_RECONSUME_TIMES into the send's header, and the broker
 * puts a message at its max in {@code %DLQ%<group>}, one under it in the retry topic; without a max the group's own
 * limit (16) applies, and a group the broker does not know keeps the send on its topic.
 */
class RetrySendDeadLetterTest {
    private static final String GROUP = "CG-retry-send";
    private static final String RETRY = "%RETRY%" + GROUP;
    private static final String DEAD_LETTERS = DeadLetterRoute.topicOf(GROUP);

    @TempDir
    static Path dir;
    @AutoClose
    private static TestBroker broker;
    @AutoClose("shutdown")
    private static DefaultMQProducer producer;

    @BeforeAll
    static void start() throws Exception {
        broker = TestBroker.start(dir);
        SendBackAndLockRequestTest.heartbeat(broker, GROUP); // the group is known, with RocketMQ's default limit
        producer = OfficialClients.producer(broker.address(), "PG-retry-send");
    }

    @Test
    void atTheConsumersMaxTheMessageGoesToTheDeadLetterTopicAndUnderItToTheRetryTopic() throws Exception {
        long retried = stored(RETRY);
        long dead = stored(DEAD_LETTERS);
        send(RETRY, 1, 2);
        awaitStored(RETRY, retried + 1);
        send(RETRY, 2, 2);
        awaitStored(DEAD_LETTERS, dead + 1);
        assertThat(stored(RETRY)).as("only the first in the retry topic").isEqualTo(retried + 1);
        assertThat(broker.context().store().metadata().topics().get(DEAD_LETTERS).readQueues()).isEqualTo(1);
    }

    @Test
    void withoutAMaxTheGroupsLimitApplies() throws Exception {
        long retried = stored(RETRY);
        long dead = stored(DEAD_LETTERS);
        send(RETRY, 15, -1);
        awaitStored(RETRY, retried + 1);
        send(RETRY, 16, -1);
        awaitStored(DEAD_LETTERS, dead + 1);
        assertThat(stored(RETRY)).as("only the first in the retry topic").isEqualTo(retried + 1);
    }

    @Test
    void aGroupTheBrokerDoesNotKnowKeepsItsRetrySend() throws Exception {
        String retry = "%RETRY%CG-never-seen";
        send(retry, 20, -1);
        awaitStored(retry, 1);
        assertThat(broker.context().store().metadata().topics().get(DeadLetterRoute.topicOf("CG-never-seen"))).isNull();
    }

    /** Sends to {@code topic} as a consumer's own retry send does; {@code max} below 0 leaves the max out. */
    private static void send(String topic, int reconsumeTimes, int max) throws Exception {
        Message message = new Message(topic, "TagR", ("times " + reconsumeTimes).getBytes(StandardCharsets.UTF_8));
        MessageAccessor.setReconsumeTime(message, Integer.toString(reconsumeTimes));
        if (max >= 0) {
            MessageAccessor.setMaxReconsumeTimes(message, Integer.toString(max));
        }
        assertThat(producer.send(message).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
    }

    private static void awaitStored(String topic, long count) throws InterruptedException {
        TestBroker.await(() -> stored(topic) == count, Duration.ofSeconds(10), count + " messages in " + topic);
    }

    /** Messages in the queues of {@code topic} (a retry or dead-letter topic has 1, one made from TBW102 4). */
    private static long stored(String topic) {
        long total = 0;
        for (int queueId = 0; queueId < 4; queueId++) {
            total += Math.max(0, broker.context().store().maxOffset(topic, queueId));
        }
        return total;
    }
}
