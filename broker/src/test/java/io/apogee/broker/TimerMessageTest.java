package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.timer.TimerTopic;
import io.apogee.launcher.Ports;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.process.ApogeeBrokerProcess;
import io.apogee.wire.code.ResponseCode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Timer messages (5.x delivery times) with the official 5.4.0 client: {@code setDelayTimeSec}, {@code setDelayTimeMs}
 * and {@code setDeliverTimeMs} each arrive no sooner than asked and not long after, through the timer topic, also
 * when the broker restarts while they wait, and none is lost or early when a SYNC_FLUSH broker is killed while they
 * fall due; a time in the past arrives at once; a delay over timerMaxDelaySec, a value
 * that is not a number and any timer message on a broker with timerWheelEnable=false are refused as RocketMQ refuses
 * them.
 */
@Tag("slow")
class TimerMessageTest {
    /** How late a delivery may be on a busy test machine (the service looks every 10 ms). */
    private static final long SLACK_MILLIS = 6_000;
    private static final Duration DEADLINE = Duration.ofSeconds(40);
    private static final int KILLED_MESSAGES = 40;

    @TempDir
    Path dir;

    @Test
    void eachKindOfDeliveryTimeArrivesOnTimeWithItsRealTopic() throws Exception {
        try (TestBroker broker = TestBroker.start(dir)) {
            String topic = "TimedTopic";
            DefaultMQProducer producer = OfficialClients.producer(broker.address(), "PG-timer");
            Arrivals arrivals = new Arrivals();
            DefaultMQPushConsumer consumer = null;
            try {
                producer.send(new Message(topic, "TagT", Arrivals.WARM_UP.getBytes(StandardCharsets.UTF_8)));
                consumer = arrivals.consume(broker.address(), "CG-timer", topic);
                Map<String, long[]> windows = new ConcurrentHashMap<>(); // id -> {earliest arrival, its delay}
                sendTimed(producer, topic, "delay-2s", m -> m.setDelayTimeSec(2), 2_000, windows);
                sendTimed(producer, topic, "delay-1500ms", m -> m.setDelayTimeMs(1_500), 1_500, windows);
                long deliverAt = System.currentTimeMillis() + 3_000;
                sendTimed(producer, topic, "deliver-at", m -> m.setDeliverTimeMs(deliverAt), 3_000, windows);
                // asked for deliverAt itself, which may be a few milliseconds before the time taken just before the send
                windows.get(idOf(windows, 3_000))[0] = deliverAt;
                sendTimed(producer, topic, "in-the-past", m -> m.setDeliverTimeMs(deliverAt - 60_000), 0, windows);
                // each send is answered once written; its unit in the timer queue follows on the dispatcher
                Await.until("the timer units", DEADLINE,
                    () -> broker.context().store().maxOffset(TimerTopic.NAME, TimerTopic.QUEUE_ID) >= 3);
                assertThat(broker.context().store().maxOffset(TimerTopic.NAME, TimerTopic.QUEUE_ID)).isEqualTo(3);

                Await.until("the timer messages", DEADLINE, () -> arrivals.size() == windows.size());
                for (Map.Entry<String, long[]> window : windows.entrySet()) {
                    Arrivals.Arrival arrival = arrivals.of(window.getKey());
                    assertThat(arrival.millis()).as(arrival.body()).isGreaterThanOrEqualTo(window.getValue()[0])
                        .isLessThan(window.getValue()[0] + SLACK_MILLIS);
                    MessageExt message = arrival.message();
                    assertThat(message.getTopic()).isEqualTo(topic);
                    assertThat(message.getTags()).isEqualTo("TagT");
                    assertThat(message.getProperty(MessageConst.PROPERTY_REAL_TOPIC)).isNull();
                    if (window.getValue()[1] > 0) {
                        assertThat(Long.parseLong(message.getProperty(MessageConst.PROPERTY_TIMER_OUT_MS)))
                            .isLessThanOrEqualTo(arrival.millis());
                        assertThat(message.getProperty(MessageConst.PROPERTY_TIMER_ENQUEUE_MS)).isNotNull();
                        assertThat(message.getProperty(MessageConst.PROPERTY_TIMER_DEQUEUE_MS)).isNotNull();
                    } else {
                        assertThat(message.getProperty(MessageConst.PROPERTY_TIMER_OUT_MS)).isNull();
                    }
                }
                assertThat(Long.parseLong(arrivals.of(idOf(windows, 3_000)).message()
                    .getProperty(MessageConst.PROPERTY_TIMER_OUT_MS))).isEqualTo(deliverAt);
            } finally {
                if (consumer != null) {
                    consumer.shutdown();
                }
                producer.shutdown();
            }
        }
    }

