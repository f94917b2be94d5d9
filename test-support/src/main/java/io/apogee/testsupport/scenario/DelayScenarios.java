package io.apogee.testsupport.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.testsupport.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Delayed messages of a client: a message sent with a delay level reaches its consumer through the schedule topic no
 * sooner than the level's delay and not long after, on its real topic; a level above the last waits as long as the
 * last; a level's wait goes on across a broker restart. Each test starts its own broker. A subclass names the client
 * and the broker ({@link ScenarioTarget}). JUnit runs each test on one thread.
 *
 * <p>These tests wait for the broker's own clock: delays are its schedule, counted in wall-clock time.
 */
@Tag("slow")
public abstract class DelayScenarios {
    /** How late a delivery may be on a busy test machine (the service looks every 100 ms). */
    private static final long SLACK_MILLIS = 6_000;
    private static final Duration DEADLINE = Duration.ofSeconds(40);
    private static final String WARM_UP = "warm-up";
    /** The schedule topic of delay levels; queue {@code level - 1} holds the messages of a level. */
    private static final String SCHEDULE_TOPIC = "SCHEDULE_TOPIC_XXXX";

    private final ScenarioTarget target;

    /** Scenarios run by {@code target}'s client against its broker. */
    protected DelayScenarios(ScenarioTarget target) {
        this.target = target;
    }

    @Test
    void aDelayedMessageArrivesAfterItsLevelsDelayWithItsRealTopic(@TempDir Path dir) throws Exception {
        ClientDriver driver = target.driver();
        try (BrokerUnderTest broker = target.broker().start(dir, Map.of("messageDelayLevel", "1s 2s 3s"))) {
            String topic = "DelayedTopic";
            Map<String, Arrival> arrivals = new ConcurrentHashMap<>();
            try (DriverProducer producer = driver.producer(broker.address(), "PG-delay")) {
                // creates the topic, so that the consumer finds its route when it starts
                producer.send(Outgoing.of(topic, "TagA", null, WARM_UP));
                try (DriverPushConsumer consumer = driver.pushConsumer(broker.address(), PushSpec.of("CG-delay", topic),
                    arrivals(arrivals))) {
                    consumer.start();
                    Map<String, Long> sentAt = new ConcurrentHashMap<>();
                    // each delay counts from before its send: the broker's store time lies between the two
                    for (String[] body : new String[][] {{"level-3", "3"}, {"level-9-capped-to-3", "9"}, {"level-1", "1"}}) {
                        long before = System.currentTimeMillis();
                        sentAt.put(send(producer, topic, body[0], Integer.parseInt(body[1])), before);
                    }
                    // level 3 and the capped level 9 wait on the schedule queue of level 3 (dispatched soon after the acks)
                    Await.until("two messages on the schedule queue of level 3", DEADLINE,
                        () -> broker.maxOffset(SCHEDULE_TOPIC, 2) == 2);
                    Await.until("the delayed messages", DEADLINE, () -> arrivals.size() == sentAt.size());
                    for (Map.Entry<String, Long> sent : sentAt.entrySet()) {
                        Arrival arrival = arrivals.get(sent.getKey());
                        Incoming message = arrival.message();
                        long delay = message.text().equals("level-1") ? 1_000 : 3_000;
                        assertThat(arrival.millis() - sent.getValue()).as(message.text())
                            .isGreaterThanOrEqualTo(delay).isLessThan(delay + SLACK_MILLIS);
                        assertThat(message.topic()).isEqualTo(topic);
                        assertThat(message.property("REAL_TOPIC")).isEqualTo(topic);
                        assertThat(message.property("DELAY")).as("delay level").isIn(null, "0");
                        assertThat(message.tags()).isEqualTo("TagA");
                    }
                }
            }
        }
    }

    @Test
    void level3WaitsItsTenSecondsAcrossABrokerRestart(@TempDir Path dir) throws Exception {
        ClientDriver driver = target.driver();
        String topic = "DelayedAcrossRestart";
        long sentAt;
        String id;
        try (BrokerUnderTest broker = target.broker().start(dir, Map.of());
             DriverProducer producer = driver.producer(broker.address(), "PG-delay-restart")) {
            sentAt = System.currentTimeMillis();
            id = send(producer, topic, "ten seconds", 3);
        }
        Map<String, Arrival> arrivals = new ConcurrentHashMap<>();
        try (BrokerUnderTest broker = target.broker().start(dir, Map.of());
             DriverPushConsumer consumer = driver.pushConsumer(broker.address(), PushSpec.of("CG-delay-restart", topic),
                 arrivals(arrivals))) {
            consumer.start();
            Await.until("the delayed message after the restart", DEADLINE, () -> arrivals.containsKey(id));
        }
        assertThat(arrivals.get(id).millis() - sentAt).isGreaterThanOrEqualTo(10_000).isLessThan(10_000 + SLACK_MILLIS);
        assertThat(arrivals.get(id).message().text()).isEqualTo("ten seconds");
    }

    /** Sends {@code body} with delay {@code level}; returns its message id. */
    private static String send(DriverProducer producer, String topic, String body, int level) throws Exception {
        SendReceipt receipt = producer.send(Outgoing.of(topic, "TagA", null, body).delayed(level));
        assertThat(receipt.ok()).as("SEND_OK").isTrue();
        return receipt.msgId();
    }

    /** Records when each message but the warm-up first arrives. */
    private static Consumer<Incoming> arrivals(Map<String, Arrival> into) {
        return message -> {
            if (!message.text().equals(WARM_UP)) {
                into.putIfAbsent(message.msgId(), new Arrival(message, System.currentTimeMillis()));
            }
        };
    }

    /** A delivery and when it came. */
    private record Arrival(Incoming message, long millis) {
    }
}
