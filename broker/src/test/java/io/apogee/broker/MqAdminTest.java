package io.apogee.broker;

import static io.apogee.broker.MqAdminOutput.jsonOf;
import static io.apogee.broker.MqAdminOutput.keyValues;
import static io.apogee.broker.MqAdminOutput.lines;
import static io.apogee.broker.MqAdminOutput.rows;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.apogee.launcher.Ports;
import io.apogee.testsupport.Await;
import io.apogee.testsupport.Received;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * mqadmin 5.4.0 ({@code MQAdminStartup} in a child JVM, as operators run it) against one Apogee broker through its
 * embedded name server's port: every command the issue names, with its printed output checked against what the test
 * did (topics created and deleted, routes, per-queue offsets, messages found by key, unique key and offset id with
 * their keys and bodies, a consumer group's progress and the broker's counts).
 */
@Tag("slow")
class MqAdminTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CLUSTER = "DefaultCluster";

    @TempDir
    static Path dir;
    private static TestBroker broker;
    private static MqAdmin mqadmin;
    private static String nameServer;

    @BeforeAll
    static void start() throws Exception {
        // through the embedded name server's port, as operators run it: only name-server codes are answered there
        broker = TestBroker.start(dir.resolve("broker"), Map.of("namesrvListenPort", Integer.toString(Ports.free())));
        nameServer = "127.0.0.1:" + broker.context().nameServerPort();
        mqadmin = new MqAdmin(nameServer, dir);
    }

    @AfterAll
    static void stop() {
        broker.close();
    }

    @Test
    void topicsAreCreatedListedRoutedCountedAndDeleted() throws Exception {
        String address = broker.address();
        List<String> created = mqadmin.run(List.of(
            List.of("updateTopic", "-b", address, "-t", "AdminTopic", "-r", "4", "-w", "4"),
            List.of("updateTopic", "-c", CLUSTER, "-t", "DoomedTopic"),
            List.of("topicList"),
            List.of("topicRoute", "-t", "AdminTopic")));
        assertThat(created.get(0)).contains("create topic to " + address + " success.");
        assertThat(created.get(1)).contains("create topic to " + address + " success.");
        assertThat(lines(created.get(2))).contains("AdminTopic", "DoomedTopic", "TBW102");
        JsonNode route = JSON.readTree(jsonOf(created.get(3)).replaceAll("(?m)^(\\s*)(\\d+):", "$1\"$2\":"));
        assertThat(route.path("brokerDatas").get(0).path("brokerAddrs").path("0").asText()).isEqualTo(address);
        assertThat(route.path("queueDatas").get(0).path("readQueueNums").asInt()).isEqualTo(4);
        assertThat(route.path("queueDatas").get(0).path("writeQueueNums").asInt()).isEqualTo(4);

        DefaultMQProducer producer = OfficialClients.producer(nameServer, "admin-topic-producer");
        try {
            for (int i = 0; i < 8; i++) {
                producer.send(new Message("AdminTopic", ("m" + i).getBytes(StandardCharsets.UTF_8)));
            }
        } finally {
            producer.shutdown();
        }

        List<String> deleted = mqadmin.run(List.of(
            List.of("topicStatus", "-t", "AdminTopic"),
            List.of("deleteTopic", "-c", CLUSTER, "-t", "DoomedTopic"),
            List.of("topicList"),
            List.of("topicRoute", "-t", "DoomedTopic")));
        List<long[]> queues = rows(deleted.get(0), "broker-a\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+\\d{4}-");
        assertThat(queues).hasSize(4);
        assertThat(queues.stream().mapToLong(queue -> queue[0]).sorted().toArray()).containsExactly(0, 1, 2, 3);
        assertThat(queues.stream().mapToLong(queue -> queue[1])).containsOnly(0L);
        assertThat(queues.stream().mapToLong(queue -> queue[2]).sum()).isEqualTo(8);
        assertThat(deleted.get(1)).contains("delete topic [DoomedTopic] from cluster [" + CLUSTER + "] success.")
            .contains("delete topic [DoomedTopic] from NameServer success.");
        assertThat(lines(deleted.get(2))).contains("AdminTopic").doesNotContain("DoomedTopic");
        assertThat(deleted.get(3)).contains("No topic route info in name server for the topic: DoomedTopic");
    }

    @Test
    void messagesAreFoundAndProgressAndCountsReported() throws Exception {
        String address = broker.address();
        DefaultMQProducer producer = OfficialClients.producer(nameServer, "query-producer");
        List<SendResult> sent = new ArrayList<>();
        try {
            String[] keys = {"order-1 shared", "order-2 shared", "order-3"};
            for (int i = 0; i < keys.length; i++) {
                sent.add(producer.send(new Message("QueryTopic", "TagQ", keys[i],
                    ("body-" + (i + 1)).getBytes(StandardCharsets.UTF_8))));
            }
        } finally {
            producer.shutdown();
        }
        Received<MessageExt> received = OfficialClients.received();
        DefaultMQPushConsumer consumer = OfficialClients.pushConsumer(nameServer, "progress-group", "QueryTopic", "*",
            ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, received);
        consumer.setPersistConsumerOffsetInterval(100);
        consumer.start();
        try {
            Await.until("3 messages consumed", Duration.ofSeconds(30), () -> received.total() == 3);
            Await.until("the group's offsets committed", Duration.ofSeconds(30),
                () -> broker.committed("progress-group", "QueryTopic", 4) == 3);
            SendResult first = sent.getFirst();
            List<String> out = mqadmin.run(List.of(
                List.of("clusterList"),
                List.of("brokerStatus", "-b", address),
                List.of("queryMsgByKey", "-t", "QueryTopic", "-k", "shared"),
                List.of("queryMsgById", "-t", "QueryTopic", "-i", first.getOffsetMsgId(), "-f", "UTF-8"),
                List.of("queryMsgByUniqueKey", "-t", "QueryTopic", "-i", sent.get(2).getMsgId()),
                List.of("consumerProgress", "-g", "progress-group")));

            assertThat(out.get(0)).containsPattern(CLUSTER + "\\s+broker-a\\s+0\\s+" + Pattern.quote(address) + "\\s+V5_4_0");
            Map<String, String> status = keyValues(out.get(1));
            assertThat(Long.parseLong(status.get("msgPutTotalTodayNow"))).isGreaterThanOrEqualTo(3);
            assertThat(Long.parseLong(status.get("msgGetTotalTodayNow"))).isGreaterThanOrEqualTo(3);
            assertThat(status).containsEntry("brokerActive", "true").containsKey("putTps")
                .containsEntry("brokerState", "RUNNING");

            assertThat(out.get(2)).contains(sent.get(0).getMsgId(), sent.get(1).getMsgId()).doesNotContain(sent.get(2).getMsgId());
            assertThat(out.get(3)).containsPattern("OffsetID:\\s+" + first.getOffsetMsgId())
                .containsPattern("Topic:\\s+QueryTopic").containsPattern("Tags:\\s+\\[TagQ\\]")
                .containsPattern("Keys:\\s+\\[order-1 shared\\]").containsPattern("Message Body:\\s+body-1")
                .containsPattern("Queue ID:\\s+" + first.getMessageQueue().getQueueId())
                .containsPattern("Queue Offset:\\s+" + first.getQueueOffset())
                .contains("progress-group");
            long thirdOffset = Long.parseLong(sent.get(2).getOffsetMsgId().substring(16), 16);
            assertThat(out.get(4)).containsPattern("Topic:\\s+QueryTopic").containsPattern("Keys:\\s+\\[order-3\\]")
                .containsPattern("CommitLog Offset:\\s+" + thirdOffset + "\\R");

            List<long[]> progress = rows(out.get(5), "QueryTopic\\s+broker-a\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(-?\\d+)");
            assertThat(progress).hasSize(4);
            assertThat(progress.stream().mapToLong(row -> row[1]).sum()).isEqualTo(3);
            assertThat(progress).allSatisfy(row -> {
                assertThat(row[2]).isEqualTo(row[1]);
                assertThat(row[3]).isZero();
            });
            assertThat(out.get(5)).containsPattern("Consume Diff Total:\\s+0");
        } finally {
            consumer.shutdown();
        }
    }
}
