package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.testsupport.Await;
import io.apogee.testsupport.Received;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.MessageSelector;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQL92 filters ({@code MessageSelector.bySql}) with the official 5.4.0 clients against a broker with
 * {@code enablePropertyFilter=true}: push and lite pull consumers receive exactly the matching messages while their
 * offsets pass the others; a bad expression fails the push consumer's start with the broker's error, as does any
 * SQL92 subscription on a broker with property filters off. On the wire, the answers RocketMQ gives: CHECK_CLIENT_CONFIG
 * and a pull carrying a bad expression get SUBSCRIPTION_PARSE_FAILED, a bad expression from a heartbeat leaves pulls
 * FILTER_DATA_NOT_EXIST.
 */
@Tag("slow")
class SqlFilterBrokerTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final String SELECTOR = "a > 5 AND b = 'x'";
    private static final int QUEUES = 4;
    private static final long TIMEOUT_MILLIS = 5_000;

    @TempDir
    static Path dir;
    private static TestBroker broker;
    private static DefaultMQProducer producer;

    @BeforeAll
    static void start() throws Exception {
        Properties filtering = new Properties();
        filtering.setProperty("enablePropertyFilter", "true");
        broker = TestBroker.start(dir.resolve("broker"), filtering);
        producer = OfficialClients.producer(broker.address(), "PG-sql");
    }

    @AfterAll
    static void stop() {
        if (producer != null) {
            producer.shutdown();
        }
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void aPushConsumerReceivesExactlyTheMatchingMessages() throws Exception {
        String topic = "SqlPushTopic";
        Set<String> wanted = sendMixture(topic);
        Received<MessageExt> received = OfficialClients.received();
        DefaultMQPushConsumer consumer = pushConsumer(broker, "CG-sql-push", topic, SELECTOR, received);
        try {
            consumer.start();
            Await.until("the matching messages", DEADLINE, () -> received.total() >= wanted.size());
            // the group's offsets pass every message, matching or not: nothing else can still arrive
            Await.until("the offsets to pass every message", DEADLINE,
                () -> broker.committed("CG-sql-push", topic, QUEUES) == 40);
        } finally {
            consumer.shutdown();
        }
        assertThat(received.messages().keySet()).containsExactlyInAnyOrderElementsOf(wanted);
        assertThat(received.maxCount()).isEqualTo(1);
        for (MessageExt message : received.messages().values()) {
            assertThat(Integer.parseInt(message.getUserProperty("a"))).isGreaterThan(5);
            assertThat(message.getUserProperty("b")).isEqualTo("x");
        }
    }

    @Test
    void aLitePullConsumerWhosePullsCarryTheExpressionPollsExactlyTheMatchingMessages() throws Exception {
        String topic = "SqlLiteTopic";
        Set<String> wanted = sendMixture(topic);
        DefaultLitePullConsumer consumer = OfficialClients.litePullConsumer(broker.address(), "CG-sql-lite");
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.subscribe(topic, MessageSelector.bySql(SELECTOR));
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
        String topic = "SqlBadTopic";
        send(topic, 1, "x", 0); // the route must exist: the client checks its subscription with the topic's broker
        DefaultMQPushConsumer consumer = pushConsumer(broker, "CG-sql-bad", topic, "a > 5 AND b = ", OfficialClients.received());
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
            DefaultMQProducer plainProducer = OfficialClients.producer(plain.address(), "PG-sql-off");
            DefaultMQPushConsumer consumer = pushConsumer(plain, "CG-sql-off", "SqlOffTopic", SELECTOR, OfficialClients.received());
            try {
                plainProducer.send(new Message("SqlOffTopic", "body".getBytes(StandardCharsets.UTF_8)));
                assertThatThrownBy(consumer::start).isInstanceOfSatisfying(MQClientException.class,
                        e -> assertThat(e.getResponseCode()).isEqualTo(ResponseCode.SYSTEM_ERROR))
                    .hasMessageContaining("The broker does not support consumer to filter message by SQL92");
            } finally {
                consumer.shutdown();
                plainProducer.shutdown();
            }
        }
    }

    @Test
    void checkClientConfigAnswersWhetherTheBrokerCanFilterBySubscription() throws Exception {
        try (RemotingClient client = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE)) {
            try (RemotingResponse bad = checkClientConfig(client, "a >", "SQL92")) {
                assertThat(bad.code()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED);
                assertThat(bad.remark()).isEqualTo("Invalid MessageSelector \"a >\": expected a value, a property or '(' "
                    + "but found the end of the expression at position 4");
            }
            try (RemotingResponse unknown = checkClientConfig(client, "a > 1", "JSONPATH")) {
                assertThat(unknown.code()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED);
                assertThat(unknown.remark()).isEqualTo("unsupported expression type JSONPATH (TAG or SQL92)");
            }
            try (RemotingResponse good = checkClientConfig(client, SELECTOR, "SQL92")) {
                assertThat(good.code()).isEqualTo(ResponseCode.SUCCESS);
            }
            try (RemotingResponse tag = checkClientConfig(client, "TagA || TagB", "TAG")) {
                assertThat(tag.code()).isEqualTo(ResponseCode.SUCCESS);
            }
        }
    }

    @Test
    void aPullCarryingABadExpressionIsRefusedAndAHeartbeatsBadExpressionLeavesPullsWithoutFilterData() throws Exception {
        String topic = "SqlRawTopic";
        for (int i = 0; i < QUEUES; i++) {
            send(topic, 7, "x", i); // one matching message in each queue, queue 0 included
        }
        Await.until("queue 0's message", DEADLINE, () -> broker.context().store().maxOffset(topic, 0) > 0);
        try (RemotingClient client = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE)) {
            try (RemotingResponse pull = client.invokeSync(broker.address(), pull(topic, "CG-raw", "a BETWEEN 9 AND 1"),
                null, TIMEOUT_MILLIS)) {
                assertThat(pull.code()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED);
                assertThat(pull.remark()).isEqualTo("parse the consumer's subscription failed: Invalid MessageSelector "
                    + "\"a BETWEEN 9 AND 1\": the lower bound 9 of BETWEEN is greater than the upper bound 1 at position 3");
            }
            try (RemotingResponse pull = client.invokeSync(broker.address(), pull(topic, "CG-raw", SELECTOR), null,
                TIMEOUT_MILLIS)) {
                assertThat(pull.code()).as("the same pull with a good expression").isEqualTo(ResponseCode.SUCCESS);
            }
            String heartbeat = "{\"clientID\":\"raw-1\",\"consumerDataSet\":[{\"groupName\":\"CG-raw\","
                + "\"subscriptionDataSet\":[{\"topic\":\"" + topic + "\",\"subString\":\"a >\","
                + "\"expressionType\":\"SQL92\",\"codeSet\":[],\"tagsSet\":[],\"subVersion\":1}]}]}";
            try (RemotingResponse registered = client.invokeSync(broker.address(),
                new RemotingHeader().asRequest(RequestCode.HEART_BEAT, 0),
                Unpooled.wrappedBuffer(heartbeat.getBytes(StandardCharsets.UTF_8)), TIMEOUT_MILLIS)) {
                assertThat(registered.code()).as("a heartbeat is not refused for its expression").isEqualTo(ResponseCode.SUCCESS);
            }
            try (RemotingResponse pull = client.invokeSync(broker.address(), pull(topic, "CG-raw", null), null,
                TIMEOUT_MILLIS)) {
                assertThat(pull.code()).isEqualTo(ResponseCode.FILTER_DATA_NOT_EXIST);
                assertThat(pull.remark()).startsWith("The broker's consumer filter data is not exist!Your expression may be "
                    + "wrong! Invalid MessageSelector \"a >\"");
            }
        }
    }

    private static RemotingResponse checkClientConfig(RemotingClient client, String expression, String type)
        throws Exception {
        String body = "{\"clientId\":\"raw-1\",\"group\":\"CG-raw\",\"subscriptionData\":{\"topic\":\"T\","
            + "\"subString\":\"" + expression + "\",\"expressionType\":\"" + type + "\",\"classFilterMode\":false,"
            + "\"codeSet\":[],\"tagsSet\":[],\"subVersion\":1}}";
        return client.invokeSync(broker.address(), new RemotingHeader().asRequest(RequestCode.CHECK_CLIENT_CONFIG, 0),
            Unpooled.wrappedBuffer(body.getBytes(StandardCharsets.UTF_8)), TIMEOUT_MILLIS);
    }

    /** A pull of queue 0 from offset 0, carrying {@code expression} as its SQL92 subscription unless null. */
    private static RemotingHeader pull(String topic, String group, String expression) {
        RemotingHeader header = new RemotingHeader().asRequest(RequestCode.PULL_MESSAGE, 0);
        header.ext().add("consumerGroup", group);
        header.ext().add("topic", topic);
        header.ext().add("queueId", "0");
        header.ext().add("queueOffset", "0");
        header.ext().add("maxMsgNums", "32");
        header.ext().add("sysFlag", expression == null ? "0" : "4");
        header.ext().add("commitOffset", "0");
        header.ext().add("suspendTimeoutMillis", "0");
        header.ext().add("subVersion", "1");
        if (expression != null) {
            header.ext().add("subscription", expression);
            header.ext().add("expressionType", "SQL92");
        }
        return header;
    }

    private static DefaultMQPushConsumer pushConsumer(TestBroker on, String group, String topic, String sql,
        Received<MessageExt> into) throws Exception {
        DefaultMQPushConsumer consumer = OfficialClients.pushConsumer(on.address(), group, topic, "*",
            ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, into);
        consumer.subscribe(topic, MessageSelector.bySql(sql));
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            messages.forEach(into::record);
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        return consumer;
    }

    /**
     * 40 messages: a from 0 to 9 with b 'x' or 'y', some without a or b, one with a non-numeric a; returns the ids
     * of those matching {@link #SELECTOR}.
     */
    private static Set<String> sendMixture(String topic) throws Exception {
        Set<String> wanted = new HashSet<>();
        for (int i = 0; i < 40; i++) {
            String b = i % 2 == 0 ? "x" : "y";
            int a = i % 10;
            String id = switch (i % 8) {
                case 3 -> send(topic, -1, b, i); // no a
                case 5 -> send(topic, a, null, i); // no b
                default -> i == 14 ? sendRaw(topic, "abc", b, i) : send(topic, a, b, i);
            };
            boolean matches = i % 8 != 3 && i % 8 != 5 && i != 14 && a > 5 && "x".equals(b);
            if (matches) {
                wanted.add(id);
            }
        }
        assertThat(wanted).hasSizeGreaterThan(3);
        return wanted;
    }

    private static String send(String topic, int a, String b, int number) throws Exception {
        return sendRaw(topic, a < 0 ? null : Integer.toString(a), b, number);
    }

    private static String sendRaw(String topic, String a, String b, int number) throws Exception {
        Message message = new Message(topic, "TagA", "key-" + number, ("body " + number).getBytes(StandardCharsets.UTF_8));
        if (a != null) {
            message.putUserProperty("a", a);
        }
        if (b != null) {
            message.putUserProperty("b", b);
        }
        return producer.send(message).getMsgId();
    }
}
