package io.apogee.compat.v4;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.TestBroker;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.Received;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.MessageSelector;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.protocol.ResponseCode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQL92 filters ({@code MessageSelector.bySql}) with the official 4.9.8 clients, as the broker's
 * {@code SqlFilterBrokerTest} proves them with 5.4.0: against a broker with {@code enablePropertyFilter=true}, push
 * consumers (the expression sent in their heartbeats) and a lite pull consumer (the expression carried by each pull)
 * receive exactly the matching messages, over user properties, TAGS, integers and decimals, IS NULL, BETWEEN and IN,
 * while their offsets pass the others; a bad expression fails the push consumer's start with the broker's
 * SUBSCRIPTION_PARSE_FAILED, and any SQL92 subscription fails it on a broker with property filters off. The 4.9.8
 * client filters nothing itself for SQL92, so what arrives is what the broker chose. 4.9.8's brokers know no
 * CONTAINS, STARTSWITH or ENDSWITH, so neither do its users' expressions here.
 *
 * <p>Its steps repeat that test's on purpose: the two client versions' classes cannot share a class path, so neither
 * can one test compiled against them.
 */
@Tag("slow")
class SqlFilter498Test {
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final String TOPIC = "Sql498";
    private static final int QUEUES = 4;
    private static final int MESSAGES = 40;
    /** What the oracles read for a missing or non-numeric property: below every lower bound they test. */
    private static final int NO_NUMBER = Integer.MIN_VALUE;
    private static final List<Selector> SELECTORS = List.of(
        new Selector("CG-sql498-numbers", "a > 5 AND b = 'x'",
            p -> integer(p, "a") > 5 && "x".equals(p.get("b"))),
        new Selector("CG-sql498-tags", "TAGS IN ('TagA', 'TagC') AND a BETWEEN 2 AND 7",
            p -> !"TagB".equals(p.get("TAGS")) && integer(p, "a") >= 2 && integer(p, "a") <= 7),
        // b missing is enough; otherwise a missing or not a number leaves the right side unknown or failing: no match
        new Selector("CG-sql498-nulls", "b IS NULL OR (TAGS = 'TagB' AND a NOT BETWEEN 3 AND 8)",
            p -> p.get("b") == null
                || "TagB".equals(p.get("TAGS")) && integer(p, "a") != NO_NUMBER && (integer(p, "a") < 3 || integer(p, "a") > 8)),
        new Selector("CG-sql498-decimals", "price > 1.2 AND price <= 2.5 AND TAGS <> 'TagA'",
            p -> Double.parseDouble(p.get("price")) > 1.2 && Double.parseDouble(p.get("price")) <= 2.5
                && !"TagA".equals(p.get("TAGS"))));

    @TempDir
    static Path dir;
    private static TestBroker broker;
    private static DefaultMQProducer producer;
    /** The properties of each message sent to {@link #TOPIC}, by message id. */
    private static Map<String, Map<String, String>> sent;

    @BeforeAll
    static void start() throws Exception {
        Properties filtering = new Properties();
        filtering.setProperty("enablePropertyFilter", "true");
        broker = TestBroker.start(dir.resolve("broker"), filtering);
        producer = Clients498.producer(broker.address(), "PG-sql498");
        sent = sendMixture();
    }

    @AfterAll
    static void stop() {
        Clients498.stop(producer, broker);
    }

    @Test
    void pushConsumersReceiveExactlyTheMessagesTheirExpressionsMatch() throws Exception {
        Map<Selector, Received<MessageExt>> received = new HashMap<>();
        List<DefaultMQPushConsumer> consumers = new ArrayList<>();
        try {
            for (Selector selector : SELECTORS) {
                Received<MessageExt> into = Clients498.received();
                received.put(selector, into);
                DefaultMQPushConsumer consumer = pushConsumer(broker, selector.group(), TOPIC, selector.sql(), into);
                consumers.add(consumer);
                consumer.start();
            }
            for (Selector selector : SELECTORS) {
                Set<String> wanted = selector.wanted();
                Await.until("the messages matching " + selector.sql(), DEADLINE,
                    () -> received.get(selector).total() >= wanted.size());
                // the group's offsets pass every message, matching or not: nothing else can still arrive
                Await.until("the offsets of " + selector.group() + " to pass every message", DEADLINE,
                    () -> broker.committed(selector.group(), TOPIC, QUEUES) == MESSAGES);
            }
        } finally {
            consumers.forEach(DefaultMQPushConsumer::shutdown);
        }
        for (Selector selector : SELECTORS) {
            assertThat(received.get(selector).messages().keySet()).as(selector.sql())
                .containsExactlyInAnyOrderElementsOf(selector.wanted());
            assertThat(received.get(selector).maxCount()).as(selector.sql()).isEqualTo(1);
        }
    }