    @Test
    void aTimerMessageWaitsItsTimeAcrossABrokerRestart() throws Exception {
        String topic = "TimedAcrossRestart";
        long deliverAt = System.currentTimeMillis() + 8_000;
        String id;
        try (TestBroker broker = TestBroker.start(dir)) {
            DefaultMQProducer producer = OfficialClients.producer(broker.address(), "PG-timer-restart");
            try {
                Message message = new Message(topic, "TagT", "eight seconds".getBytes(StandardCharsets.UTF_8));
                message.setDeliverTimeMs(deliverAt);
                id = producer.send(message).getMsgId();
            } finally {
                producer.shutdown();
            }
        }
        try (TestBroker broker = TestBroker.start(dir)) {
            Arrivals arrivals = new Arrivals();
            DefaultMQPushConsumer consumer = arrivals.consume(broker.address(), "CG-timer-restart", topic);
            try {
                Await.until("the timer message after the restart", DEADLINE, () -> arrivals.has(id));
            } finally {
                consumer.shutdown();
            }
            assertThat(arrivals.of(id).millis()).isGreaterThanOrEqualTo(deliverAt).isLessThan(deliverAt + SLACK_MILLIS);
            assertThat(arrivals.of(id).body()).isEqualTo("eight seconds");
            assertThat(arrivals.size()).as("delivered once").isEqualTo(1);
        }
    }

    @Test
    void aSigkillWhileTimerMessagesAreDueLosesNoneAndDeliversNoneEarly() throws Exception {
        String topic = "TimedAcrossKill";
        int port = Ports.free();
        Path store = Files.createDirectories(dir.resolve("killed"));
        Map<String, Long> dueAt = new ConcurrentHashMap<>();
        Arrivals before = new Arrivals();
        try (ApogeeBrokerProcess broker = ApogeeBrokerProcess.start(store, port, Map.of("flushDiskType", "SYNC_FLUSH"))) {
            DefaultMQProducer producer = OfficialClients.producer(broker.address(), "PG-timer-kill");
            DefaultMQPushConsumer consumer = null;
            try {
                producer.send(new Message(topic, "TagT", Arrivals.WARM_UP.getBytes(StandardCharsets.UTF_8)));
                consumer = before.consume(broker.address(), "CG-timer-kill", topic);
                long first = System.currentTimeMillis() + 2_000;
                for (int i = 0; i < KILLED_MESSAGES; i++) {
                    long due = first + i * 50L; // spread over two seconds: the kill lands mid-way
                    Message message = new Message(topic, "TagT", ("due " + i).getBytes(StandardCharsets.UTF_8));
                    message.setDeliverTimeMs(due);
                    dueAt.put(producer.send(message).getMsgId(), due);
                }
                Await.until("some timer messages delivered", DEADLINE, () -> before.size() >= KILLED_MESSAGES / 4);
            } finally {
                if (consumer != null) {
                    consumer.shutdown();
                }
                producer.shutdown();
            }
            broker.kill();
        }
        Arrivals after = new Arrivals();
        try (ApogeeBrokerProcess broker = ApogeeBrokerProcess.start(store, port, Map.of())) {
            DefaultMQPushConsumer consumer = after.consume(broker.address(), "CG-timer-kill", topic);
            try {
                Await.until("every acknowledged timer message, before the kill or after the restart", DEADLINE,
                    () -> dueAt.keySet().stream().allMatch(id -> before.has(id) || after.has(id)));
            } finally {
                consumer.shutdown();
            }
        }
        assertThat(before.size()).as("delivered before the kill").isLessThan(KILLED_MESSAGES);
        for (Map.Entry<String, Long> due : dueAt.entrySet()) {
            for (Arrivals arrivals : List.of(before, after)) {
                if (arrivals.has(due.getKey())) {
                    assertThat(arrivals.of(due.getKey()).millis()).as(arrivals.of(due.getKey()).body())
                        .isGreaterThanOrEqualTo(due.getValue());
                }
            }
        }
    }

