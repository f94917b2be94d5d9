package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.testsupport.Await;
import io.apogee.testsupport.Received;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;

/**
 * The known load the console's tests look at, made with the official 5.4.0 clients against a broker serving its
 * console on a free port: {@value #CONSUMED} messages sent and consumed by {@value #GROUP}, whose consumer then stops,
 * then {@value #LAGGING} more that it has not consumed (its lag), the last of them under the key {@value #KEY} with
 * the body {@value #BODY}.
 */
final class ConsoleLoad implements AutoCloseable {
    static final String TOPIC = "ConsoleOrders";
    static final String GROUP = "console-readers";
    static final int CONSUMED = 40;
    static final int LAGGING = 10;
    static final String KEY = "order-4711";
    static final String BODY = "{\"order\":4711,\"item\":\"telescope\",\"note\":\"seen in the console\"}";
    private static final Duration WAIT = Duration.ofSeconds(30);

    private final TestBroker broker;
    private final SendResult keyed;

    private ConsoleLoad(TestBroker broker, SendResult keyed) {
        this.broker = broker;
        this.keyed = keyed;
    }

    /** Starts a broker in {@code dir} with its console and {@code extra} settings, and puts the load on it. */
    static ConsoleLoad start(Path dir, Map<String, String> extra) throws Exception {
        Map<String, String> settings = new java.util.HashMap<>(extra);
        settings.put("consoleEnable", "true");
        settings.put("consoleListenPort", "0");
        settings.put("consoleListenHost", "127.0.0.1");
        TestBroker broker = TestBroker.start(dir, settings);
        try {
            return new ConsoleLoad(broker, load(broker));
        } catch (Exception | AssertionError e) {
            broker.close();
            throw e;
        }
    }

    private static SendResult load(TestBroker broker) throws Exception {
        DefaultMQProducer producer = OfficialClients.producer(broker.address(), "console-writers");
        try {
            send(producer, 0, CONSUMED);
            Received<MessageExt> received = OfficialClients.received();
            DefaultMQPushConsumer consumer = OfficialClients.pushConsumer(broker.address(), GROUP, TOPIC, "*",
                ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, received);
            consumer.setPersistConsumerOffsetInterval(500);
            consumer.start();
            try {
                Await.until("the first messages consumed", WAIT, () -> received.total() >= CONSUMED);
                // committed every 500 ms once each batch's result is processed, which follows the listener
                Await.until("the group's offsets committed", WAIT, () -> committed(broker) == CONSUMED);
            } finally {
                consumer.shutdown();
            }
            send(producer, CONSUMED, LAGGING - 1);
            SendResult keyed = producer.send(new Message(TOPIC, "TagC", KEY, BODY.getBytes(StandardCharsets.UTF_8)));
            assertThat(keyed.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            return keyed;
        } finally {
            producer.shutdown();
        }
    }

    private static void send(DefaultMQProducer producer, int first, int count) throws Exception {
        for (int i = first; i < first + count; i++) {
            Message message = new Message(TOPIC, "TagC", "order-" + i, ("order " + i).getBytes(StandardCharsets.UTF_8));
            assertThat(producer.send(message).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        }
    }

    private static long committed(TestBroker broker) {
        long total = 0;
        for (int queueId = 0; queueId < broker.context().metadata().topics().get(TOPIC).writeQueues(); queueId++) {
            total += Math.max(0, broker.committedOffset(GROUP, TOPIC, queueId));
        }
        return total;
    }

    /** The broker. */
    TestBroker broker() {
        return broker;
    }

    /** The console's port. */
    int consolePort() {
        return broker.context().consolePort();
    }

    /** What the producer was told of the keyed message. */
    SendResult keyed() {
        return keyed;
    }

    @Override
    public void close() {
        broker.close();
    }
}