    @Test
    void aLitePullConsumerWhosePullsCarryTheExpressionPollsExactlyTheMatchingMessages() throws Exception {
        Selector selector = SELECTORS.get(1);
        Set<String> wanted = selector.wanted();
        DefaultLitePullConsumer consumer = Clients498.litePullConsumer(broker.address(), "CG-sql498-lite");
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.subscribe(TOPIC, MessageSelector.bySql(selector.sql()));
        Set<String> polled = new HashSet<>();
        List<String> unexpected = new ArrayList<>();
        try {
            consumer.start();
            Await.until("the messages the selector matches, by lite pull", DEADLINE, () -> {
                for (MessageExt message : consumer.poll()) {
                    polled.add(message.getMsgId());
                    if (!wanted.contains(message.getMsgId())) {
                        unexpected.add(message.getProperties().toString());
                    }
                }
                return polled.size() >= wanted.size();
            });
        } finally {
            consumer.shutdown();
        }
        assertThat(unexpected).isEmpty();
        assertThat(polled).containsExactlyInAnyOrderElementsOf(wanted);
    }

    @Test
    void aBadExpressionFailsThePushConsumersStartWithTheBrokersError() throws Exception {
        // the route exists: the client checks its subscription with the topic's broker
        DefaultMQPushConsumer consumer = pushConsumer(broker, "CG-sql498-bad", TOPIC, "a > 5 AND b = ", Clients498.received());
        try {
            assertThatThrownBy(consumer::start).isInstanceOfSatisfying(MQClientException.class,
                    e -> assertThat(e.getResponseCode()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED))
                .hasMessageContaining("Invalid MessageSelector \"a > 5 AND b = \": expected a value, a property or '(' "
                    + "but found the end of the expression at position 15");
        } finally {
            consumer.shutdown();
        }
    }

    @Test
    void aBrokerWithPropertyFiltersOffRefusesSqlSubscriptionsAsRocketMqDoes() throws Exception {
        try (TestBroker plain = TestBroker.start(dir.resolve("plain"))) {
            DefaultMQProducer plainProducer = Clients498.producer(plain.address(), "PG-sql498-off");
            DefaultMQPushConsumer consumer = pushConsumer(plain, "CG-sql498-off", "Sql498Off", SELECTORS.get(0).sql(),
                Clients498.received());
            try {
                plainProducer.send(new Message("Sql498Off", "body".getBytes(StandardCharsets.UTF_8)));
                assertThatThrownBy(consumer::start).isInstanceOfSatisfying(MQClientException.class,
                        e -> assertThat(e.getResponseCode()).isEqualTo(ResponseCode.SYSTEM_ERROR))
                    .hasMessageContaining("The broker does not support consumer to filter message by SQL92");
            } finally {
                consumer.shutdown();
                plainProducer.shutdown();
            }
        }
    }

    private static DefaultMQPushConsumer pushConsumer(TestBroker on, String group, String topic, String sql,
        Received<MessageExt> into) throws Exception {
        DefaultMQPushConsumer consumer = Clients498.pushConsumer(on.address(), group, topic, "*",
            ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, into);
        consumer.subscribe(topic, MessageSelector.bySql(sql)); // replaces the tag subscription
        return consumer;
    }

    /**
     * {@value #MESSAGES} messages: TAGS TagA, TagB or TagC; a from 0 to 9, missing in some, not a number in one; b 'x'
     * or 'y', missing in some; price from 0.0 to 3.0 in halves. Returns each one's properties by message id.
     */
    private static Map<String, Map<String, String>> sendMixture() throws Exception {
        Map<String, Map<String, String>> mixture = new HashMap<>();
        for (int i = 0; i < MESSAGES; i++) {
            Map<String, String> properties = new HashMap<>();
            properties.put("TAGS", "Tag" + (char) ('A' + i % 3));
            if (i % 8 != 3) {
                properties.put("a", i == 14 ? "abc" : Integer.toString(i % 10));
            }
            if (i % 8 != 5) {
                properties.put("b", i % 2 == 0 ? "x" : "y");
            }
            properties.put("price", Double.toString(i % 7 / 2.0));
            Message message = new Message(TOPIC, properties.get("TAGS"), "key-" + i,
                ("body " + i).getBytes(StandardCharsets.UTF_8));
            properties.forEach((key, value) -> {
                if (!key.equals("TAGS")) {
                    message.putUserProperty(key, value);
                }
            });
            mixture.put(producer.send(message).getMsgId(), properties);
        }
        return mixture;
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
        /** The ids of the messages sent that match, checked to be some but not all of them. */
        Set<String> wanted() {
            Set<String> wanted = sent.entrySet().stream().filter(entry -> matches.test(entry.getValue()))
                .map(Map.Entry::getKey).collect(Collectors.toSet());
            assertThat(wanted).as("the mixture tells matches from the rest for " + sql).hasSizeBetween(2, MESSAGES - 2);
            return wanted;
        }
    }
}
