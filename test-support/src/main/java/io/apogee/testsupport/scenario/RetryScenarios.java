package io.apogee.testsupport.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.testsupport.Await;
import io.apogee.testsupport.Received;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Retries and dead letters of a client's push consumer: a listener that keeps answering RECONSUME_LATER gets the
 * message again from the group's retry topic after its level's delay, with one more reconsume time each time, and
 * after the consumer's max reconsume times the message is in {@code %DLQ%<group>}, where a consumer of that topic
 * reads it with its origin recorded. A subclass names the client and the broker ({@link ScenarioTarget}). JUnit runs
 * each test on one thread.
 *
 * <p>The retries wait for the broker's own clock: their delay levels are its schedule, in wall-clock time.
 */
@Tag("slow")
public abstract class RetryScenarios {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final int MAX_RECONSUME_TIMES = 2;
    /** Level 3 and up (the retries' levels) last 2 s here. */
    private static final String LEVELS = "1s 1s 2s 2s 2s";
    private static final long RETRY_DELAY_MILLIS = 2_000;
    private static final String BODY = "fails every time";

    private final ScenarioTarget target;

    /** Scenarios run by {@code target}'s client against its broker. */
    protected RetryScenarios(ScenarioTarget target) {
        this.target = target;
    }

    @Test
    void aMessageRetriedMaxReconsumeTimesEndsInTheDeadLetterTopic(@TempDir Path dir) throws Exception {
        ClientDriver driver = target.driver();
        String group = "CG-retry";
        String topic = "RetriedTopic";
        String deadLetters = "%DLQ%" + group;
        try (BrokerUnderTest broker = target.broker().start(dir, Map.of("messageDelayLevel", LEVELS))) {
            // a consumer looks %RETRY%<group> up before its first heartbeat creates it, and again only after 30 s: the
            // group is announced first, as it would be by an earlier run of the application
            broker.announceGroup(group);
            List<Delivery> deliveries = new CopyOnWriteArrayList<>();
            try (DriverProducer producer = driver.producer(broker.address(), "PG-retry");
                 DriverPushConsumer failing = driver.pushConsumer(broker.address(),
                     PushSpec.of(group, topic).answeringLater(MAX_RECONSUME_TIMES),
                     message -> deliveries.add(new Delivery(message, System.currentTimeMillis())))) {
                SendReceipt sent = producer.send(new Outgoing(topic, "TagR", "keys-1", BODY.getBytes(StandardCharsets.UTF_8),
                    Map.of()));
                failing.start();
                Await.until("the message in " + deadLetters, DEADLINE, () -> broker.maxOffset(deadLetters, 0) == 1);
                assertThat(deliveries).hasSize(MAX_RECONSUME_TIMES + 1);
                for (int i = 0; i < deliveries.size(); i++) {
                    Incoming message = deliveries.get(i).message();
                    assertThat(message.msgId()).isEqualTo(sent.msgId());
                    assertThat(message.topic()).isEqualTo(topic);
                    assertThat(message.reconsumeTimes()).isEqualTo(i);
                    assertThat(message.text()).isEqualTo(BODY);
                    if (i > 0) {
                        assertThat(deliveries.get(i).millis() - deliveries.get(i - 1).millis())
                            .as("retry %d comes after its level's delay", i).isGreaterThanOrEqualTo(RETRY_DELAY_MILLIS);
                        assertThat(message.property("RETRY_TOPIC")).isEqualTo(topic);
                        assertThat(message.property("ORIGIN_MESSAGE_ID")).isEqualTo(sent.offsetMsgId());
                    }
                }
                Received<Incoming> dead = Received.incoming();
                try (DriverPushConsumer reader = driver.pushConsumer(broker.address(), PushSpec.of("CG-dlq-reader", deadLetters),
                    dead::record)) {
                    reader.start();
                    Await.until("the dead letter read back", DEADLINE, () -> dead.total() > 0);
                }
                Incoming letter = dead.messages().values().iterator().next();
                assertThat(letter.msgId()).as("the dead letter keeps the producer's message id").isEqualTo(sent.msgId());
                assertThat(letter.topic()).isEqualTo(deadLetters);
                assertThat(letter.keys()).isEqualTo("keys-1");
                assertThat(letter.tags()).isEqualTo("TagR");
                assertThat(letter.reconsumeTimes()).isEqualTo(MAX_RECONSUME_TIMES + 1);
                assertThat(letter.property("RETRY_TOPIC")).isEqualTo(topic);
                assertThat(letter.property("ORIGIN_MESSAGE_ID")).isEqualTo(sent.offsetMsgId());
                assertThat(letter.text()).isEqualTo(BODY);
                assertThat(deliveries).as("no delivery after the dead letter").hasSize(MAX_RECONSUME_TIMES + 1);
            }
        }
    }

    /** A delivery and when it came. */
    private record Delivery(Incoming message, long millis) {
    }
}
