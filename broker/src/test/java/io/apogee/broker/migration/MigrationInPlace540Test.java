package io.apogee.broker.migration;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.schedule.ScheduleService;
import io.apogee.broker.schedule.ScheduleTopic;
import io.apogee.launcher.Ports;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.process.ApogeeBrokerProcess;
import io.apogee.testsupport.process.RocketMqCluster;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.rocketmq.client.QueryResult;
import org.apache.rocketmq.client.consumer.DefaultMQPullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.PullResult;
import org.apache.rocketmq.client.consumer.PullStatus;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Migration in place with Apache RocketMQ 5.4.0 (started by the launcher) and the official 5.4.0 clients. Messages on
 * 8 topics are written by one broker, and a group reads the first half of every queue and commits there. The broker is
 * stopped cleanly, and the other one starts on the same directory: the group then reads exactly the other half.
 * Both ways: RocketMQ to Apogee, and Apogee (after {@code apogee store export-rocketmq}) to RocketMQ. Each side then
 * finds by key a message the other stored.
 *
 * <p>4,000 messages by default; {@code -Dapogee.migration.messages=100000} runs the full count.
 */
// DefaultMQPullConsumer is deprecated, but it is the official client that reads exactly the offsets asked for
@SuppressWarnings("deprecation")
@Tag("slow")
class MigrationInPlace540Test {
    private static final int TOPICS = 8;
    private static final int MESSAGES = Integer.getInteger("apogee.migration.messages", 4_000);
    private static final int BATCH = 50;
    private static final String GROUP = "migration-group";
    private static final int SEGMENT = 64 << 20;
    /** The index sizes of both brokers: the files are mapped by these counts, so both sides must agree. */
    private static final Map<String, String> SHARED = Map.of("mappedFileSizeCommitLog", Integer.toString(SEGMENT),
        "maxHashSlotNum", "20000", "maxIndexNum", "80000");
    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    @TempDir
    Path dir;

    @Test
    void apogeeOnRocketMqsDirectoryServesTheOtherHalf() throws Exception {
        try (RocketMqCluster rocketMq = RocketMqCluster.start(SHARED)) {
            Set<String> sent = send(rocketMq.nameServer());
            Set<String> firstHalf = readFirstHalf(rocketMq.nameServer());
            rocketMq.stopBroker();

            try (ApogeeBrokerProcess apogee = ApogeeBrokerProcess.start(rocketMq.storeDirectory().getParent(), Ports.free(),
                SHARED)) {
                Set<String> rest = consumeRest(apogee.address(), sent.size() - firstHalf.size());
                assertThat(rest).doesNotContainAnyElementsOf(firstHalf);
                Set<String> all = new HashSet<>(rest);
                all.addAll(firstHalf);
                assertThat(all).isEqualTo(sent);
                assertThat(apogee.output()).contains("carried over from Apache RocketMQ: config/topics.json",
                    "carried over from Apache RocketMQ: config/consumerOffset.json",
                    "carried over from Apache RocketMQ: config/subscriptionGroup.json",
                    "the checkpoint is Apache RocketMQ's", "index files of Apache RocketMQ in index-rocketmq/");
                // the index Apogee rebuilt from RocketMQ's log finds a message RocketMQ stored
                int number = MESSAGES / 3;
                assertThat(queryByKey(apogee.address(), topic(number / BATCH % TOPICS), "key-" + number))
                    .containsExactly("message " + number);
            }
        }
    }

    @Test
    void rocketMqOnAnExportedApogeeDirectoryServesTheOtherHalf() throws Exception {
        Set<String> sent;
        Set<String> firstHalf;
        try (ApogeeBrokerProcess apogee = ApogeeBrokerProcess.start(dir, Ports.free(), SHARED)) {
            sent = send(apogee.address());
            firstHalf = readFirstHalf(apogee.address());
            assertThat(apogee.terminate()).isIn(0, 143);
        }
        Path store = dir.resolve("store");
        assertThat(RocketMqExport.export(store, ScheduleService.OFFSET_GROUP, ScheduleTopic.NAME,
            new RocketMqIndexExport(Integer.parseInt(SHARED.get("maxHashSlotNum")),
                Integer.parseInt(SHARED.get("maxIndexNum")))))
            .anyMatch(line -> line.startsWith("config/consumerOffset.json: "))
            .anyMatch(line -> line.startsWith("index/: ") && line.contains(" files of Apache RocketMQ's, "
                + 2 * MESSAGES + " keys of " + MESSAGES + " records"));

        Map<String, String> onApogeeStore = new HashMap<>(SHARED);
        onApogeeStore.put("storePathRootDir", store.toString());
        onApogeeStore.put("storePathCommitLog", store.resolve("commitlog").toString());
        try (RocketMqCluster rocketMq = RocketMqCluster.start(onApogeeStore)) {
            Set<String> rest = consumeRest(rocketMq.nameServer(), sent.size() - firstHalf.size());
            assertThat(rest).doesNotContainAnyElementsOf(firstHalf);
            Set<String> all = new HashSet<>(rest);
            all.addAll(firstHalf);
            assertThat(all).isEqualTo(sent);
            // the index the export wrote in RocketMQ's layout finds a message Apogee stored
            int number = MESSAGES / 3;
            assertThat(queryByKey(rocketMq.nameServer(), topic(number / BATCH % TOPICS), "key-" + number))
                .containsExactly("message " + number);
        }
    }