    @Test
    void badDeliveryTimesAreRefusedAsRocketMqRefusesThem() throws Exception {
        Properties tenSeconds = new Properties();
        tenSeconds.setProperty("timerMaxDelaySec", "10");
        try (TestBroker broker = TestBroker.start(dir.resolve("max"), tenSeconds)) {
            DefaultMQProducer producer = OfficialClients.producer(broker.address(), "PG-timer-bad");
            producer.setRetryTimesWhenSendFailed(0);
            try {
                Message tooFar = message("too far");
                tooFar.setDelayTimeSec(20);
                assertThatThrownBy(() -> producer.send(tooFar)).isInstanceOfSatisfying(MQBrokerException.class, e -> {
                    assertThat(e.getResponseCode()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
                    assertThat(e.getErrorMessage()).contains("should not be bigger than the max delay 10000ms");
                });
                Message notANumber = message("not a number");
                MessageAccessor.putProperty(notANumber, MessageConst.PROPERTY_TIMER_DELAY_MS, "soon"); // the client guards its own setters
                assertThatThrownBy(() -> producer.send(notANumber)).isInstanceOfSatisfying(MQBrokerException.class,
                    e -> assertThat(e.getResponseCode()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL));
                Message withinReach = message("within reach");
                withinReach.setDelayTimeSec(9);
                assertThat(producer.send(withinReach).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            } finally {
                producer.shutdown();
            }
        }
        Properties off = new Properties();
        off.setProperty("timerWheelEnable", "false");
        try (TestBroker broker = TestBroker.start(dir.resolve("off"), off)) {
            DefaultMQProducer producer = OfficialClients.producer(broker.address(), "PG-timer-off");
            producer.setRetryTimesWhenSendFailed(0);
            try {
                Message timed = message("timed");
                timed.setDelayTimeMs(1_000);
                // SYSTEM_ERROR is a code the client retries on: it wraps the broker's answer
                assertThatThrownBy(() -> producer.send(timed)).cause().isInstanceOfSatisfying(MQBrokerException.class, e -> {
                    assertThat(e.getResponseCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
                    assertThat(e.getErrorMessage()).contains("timerWheelEnable is false");
                });
            } finally {
                producer.shutdown();
            }
        }
    }

    private static Message message(String body) {
        return new Message("RefusedTimers", body.getBytes(StandardCharsets.UTF_8));
    }

    /** Sends a message timed by {@code timing}; records when it may arrive at the earliest, counted from before the send. */
    private static void sendTimed(DefaultMQProducer producer, String topic, String body, Consumer<Message> timing,
        long delay, Map<String, long[]> windows) throws Exception {
        Message message = new Message(topic, "TagT", body.getBytes(StandardCharsets.UTF_8));
        timing.accept(message);
        long before = System.currentTimeMillis();
        SendResult result = producer.send(message);
        assertThat(result.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        windows.put(result.getMsgId(), new long[] {before + delay, delay});
    }

    private static String idOf(Map<String, long[]> windows, long delay) {
        return windows.entrySet().stream().filter(window -> window.getValue()[1] == delay).findFirst().orElseThrow()
            .getKey();
    }
}
