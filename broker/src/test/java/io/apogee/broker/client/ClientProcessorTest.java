package io.apogee.broker.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.apogee.broker.filter.SubscriptionFilters;
import io.apogee.broker.group.ClientDirectory;
import io.apogee.broker.group.ConsumerGroups;
import io.apogee.broker.metadata.BrokerMetadata;
import io.apogee.broker.request.Processor;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Connection;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.broker.testing.TempMetadata;
import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicLimits;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.common.time.ManualClock;
import io.apogee.wire.code.ProtocolVersion;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.GetConsumerListByGroupRequestHeader;
import io.apogee.wire.header.UnregisterClientRequestHeader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Heartbeats, group membership and its notices (docs/protocol.md §3.3 34, 35, 38, 40, 46), with the expiry of
 * silent clients on a manual clock. The admin thread is a queue the test runs.
 */
class ClientProcessorTest {
    private static final long EXPIRY = 120_000;
    private static final String GROUP = "CG";

    private final ObjectMapper mapper = new ObjectMapper();
    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final ArrayDeque<Runnable> adminThread = new ArrayDeque<>();

    @TempDir
    Path dir;

    private TopicRegistry topics;
    private ConsumerGroups groups;
    private ClientProcessor processor;
    private ProcessorHarness harness;

    @BeforeEach
    void open() {
        open(false);
    }

    private void open(boolean propertyFilter) {
        BrokerMetadata metadata = TempMetadata.open(dir);
        topics = new TopicRegistry(metadata.topics(), true, 4, "DefaultCluster", "broker-a");
        groups = new ConsumerGroups(metadata.groups());
        processor = new ClientProcessor(groups, new ClientDirectory(), topics, new SubscriptionFilters(propertyFilter),
            adminThread::add, clock, EXPIRY);
        harness = new ProcessorHarness(processor, ClientProcessor.CODES);
    }

    @AfterEach
    void close() {
        harness.close();
    }

    @Test
    void aHeartbeatIsAnsweredWithTheBrokersVersionAndMakesTheRetryTopic() throws IOException {
        Frame answer = heartbeat(harness.connection(), "10.0.0.1@one");
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(answer.version()).as("clients refuse SQL92 pulls below 232").isEqualTo(ProtocolVersion.BROKER);
        assertThat(topics.get("%RETRY%" + GROUP).writeQueues()).isEqualTo(1);
        assertThat(topics.get("%RETRY%" + GROUP).permission()).isEqualTo(Permission.READ_WRITE);
        assertThat(consumers()).containsExactly("10.0.0.1@one");
        assertThat(groups.subscription(GROUP, "TopicTest")).isNotNull();
        assertThat(harness.next()).as("the only member: notified of itself").satisfies(this::isNotice);
    }

    @Test
    void aHeartbeatThatWouldCreateAGroupPastTheLimitIsRefusedNamingTheSetting() {
        harness.close();
        BrokerMetadata metadata = TempMetadata.open(dir);
        groups = new ConsumerGroups(metadata.groups(), 1);
        processor = new ClientProcessor(groups, new ClientDirectory(), topics, new SubscriptionFilters(false),
            adminThread::add, clock, EXPIRY);
        harness = new ProcessorHarness(processor, ClientProcessor.CODES);
        groups.register("Other", "10.0.0.9@nine", harness.connection().peer(), List.of());

        Frame refused = heartbeat(harness.connection(), "10.0.0.1@one");
        assertThat(refused.code()).isEqualTo(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST);
        assertThat(refused.remark()).isEqualTo("subscription group [" + GROUP + "] cannot be created: the broker holds"
            + " its limit of 1 groups (maxSubscriptionGroupCount)");
        assertThat(metadata.groups().get(GROUP)).isNull();
        assertThat(topics.get("%RETRY%" + GROUP)).as("nothing left behind").isNull();
        assertThat(consumers()).isEmpty();
    }

    @Test
    void aHeartbeatWhoseRetryTopicWouldPassTheTopicLimitIsRefusedNamingTheSetting() {
        harness.close();
        BrokerMetadata metadata = TempMetadata.open(dir);
        // TBW102, the cluster's and the broker's topics fill a table of three
        topics = new TopicRegistry(metadata.topics(), true, 4, "DefaultCluster", "broker-a", new TopicLimits(3, 8));
        groups = new ConsumerGroups(metadata.groups());
        processor = new ClientProcessor(groups, new ClientDirectory(), topics, new SubscriptionFilters(false),
            adminThread::add, clock, EXPIRY);
        harness = new ProcessorHarness(processor, ClientProcessor.CODES);

        Frame refused = heartbeat(harness.connection(), "10.0.0.1@one");
        assertThat(refused.code()).isEqualTo(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST);
        assertThat(refused.remark()).isEqualTo("topic[%RETRY%" + GROUP + "] cannot be created: the broker holds its"
            + " limit of 3 topics (maxTopicCount)");
        assertThat(metadata.groups().get(GROUP)).isNull();
    }

