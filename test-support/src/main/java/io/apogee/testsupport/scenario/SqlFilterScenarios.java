package io.apogee.testsupport.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.testsupport.Await;
import io.apogee.testsupport.Received;
import io.apogee.wire.code.ResponseCode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQL92 filters (a MessageSelector by SQL) with a client's consumers against a broker with
 * {@code enablePropertyFilter=true}: push consumers (the expression sent in their heartbeats) and lite pull consumers
 * (the expression carried by each pull) receive exactly the matching messages, over user properties, TAGS, integers
 * and decimals, IS NULL, BETWEEN and IN, while their offsets pass the others. A bad expression fails the push
 * consumer's start with the broker's SUBSCRIPTION_PARSE_FAILED, and any SQL92 subscription fails it on a broker with
 * property filters off. The clients filter nothing themselves for SQL92, so what arrives is what the broker chose.
 * 4.9.8's brokers know no CONTAINS, STARTSWITH or ENDSWITH, so the expressions here leave them out.
 *
 * <p>A subclass names the client and the broker ({@link ScenarioTarget}). JUnit runs one instance per class, on one
 * thread.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Tag("slow")
public abstract class SqlFilterScenarios {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final String TOPIC = "SqlTopic";
    private static final int QUEUES = 4;
    private static final int MESSAGES = 40;
    /** What the oracles read for a missing or non-numeric property: below every lower bound they test. */
    private static final int NO_NUMBER = Integer.MIN_VALUE;
    private static final List<Selector> SELECTORS = List.of(
        new Selector("CG-sql-numbers", "a > 5 AND b = 'x'",
            p -> integer(p, "a") > 5 && "x".equals(p.get("b"))),
        new Selector("CG-sql-tags", "TAGS IN ('TagA', 'TagC') AND a BETWEEN 2 AND 7",
            p -> !"TagB".equals(p.get("TAGS")) && integer(p, "a") >= 2 && integer(p, "a") <= 7),
        // b missing is enough; otherwise a missing or not a number leaves the right side unknown or failing: no match
        new Selector("CG-sql-nulls", "b IS NULL OR (TAGS = 'TagB' AND a NOT BETWEEN 3 AND 8)",
            p -> p.get("b") == null
                || "TagB".equals(p.get("TAGS")) && integer(p, "a") != NO_NUMBER && (integer(p, "a") < 3 || integer(p, "a") > 8)),
        new Selector("CG-sql-decimals", "price > 1.2 AND price <= 2.5 AND TAGS <> 'TagA'",
            p -> Double.parseDouble(p.get("price")) > 1.2 && Double.parseDouble(p.get("price")) <= 2.5
                && !"TagA".equals(p.get("TAGS"))));

    private final ScenarioTarget target;
    private ClientDriver driver;
    private Path dir;
    private BrokerUnderTest broker;
    private DriverProducer producer;
    /** The properties of each message sent to {@link #TOPIC}, by message id. */
    private Map<String, Map<String, String>> sent;

    /** Scenarios run by {@code target}'s client against its broker. */
    protected SqlFilterScenarios(ScenarioTarget target) {
        this.target = target;
    }

    @BeforeAll
    void start(@TempDir Path tempDir) throws Exception {
        dir = tempDir;
        driver = target.driver();
        broker = target.broker().start(dir.resolve("broker"), Map.of("enablePropertyFilter", "true"));
        producer = driver.producer(broker.address(), "PG-sql");
        sent = sendMixture();
    }

