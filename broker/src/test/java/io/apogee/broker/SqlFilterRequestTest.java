package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.testsupport.Await;
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
import java.util.Properties;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQL92 subscriptions on the wire, against a broker with {@code enablePropertyFilter=true}, with the answers RocketMQ
 * gives: CHECK_CLIENT_CONFIG and a pull carrying a bad expression get SUBSCRIPTION_PARSE_FAILED, and a bad expression
 * from a heartbeat leaves pulls FILTER_DATA_NOT_EXIST. What the official clients see is in {@code SqlFilterScenarios}.
 */
@Tag("slow")
class SqlFilterRequestTest {
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
        producer = OfficialClients.producer(broker.address(), "PG-sql-raw");
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
            // one matching message in each queue, queue 0 included
            Message message = new Message(topic, "TagA", "key-" + i, ("body " + i).getBytes(StandardCharsets.UTF_8));
            message.putUserProperty("a", "7");
            message.putUserProperty("b", "x");
            producer.send(message);
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
}
