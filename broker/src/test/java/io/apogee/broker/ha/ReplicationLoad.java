package io.apogee.broker.ha;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import org.apache.rocketmq.client.consumer.DefaultMQPullConsumer;
import org.apache.rocketmq.client.consumer.PullResult;
import org.apache.rocketmq.client.consumer.PullStatus;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;

/**
 * The load the replication tests send with the official 5.4.0 clients, and their checks: the group, its two topics of
 * four queues, a mixed load of single messages and batches with tags and keys, a pull of everything through one
 * consumer, and the comparison of two commit logs byte for byte.
 */
// DefaultMQPullConsumer is deprecated, but it is the official client that lets a test choose brokerId 1
@SuppressWarnings("deprecation")
final class ReplicationLoad {
    /** The broker group of master and slave. */
    static final String GROUP = "broker-ha";
    /** The topics sent to. */
    static final String[] TOPICS = {"HaOrders", "HaAudit"};
    /** The queues of each topic. */
    static final int QUEUES = 4;

    private ReplicationLoad() {
    }

    /**
     * The settings of one broker of an in-process pair: its name servers, group {@code brokerName}, id and role, log
     * files of {@code segment} bytes, messages of at most a quarter of that, and a heartbeat every 500 ms so that the
     * pair connects at once. A test adds what it is about.
     */
    static Properties memberSettings(String nameServer, String brokerName, String brokerId, String role, int segment) {
        Properties settings = new Properties();
        settings.setProperty("namesrvAddr", nameServer);
        settings.setProperty("registerNameServerPeriod", "1000");
        settings.setProperty("brokerName", brokerName);
        settings.setProperty("brokerId", brokerId);
        settings.setProperty("brokerRole", role);
        settings.setProperty("mappedFileSizeCommitLog", Integer.toString(segment));
        settings.setProperty("maxMessageSize", Integer.toString(segment / 4));
        settings.setProperty("haSendHeartbeatInterval", "500");
        return settings;
    }

    /** Creates both topics on the broker at {@code address} (topics are not yet copied from a master to its slave). */
    static void createTopics(MQClientAPIImpl admin, String address) throws Exception {
        for (String topic : TOPICS) {
            admin.createTopic(address, "TBW102", new TopicConfig(topic, QUEUES, QUEUES), 3_000);
        }
    }

    /** A started pull consumer of the name server at {@code nameServer} that pulls from brokerId 1 only. */
    static DefaultMQPullConsumer slaveConsumer(DefaultMQPullConsumer consumer, String nameServer) throws Exception {
        consumer.setNamesrvAddr(nameServer);
        consumer.start();
        consumer.getDefaultMQPullConsumerImpl().getPullAPIWrapper().setConnectBrokerByUser(true);
        consumer.getDefaultMQPullConsumerImpl().getPullAPIWrapper().setDefaultBrokerId(1);
        for (String topic : TOPICS) {
            consumer.fetchSubscribeMessageQueues(topic); // the route, with the slave's address, is cached now
        }
        return consumer;
    }

    /** Whether the name server's route of {@code topic} names {@code master} as id 0 and {@code slave} as id 1. */
    static boolean bothListed(MQClientAPIImpl admin, String topic, String master, String slave) {
        Map<Long, String> addresses = groupAddresses(admin, topic);
        return master.equals(addresses.get(0L)) && slave.equals(addresses.get(1L));
    }

    /**
     * Whether the name server routes both topics to {@code master} as id 0. A RocketMQ master registers a topic made
     * on it a moment later, and a producer sending before then finds no broker for the group.
     */
    static boolean masterListed(MQClientAPIImpl admin, String master) {
        return Arrays.stream(TOPICS).allMatch(topic -> master.equals(groupAddresses(admin, topic).get(0L)));
    }

    /** The addresses by broker id that the name server's route of {@code topic} gives the group; none if no route yet. */
    private static Map<Long, String> groupAddresses(MQClientAPIImpl admin, String topic) {
        try {
            TopicRouteData route = admin.getTopicRouteInfoFromNameServer(topic, 3_000);
            for (BrokerData broker : route.getBrokerDatas()) {
                if (broker.getBrokerName().equals(GROUP)) {
                    return broker.getBrokerAddrs();
                }
            }
            return Map.of();
        } catch (Exception notYet) {
            return Map.of();
        }
    }

