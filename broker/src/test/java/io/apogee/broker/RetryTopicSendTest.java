package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.store.MessageStore;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import io.apogee.testsupport.Await;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client's own send to a retry topic, as the official consumer sends when the broker does not take its send-back,
 * with the official 5.4.0 producer: within the group's max reconsume times it stays on {@code %RETRY%<group>}, past
 * them (the request's own limit, or the group's 16) it goes to {@code %DLQ%<group>} with DELAY -1, and for a group the
 * broker does not know it is refused with SUBSCRIPTION_GROUP_NOT_EXIST.
 */
class RetryTopicSendTest {
    private static final String GROUP = "CG-retry-send";
    private static final Duration DEADLINE = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    @Test
    void aRetryPastItsMaxReconsumeTimesBecomesADeadLetter() throws Exception {
        try (TestBroker broker = TestBroker.start(dir)) {
            SendBackAndLockRequestTest.heartbeat(broker, GROUP); // the group exists, and with it its retry topic
            DefaultMQProducer producer = OfficialClients.producer(broker.address(), "PG-retry-send");
            producer.setRetryTimesWhenSendFailed(0);
            try {
                assertThat(sendRetry(producer, GROUP, "second try", "1", "2").getSendStatus()).isEqualTo(SendStatus.SEND_OK);
                assertThat(sendRetry(producer, GROUP, "one too many", "3", "2").getSendStatus()).isEqualTo(SendStatus.SEND_OK);
                assertThat(sendRetry(producer, GROUP, "past the group's 16", "17", null).getSendStatus())
                    .isEqualTo(SendStatus.SEND_OK);
                assertThatThrownBy(() -> sendRetry(producer, "CG-never-seen", "lost group", "1", null))
                    .isInstanceOfSatisfying(MQBrokerException.class, e -> {
                        assertThat(e.getResponseCode()).isEqualTo(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST);
                        assertThat(e.getErrorMessage()).startsWith("subscription group not exist, CG-never-seen");
                    });
            } finally {
                producer.shutdown();
            }
            MessageStore store = broker.context().store();
            String deadLetters = "%DLQ%" + GROUP;
            Await.until("two dead letters", DEADLINE, () -> store.maxOffset(deadLetters, 0) == 2);
            Await.until("the second try on the retry topic", DEADLINE,
                () -> store.maxOffset("%RETRY%" + GROUP, 0) == 1);
            assertThat(bodyAndDelay(store, deadLetters, 0)).containsExactly("one too many", "-1");
            assertThat(bodyAndDelay(store, deadLetters, 1)).containsExactly("past the group's 16", "-1");
            assertThat(bodyAndDelay(store, "%RETRY%" + GROUP, 0)).containsExactly("second try", null);
        }
    }

    private static SendResult sendRetry(DefaultMQProducer producer, String group, String body, String reconsumeTimes,
        String maxReconsumeTimes) throws Exception {
        Message message = new Message("%RETRY%" + group, body.getBytes(StandardCharsets.UTF_8));
        // the producer moves these two properties into the request header for retry topics, as the consumer's fallback does
        MessageAccessor.setReconsumeTime(message, reconsumeTimes);
        if (maxReconsumeTimes != null) {
            MessageAccessor.setMaxReconsumeTimes(message, maxReconsumeTimes);
        }
        return producer.send(message);
    }

    /** The body and DELAY of the message at {@code offset} of {@code topic} queue 0. */
    private static String[] bodyAndDelay(MessageStore store, String topic, long offset) {
        ReadResult result = new ReadResult(1);
        assertThat(store.read(topic, 0, offset, 1, 1 << 20, TagFilter.ANY, result)).isEqualTo(ReadStatus.FOUND);
        try {
            StoredRecord record = new StoredRecord().wrap(result.buffer(0), result.position(0));
            byte[] body = new byte[record.bodyLength()];
            record.buffer().get(record.bodyOffset(), body);
            return new String[] {new String(body, StandardCharsets.UTF_8), record.properties().value(PropertyNames.DELAY)};
        } finally {
            result.release();
        }
    }
}