    @Test
    void aNewMemberOrAnUnregisterNotifiesEveryMember() {
        Connection first = harness.connection();
        heartbeat(first, "10.0.0.1@one");
        assertThat(first.next()).satisfies(this::isNotice);
        Connection second = harness.connect();
        heartbeat(second, "10.0.0.2@two");
        assertThat(first.next()).satisfies(this::isNotice);
        assertThat(second.next()).satisfies(this::isNotice);
        heartbeat(second, "10.0.0.2@two");
        assertThat(first.next()).as("no change, no notice").isNull();

        Frame unregister = second.send(RequestCode.UNREGISTER_CLIENT, new UnregisterClientRequestHeader()
            .clientId("10.0.0.2@two").consumerGroup(GROUP).producerGroup("PG"), null);
        assertThat(unregister.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(first.next()).satisfies(this::isNotice);
        assertThat(consumers()).containsExactly("10.0.0.1@one");
    }

    @Test
    void aClosedConnectionLeavesItsGroupsOnTheAdminThread() {
        Connection first = harness.connection();
        heartbeat(first, "10.0.0.1@one");
        first.next();
        Connection second = harness.connect();
        heartbeat(second, "10.0.0.2@two");
        first.next();
        second.next();
        second.close();
        assertThat(consumers()).as("not yet: queued on the admin thread").hasSize(2);
        runAdminThread();
        assertThat(consumers()).containsExactly("10.0.0.1@one");
        assertThat(first.next()).satisfies(this::isNotice);
    }

    @Test
    void aClientSilentPastTheExpiryIsClosedAndDropped() {
        Connection first = harness.connection();
        heartbeat(first, "10.0.0.1@one");
        first.next();
        Connection silent = harness.connect();
        heartbeat(silent, "10.0.0.2@two");
        first.next();
        silent.next();
        clock.advanceMillis(EXPIRY / 2);
        heartbeat(first, "10.0.0.1@one");
        clock.advanceMillis(EXPIRY / 2);
        processor.expireSilent();
        assertThat(silent.channel().isActive()).as("silent for exactly the expiry").isTrue();
        clock.advanceMillis(1);
        processor.expireSilent();
        assertThat(silent.channel().isActive()).isFalse();
        assertThat(first.channel().isActive()).as("heard from half an expiry ago").isTrue();
        runAdminThread();
        assertThat(consumers()).containsExactly("10.0.0.1@one");
        assertThat(first.next()).satisfies(this::isNotice);
    }

    @Test
    void aHeartbeatHandledAfterItsConnectionClosedLeavesNoMember() {
        // the admin family queues its requests: a heartbeat may run after its connection has gone
        Processor queued = exchange -> {
            exchange.hold();
            adminThread.add(() -> processor.process(exchange));
        };
        try (ProcessorHarness queuedAdmin = new ProcessorHarness(queued, ClientProcessor.CODES)) {
            Connection gone = queuedAdmin.connection();
            gone.sendHeld(RequestCode.HEART_BEAT, null, heartbeatBody("10.0.0.9@gone"));
            gone.close();
            runAdminThread();
        }
        assertThat(consumers()).as("no member on a closed connection").isEmpty();
    }

    @Test
    void aHeartbeatWithANameOutsideTheRuleIsRefusedAndRegistersNothing() {
        String goodGroup = "\"groupName\":\"" + GROUP + "\"";
        String goodTopic = "\"topic\":\"TopicTest\"";
        String goodProducer = "\"groupName\":\"CLIENT_INNER_PRODUCER\"";
        String body = new String(heartbeatBody("10.0.0.1@one"), StandardCharsets.UTF_8);
        Frame group = harness.send(RequestCode.HEART_BEAT, null,
            ProcessorHarness.utf8(body.replace(goodGroup, "\"groupName\":\"x/y\"")));
        assertThat(group.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(group.remark())
            .isEqualTo("The specified group: x/y, contains illegal characters, allowing only ^[%|a-zA-Z0-9_-]+$");
        assertThat(topics.get("%RETRY%x/y")).isNull();
        Frame topic = harness.send(RequestCode.HEART_BEAT, null,
            ProcessorHarness.utf8(body.replace(goodTopic, "\"topic\":\"a b\"")));
        assertThat(topic.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(topic.remark()).startsWith("The specified topic: a b, contains illegal characters");
        Frame producer = harness.send(RequestCode.HEART_BEAT, null,
            ProcessorHarness.utf8(body.replace(goodProducer, "\"groupName\":\"\"")));
        assertThat(producer.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(producer.remark()).isEqualTo("The specified group is blank.");
        assertThat(topics.get("%RETRY%" + GROUP)).as("nothing registered").isNull();
        assertThat(consumers()).isEmpty();

        Frame unregister = harness.send(RequestCode.UNREGISTER_CLIENT, new UnregisterClientRequestHeader()
            .clientId("10.0.0.1@one").consumerGroup("G".repeat(121)));
        assertThat(unregister.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(unregister.remark()).endsWith(", is longer than group max length: 120");
        Frame list = harness.send(RequestCode.GET_CONSUMER_LIST_BY_GROUP,
            new GetConsumerListByGroupRequestHeader().consumerGroup("x/y"));
        assertThat(list.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
    }

    @Test
    void anEmptyGroupAndABadHeartbeatAreSystemError() {
        Frame none = harness.send(RequestCode.GET_CONSUMER_LIST_BY_GROUP,
            new GetConsumerListByGroupRequestHeader().consumerGroup("Nobody"));
        assertThat(none.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(none.remark()).isEqualTo("no consumer for this group, Nobody");
        Frame bad = harness.send(RequestCode.HEART_BEAT, null, ProcessorHarness.utf8("{\"clientID\":"));
        assertThat(bad.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(bad.remark()).startsWith("bad heartbeat body: ");
        assertThat(harness.sendOneway(RequestCode.HEART_BEAT, null, heartbeatBody("10.0.0.1@one"))).as("oneway").isTrue();
        assertThat(harness.next()).as("the notice still goes out").satisfies(this::isNotice);
        assertThat(consumers()).containsExactly("10.0.0.1@one");
    }

    @Test
    void theClientConfigCheckRefusesSql92WhenPropertyFiltersAreOff() {
        Frame tag = harness.send(RequestCode.CHECK_CLIENT_CONFIG, null, check("TagA", "TAG"));
        assertThat(tag.code()).isEqualTo(ResponseCode.SUCCESS);
        Frame sql = harness.send(RequestCode.CHECK_CLIENT_CONFIG, null, check("a > 1", "SQL92"));
        assertThat(sql.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(sql.remark()).isEqualTo("The broker does not support consumer to filter message by SQL92");
        harness.close();

        open(true);
        assertThat(harness.send(RequestCode.CHECK_CLIENT_CONFIG, null, check("a > 1", "SQL92")).code())
            .isEqualTo(ResponseCode.SUCCESS);
        Frame broken = harness.send(RequestCode.CHECK_CLIENT_CONFIG, null, check("a >", "SQL92"));
        assertThat(broken.code()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED);
        assertThat(broken.remark()).startsWith("Invalid MessageSelector \"a >\": ");
    }

    private Frame heartbeat(Connection connection, String clientId) {
        return connection.send(RequestCode.HEART_BEAT, null, heartbeatBody(clientId));
    }

    private static byte[] heartbeatBody(String clientId) {
        return ProcessorHarness.utf8("{\"clientID\":\"" + clientId + "\",\"consumerDataSet\":[{"
            + "\"consumeFromWhere\":\"CONSUME_FROM_LAST_OFFSET\",\"consumeType\":\"CONSUME_PASSIVELY\","
            + "\"groupName\":\"" + GROUP + "\",\"messageModel\":\"CLUSTERING\",\"unitMode\":false,"
            + "\"subscriptionDataSet\":[{\"classFilterMode\":false,\"codeSet\":[2598919],\"expressionType\":\"TAG\","
            + "\"subString\":\"TagA\",\"subVersion\":1700000000123,\"tagsSet\":[\"TagA\"],\"topic\":\"TopicTest\"}]}],"
            + "\"producerDataSet\":[{\"groupName\":\"CLIENT_INNER_PRODUCER\"}]}");
    }

    private static byte[] check(String expression, String type) {
        return ProcessorHarness.utf8("{\"clientId\":\"10.0.0.1@one\",\"group\":\"" + GROUP + "\",\"subscriptionData\":{"
            + "\"topic\":\"TopicTest\",\"subString\":\"" + expression + "\",\"expressionType\":\"" + type + "\"}}");
    }

    private List<String> consumers() {
        Frame answer = harness.send(RequestCode.GET_CONSUMER_LIST_BY_GROUP,
            new GetConsumerListByGroupRequestHeader().consumerGroup(GROUP));
        List<String> ids = new ArrayList<>();
        if (answer.code() == ResponseCode.SUCCESS) {
            try {
                JsonNode json = mapper.readTree(answer.body());
                json.path("consumerIdList").forEach(id -> ids.add(id.asText()));
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        }
        return ids;
    }

    private void isNotice(Frame frame) {
        assertThat(frame).isNotNull();
        assertThat(frame.isResponse()).isFalse();
        assertThat(frame.isOneway()).isTrue();
        assertThat(frame.code()).isEqualTo(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED);
        assertThat(frame.ext("consumerGroup")).isEqualTo(GROUP);
    }

    private void runAdminThread() {
        for (Runnable task = adminThread.poll(); task != null; task = adminThread.poll()) {
            task.run();
        }
    }
}
