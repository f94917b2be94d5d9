package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.apogee.broker.auth.authorization.Acl;
import io.apogee.broker.auth.authorization.Action;
import io.apogee.broker.auth.authorization.Decision;
import io.apogee.broker.auth.authorization.Policy;
import io.apogee.broker.auth.authorization.PolicyEntry;
import io.apogee.broker.auth.authorization.PolicyType;
import io.apogee.broker.auth.authorization.Resource;
import io.apogee.broker.auth.authorization.SourceIps;
import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.metadata.User;
import io.apogee.broker.metadata.UserStatus;
import io.apogee.broker.metadata.UserType;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.Received;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ACL 2.0 authorization with the official 5.4.0 clients over real sockets, signing with AclClientRPCHook. A producer
 * allowed Pub on a topic that does not exist yet finds it through TBW102's route and sends; on another topic it is
 * refused NO_PERMISSION and nothing is stored. A push consumer whose user has Sub on its topic and its group consumes;
 * one lacking Sub on either gets nothing and commits no offset.
 */
@Tag("slow")
class Authorization540Test {
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final int QUEUES = 8;
    private static final String ORDERS = "Orders";
    private static final String AUDIT = "Audit";
    private static final String FEED = "Feed";
    private static final String READERS = "feed-readers";
    private static final String NO_GROUP = "feed-no-group";
    private static final String NO_TOPIC = "feed-no-topic";

    @TempDir
    static Path dir;
    private static TestBroker broker;

    @BeforeAll
    static void start() throws Exception {
        broker = TestBroker.start(dir.resolve("broker"), Map.of(
            "authenticationEnabled", "true",
            "authorizationEnabled", "true",
            "initAuthenticationUser", "{\"username\":\"root\",\"password\":\"root-secret\"}",
            "innerClientAuthenticationCredentials", "{\"accessKey\":\"inner\",\"secretKey\":\"inner-secret\"}"));
        user("alice");
        allow("alice", "Pub", "Topic:" + ORDERS);
        user("bob");
        allow("bob", "Sub", "Topic:" + FEED, "Group:" + READERS);
        user("carol");
        allow("carol", "Sub", "Topic:" + FEED);
        user("dave");
        allow("dave", "Sub", "Group:" + NO_TOPIC);
    }

    @AfterAll
    static void stop() {
        broker.close();
    }

    @Test
    void aProducerSendsToANewTopicItMayPublishToAndIsRefusedOnAnother() throws Exception {
        assertThat(stored(ORDERS)).as("the topic does not exist yet").isZero();
        DefaultMQProducer producer = producer("alice");
        try {
            assertThat(producer.send(message(ORDERS, "allowed")).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            assertThat(stored(ORDERS)).isEqualTo(1);

            Throwable refused = catchThrowable(() -> producer.send(message(AUDIT, "refused")));
            assertThat(responseCode(refused)).as(String.valueOf(refused)).isEqualTo(ResponseCode.NO_PERMISSION);
            assertThat(stored(AUDIT)).isZero();
        } finally {
            producer.shutdown();
        }
    }

    @Test
    void onlyAConsumerWithSubOnItsTopicAndItsGroupConsumes() throws Exception {
        int count = 5;
        DefaultMQProducer producer = producer("root");
        try {
            for (int i = 0; i < count; i++) {
                assertThat(producer.send(message(FEED, "m" + i)).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            }
        } finally {
            producer.shutdown();
        }
        Received<MessageExt> noGroup = OfficialClients.received();
        Received<MessageExt> noTopic = OfficialClients.received();
        Received<MessageExt> readers = OfficialClients.received();
        List<DefaultMQPushConsumer> consumers = new ArrayList<>();
        try {
            // the refused ones start first, so that they had every chance once the allowed one is done
            consumers.add(consumer("carol", NO_GROUP, noGroup));
            consumers.add(consumer("dave", NO_TOPIC, noTopic));
            consumers.add(consumer("bob", READERS, readers));
            Await.until(count + " messages consumed by " + READERS, DEADLINE, () -> readers.total() == count);
            Await.until(READERS + " committed its offsets", DEADLINE, () -> committed(READERS) == count);
        } finally {
            consumers.forEach(DefaultMQPushConsumer::shutdown);
        }
        assertThat(noGroup.total()).as("a user without Sub on its group").isZero();
        assertThat(noTopic.total()).as("a user without Sub on the topic").isZero();
        assertThat(committed(NO_GROUP)).isZero();
        assertThat(committed(NO_TOPIC)).isZero();
    }

    private static void user(String name) {
        SessionCredentials credentials = SignedClients.credentials(name);
        broker.context().metadata().users().put(new User(name, credentials.getSecretKey(), UserType.NORMAL,
            UserStatus.ENABLE));
    }

    private static void allow(String user, String action, String... resources) {
        List<PolicyEntry> entries = new ArrayList<>();
        for (String resource : resources) {
            entries.add(new PolicyEntry(Resource.parse(resource), List.of(Action.byName(action)), SourceIps.EVERY,
                Decision.ALLOW));
        }
        broker.context().acls().put(new Acl(Acl.USER_PREFIX + user, List.of(new Policy(PolicyType.CUSTOM, entries))));
    }

    private static DefaultMQProducer producer(String user) throws Exception {
        return SignedClients.producer(broker.address(), SignedClients.credentials(user));
    }

    private static DefaultMQPushConsumer consumer(String user, String group, Received<MessageExt> into)
        throws Exception {
        DefaultMQPushConsumer consumer = SignedClients.pushConsumer(broker.address(), SignedClients.credentials(user),
            group, FEED, ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, into);
        consumer.start();
        return consumer;
    }

    private static Message message(String topic, String body) {
        return new Message(topic, body.getBytes(StandardCharsets.UTF_8));
    }

    /** The broker's answer code carried by a failed send, or -1. */
    private static int responseCode(Throwable thrown) {
        for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
            if (cause instanceof MQBrokerException refusal) {
                return refusal.getResponseCode();
            }
            if (cause instanceof MQClientException failure && failure.getResponseCode() > 0) {
                return failure.getResponseCode();
            }
        }
        return -1;
    }

    private static long stored(String topic) {
        long total = 0;
        for (int queue = 0; queue < QUEUES; queue++) {
            total += broker.maxOffset(topic, queue);
        }
        return total;
    }

    private static long committed(String group) {
        long total = 0;
        for (int queue = 0; queue < QUEUES; queue++) {
            long offset = broker.committedOffset(group, FEED, queue);
            total += offset == ConsumerOffsetTable.NONE ? 0 : offset;
        }
        return total;
    }
}