    /** MESSAGES messages with unique keys over the topics, in batches; returns the keys. */
    private static Set<String> send(String nameServer) throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer("migration-producer");
        producer.setNamesrvAddr(nameServer);
        producer.setSendMsgTimeout((int) RocketMqCluster.SEND_TIMEOUT_MILLIS);
        producer.start();
        Set<String> keys = new HashSet<>();
        try {
            for (int first = 0; first < MESSAGES; first += BATCH) {
                String topic = topic(first / BATCH % TOPICS);
                List<Message> batch = new ArrayList<>();
                for (int i = first; i < Math.min(first + BATCH, MESSAGES); i++) {
                    String key = "key-" + i;
                    batch.add(new Message(topic, "Tag" + (i % 3), key, ("message " + i).getBytes(StandardCharsets.UTF_8)));
                    keys.add(key);
                }
                assertThat(producer.send(batch).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            }
        } finally {
            producer.shutdown();
        }
        return keys;
    }

    /** The group reads the first half of every queue, then commits its offset there; returns the keys read. */
    private static Set<String> readFirstHalf(String nameServer) throws Exception {
        DefaultMQPullConsumer consumer = new DefaultMQPullConsumer(GROUP);
        consumer.setNamesrvAddr(nameServer);
        consumer.start();
        Set<String> read = new HashSet<>();
        try {
            for (int t = 0; t < TOPICS; t++) {
                for (MessageQueue queue : consumer.fetchSubscribeMessageQueues(topic(t))) {
                    long half = consumer.maxOffset(queue) / 2;
                    long offset = 0;
                    while (offset < half) {
                        PullResult result = consumer.pull(queue, "*", offset, (int) Math.min(32, half - offset));
                        assertThat(result.getPullStatus()).as(queue + " at " + offset).isEqualTo(PullStatus.FOUND);
                        for (MessageExt message : result.getMsgFoundList()) {
                            assertThat(read.add(message.getKeys())).as(message.getKeys()).isTrue();
                        }
                        offset = result.getNextBeginOffset();
                    }
                    assertThat(offset).isEqualTo(half);
                    consumer.getDefaultMQPullConsumerImpl().updateConsumeOffsetToBroker(queue, half, false);
                }
            }
        } finally {
            consumer.shutdown();
        }
        assertThat(read).isNotEmpty();
        return read;
    }

    /** The group's push consumer from its committed offsets, until {@code expected} messages came; returns their keys. */
    private static Set<String> consumeRest(String nameServer, int expected) throws Exception {
        Set<String> received = ConcurrentHashMap.newKeySet();
        List<String> duplicates = new CopyOnWriteArrayList<>();
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer(GROUP);
        consumer.setNamesrvAddr(nameServer);
        for (int t = 0; t < TOPICS; t++) {
            consumer.subscribe(topic(t), "*");
        }
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            for (MessageExt message : messages) {
                if (!received.add(message.getKeys())) {
                    duplicates.add(message.getKeys());
                }
            }
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        try {
            Await.until(expected + " messages of the second half (" + received.size() + " so far)", TIMEOUT,
                () -> received.size() >= expected);
        } finally {
            consumer.shutdown();
        }
        assertThat(duplicates).as("messages delivered twice").isEmpty();
        return received;
    }

    /** The bodies of the messages of {@code topic} with {@code key}, as QUERY_MESSAGE finds them. */
    private static List<String> queryByKey(String nameServer, String topic, String key) throws Exception {
        DefaultMQPullConsumer consumer = new DefaultMQPullConsumer("migration-query");
        consumer.setNamesrvAddr(nameServer);
        consumer.start();
        try {
            QueryResult result = consumer.queryMessage(topic, key, 32, 0, Long.MAX_VALUE);
            return result.getMessageList().stream().map(message -> new String(message.getBody(), StandardCharsets.UTF_8))
                .toList();
        } finally {
            consumer.shutdown();
        }
    }

    private static String topic(int index) {
        return "MigrationTopic" + index;
    }
}