    @AfterAll
    void stop() {
        if (producer != null) {
            producer.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void pushConsumersReceiveExactlyTheMessagesTheirExpressionsMatch() throws Exception {
        Map<Selector, Received<Incoming>> received = new HashMap<>();
        List<DriverPushConsumer> consumers = new ArrayList<>();
        try {
            for (Selector selector : SELECTORS) {
                Received<Incoming> into = Received.incoming();
                received.put(selector, into);
                DriverPushConsumer consumer = driver.pushConsumer(broker.address(),
                    PushSpec.of(selector.group(), TOPIC).bySql(selector.sql()), into::record);
                consumers.add(consumer);
                consumer.start();
            }
            for (Selector selector : SELECTORS) {
                Set<String> wanted = wanted(selector);
                Await.until("the messages matching " + selector.sql(), DEADLINE,
                    () -> received.get(selector).total() >= wanted.size());
                // the group's offsets pass every message, matching or not: nothing else can still arrive
                Await.until("the offsets of " + selector.group() + " to pass every message", DEADLINE,
                    () -> broker.committed(selector.group(), TOPIC, QUEUES) == MESSAGES);
            }
        } finally {
            consumers.forEach(DriverPushConsumer::close);
        }
        for (Selector selector : SELECTORS) {
            Received<Incoming> got = received.get(selector);
            assertThat(got.messages().keySet()).as(selector.sql()).containsExactlyInAnyOrderElementsOf(wanted(selector));
            assertThat(got.maxCount()).as(selector.sql()).isEqualTo(1);
            // what arrived carries the properties that matched, not only the ids of messages that did
            for (Incoming message : got.messages().values()) {
                assertThat(message.properties()).as(selector.sql()).matches(selector.matches());
            }
        }
    }

    @Test
    void aLitePullConsumerWhosePullsCarryTheExpressionPollsExactlyTheMatchingMessages() throws Exception {
        for (Selector selector : SELECTORS.subList(0, 2)) {
            Set<String> wanted = wanted(selector);
            Set<String> polled = new HashSet<>();
            List<String> unexpected = new ArrayList<>();
            try (DriverLitePull consumer = driver.litePull(broker.address(), selector.group() + "-lite")) {
                consumer.fromFirstOffset();
                consumer.subscribeSql(TOPIC, selector.sql());
                consumer.start();
                Await.until("the messages " + selector.sql() + " matches, by lite pull", DEADLINE, () -> {
                    for (Incoming message : consumer.poll()) {
                        polled.add(message.msgId());
                        if (!wanted.contains(message.msgId())) {
                            unexpected.add(message.properties().toString());
                        }
                    }
                    return polled.size() >= wanted.size();
                });
            }
            assertThat(unexpected).as(selector.sql()).isEmpty();
            assertThat(polled).as(selector.sql()).containsExactlyInAnyOrderElementsOf(wanted);
        }
    }

    @Test
    void aBadExpressionFailsThePushConsumersStartWithTheBrokersError() throws Exception {
        // the route exists (the mixture was sent): the client checks its subscription with the topic's broker
        try (DriverPushConsumer consumer = driver.pushConsumer(broker.address(),
            PushSpec.of("CG-sql-bad", TOPIC).bySql("a > 5 AND b = "), message -> {
            })) {
            assertThatThrownBy(consumer::start).isInstanceOfSatisfying(RefusedByBroker.class,
                    e -> assertThat(e.responseCode()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED))
                .hasMessageContaining("Invalid MessageSelector \"a > 5 AND b = \": expected a value, a property or '(' "
                    + "but found the end of the expression at position 15");
        }
    }

    @Test
    void aBrokerWithPropertyFiltersOffRefusesSqlSubscriptionsAsRocketMqDoes() throws Exception {
        String topic = "SqlOffTopic";
        try (BrokerUnderTest plain = target.broker().start(dir.resolve("plain"), Map.of());
             DriverProducer plainProducer = driver.producer(plain.address(), "PG-sql-off");
             DriverPushConsumer consumer = driver.pushConsumer(plain.address(),
                 PushSpec.of("CG-sql-off", topic).bySql(SELECTORS.get(0).sql()), message -> {
                 })) {
            assertThat(plainProducer.send(Outgoing.of(topic, null, "key-off", "body")).ok()).isTrue();
            assertThatThrownBy(consumer::start).isInstanceOfSatisfying(RefusedByBroker.class,
                    e -> assertThat(e.responseCode()).isEqualTo(ResponseCode.SYSTEM_ERROR))
                .hasMessageContaining("The broker does not support consumer to filter message by SQL92");
        }
    }

    /**
     * {@value #MESSAGES} messages: TAGS TagA, TagB or TagC; a from 0 to 9, missing in some, not a number in one; b 'x'
     * or 'y', missing in some; price from 0.0 to 3.0 in halves. Returns each one's properties by message id.
     */
    private Map<String, Map<String, String>> sendMixture() throws Exception {
        Map<String, Map<String, String>> mixture = new HashMap<>();
        for (int i = 0; i < MESSAGES; i++) {
            Map<String, String> properties = new HashMap<>();
            properties.put("TAGS", "Tag" + (char) ('A' + i % 3));
            Outgoing message = Outgoing.of(TOPIC, properties.get("TAGS"), "key-" + i, "body " + i);
            if (i % 8 != 3) {
                properties.put("a", i == 14 ? "abc" : Integer.toString(i % 10));
                message = message.with("a", properties.get("a"));
            }
            if (i % 8 != 5) {
                properties.put("b", i % 2 == 0 ? "x" : "y");
                message = message.with("b", properties.get("b"));
            }
            properties.put("price", Double.toString(i % 7 / 2.0));
            message = message.with("price", properties.get("price"));
            SendReceipt receipt = producer.send(message);
            assertThat(receipt.ok()).isTrue();
            mixture.put(receipt.msgId(), properties);
        }
        return mixture;
    }

    /** The ids of the messages sent that {@code selector} matches, checked to be some but not all of them. */
    private Set<String> wanted(Selector selector) {
        Set<String> wanted = sent.entrySet().stream().filter(entry -> selector.matches().test(entry.getValue()))
            .map(Map.Entry::getKey).collect(Collectors.toSet());
        assertThat(wanted).as("the mixture tells matches from the rest for " + selector.sql())
            .hasSizeBetween(2, MESSAGES - 2);
        return wanted;
    }

    /** Property {@code key} as an int, {@link #NO_NUMBER} when missing or not a number. */
    private static int integer(Map<String, String> properties, String key) {
        try {
            return Integer.parseInt(properties.get(key));
        } catch (NumberFormatException missingOrNotANumber) {
            return NO_NUMBER;
        }
    }

    /** A consumer group's SQL92 expression and, as the oracle, when RocketMQ's filter takes a message's properties. */
    private record Selector(String group, String sql, Predicate<Map<String, String>> matches) {
    }
}