    /** Single messages and batches with tags and keys to every queue of both topics; returns the bodies by key. */
    static Map<String, byte[]> send(DefaultMQProducer producer, Random random) throws Exception {
        Map<String, byte[]> sent = new HashMap<>();
        for (int i = 0; i < 1_500; i++) {
            String key = "single-" + i;
            Message message = new Message(TOPICS[i % 2], i % 3 == 0 ? "TagA" : "TagB", key, body(random, key));
            SendResult result = producer.send(message, new MessageQueue(TOPICS[i % 2], GROUP, i % QUEUES));
            assertThat(result.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            sent.put(key, message.getBody());
        }
        for (int b = 0; b < 100; b++) {
            List<Message> batch = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                String key = "batch-" + b + "-" + i;
                batch.add(new Message(TOPICS[b % 2], "TagC", key, body(random, key)));
            }
            SendResult result = producer.send(batch, new MessageQueue(TOPICS[b % 2], GROUP, b % QUEUES));
            assertThat(result.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            batch.forEach(message -> sent.put(message.getKeys(), message.getBody()));
        }
        return sent;
    }

    private static byte[] body(Random random, String key) {
        byte[] body = new byte[200 + random.nextInt(1_300)];
        random.nextBytes(body);
        byte[] name = key.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(name, 0, body, 0, name.length);
        return body;
    }

    /** Every message of every queue of both topics, pulled from where the consumer is pointed, by key. */
    static Map<String, byte[]> pullAll(DefaultMQPullConsumer consumer) throws Exception {
        Map<String, byte[]> received = new HashMap<>();
        for (String topic : TOPICS) {
            for (int queueId = 0; queueId < QUEUES; queueId++) {
                MessageQueue queue = new MessageQueue(topic, GROUP, queueId);
                long offset = 0;
                while (true) {
                    PullResult result = consumer.pull(queue, "*", offset, 32);
                    if (result.getPullStatus() != PullStatus.FOUND) {
                        break;
                    }
                    for (MessageExt message : result.getMsgFoundList()) {
                        assertThat(received.put(message.getKeys(), message.getBody())).as(message.getKeys()).isNull();
                    }
                    offset = result.getNextBeginOffset();
                }
            }
        }
        return received;
    }

    /**
     * Every message from each queue's first offset on, by key. A pull at 0 below a queue's first offset is answered
     * OFFSET_ILLEGAL with that offset as the next (PULL_OFFSET_MOVED); {@code firsts} gets the first offset of each
     * queue that holds messages.
     */
    static Map<String, MessageExt> pullFromFirst(DefaultMQPullConsumer consumer, Map<MessageQueue, Long> firsts)
        throws Exception {
        Map<String, MessageExt> received = new HashMap<>();
        for (String topic : TOPICS) {
            for (int queueId = 0; queueId < QUEUES; queueId++) {
                MessageQueue queue = new MessageQueue(topic, GROUP, queueId);
                PullResult atZero = consumer.pull(queue, "*", 0, 32);
                long offset = atZero.getPullStatus() == PullStatus.OFFSET_ILLEGAL ? atZero.getNextBeginOffset() : 0;
                long first = offset;
                while (true) {
                    PullResult result = consumer.pull(queue, "*", offset, 32);
                    if (result.getPullStatus() != PullStatus.FOUND) {
                        break;
                    }
                    firsts.put(queue, first);
                    for (MessageExt message : result.getMsgFoundList()) {
                        assertThat(received.put(message.getKeys(), message)).as(message.getKeys()).isNull();
                    }
                    offset = result.getNextBeginOffset();
                }
            }
        }
        return received;
    }

    /**
     * Checks what a slave whose log began at {@code begin} serves: a pull below each queue's first record at or after
     * {@code begin} moves to it, and from there every message the master held from {@code begin} on, with its body.
     */
    static void assertSlaveServesFrom(long begin, Map<String, MessageExt> master, Map<MessageQueue, Long> slaveFirsts,
        Map<String, MessageExt> slave, Map<String, byte[]> sent) {
        Map<String, MessageExt> expected = new HashMap<>();
        Map<MessageQueue, Long> expectedFirsts = new HashMap<>();
        for (MessageExt message : master.values()) {
            if (message.getCommitLogOffset() >= begin) {
                expected.put(message.getKeys(), message);
                expectedFirsts.merge(new MessageQueue(message.getTopic(), GROUP, message.getQueueId()),
                    message.getQueueOffset(), Math::min);
            }
        }
        assertThat(expected).as("messages past the slave's start").isNotEmpty();
        assertThat(expected.size()).as("messages before the slave's start").isLessThan(sent.size());
        assertThat(slaveFirsts).as("each queue's first offset on the slave").isEqualTo(expectedFirsts);
        assertThat(slaveFirsts.values()).allMatch(first -> first > 0);
        assertThat(slave.keySet()).containsExactlyInAnyOrderElementsOf(expected.keySet());
        for (MessageExt message : slave.values()) {
            assertThat(message.getCommitLogOffset()).isEqualTo(expected.get(message.getKeys()).getCommitLogOffset());
            assertThat(message.getBody()).as(message.getKeys()).isEqualTo(sent.get(message.getKeys()));
        }
    }

    /** Asserts that the commit-log files in {@code slaveLog} hold the bytes of those in {@code masterLog} up to {@code end}. */
    static void assertSameLog(Path masterLog, Path slaveLog, long end, int segment) throws Exception {
        assertSameLog(masterLog, slaveLog, 0, end, segment);
    }

    /**
     * Asserts that the commit-log files in {@code slaveLog} hold the bytes of those in {@code masterLog} from
     * {@code begin} (a segment's start) up to {@code end}, and that {@code slaveLog} holds no file before it.
     */
    static void assertSameLog(Path masterLog, Path slaveLog, long begin, long end, int segment) throws Exception {
        try (var files = Files.list(slaveLog)) {
            assertThat(files.map(file -> file.getFileName().toString()).sorted().findFirst())
                .as("the slave's first file").contains(String.format("%020d", begin));
        }
        for (long base = begin; base < end; base += segment) {
            String name = String.format("%020d", base);
            byte[] expected = Files.readAllBytes(masterLog.resolve(name));
            byte[] actual = Files.readAllBytes(slaveLog.resolve(name));
            int length = (int) Math.min(segment, end - base);
            assertThat(Arrays.mismatch(expected, 0, length, actual, 0, length)).as("first differing byte of " + name)
                .isEqualTo(-1);
        }
    }
}
