package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.apogee.testsupport.Await;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console's JSON after a known load of the official 5.4.0 clients ({@link ConsoleLoad}): the broker, the topic's
 * queues and offsets, the group's lag per queue, a message found by key and by either id with its properties and
 * body, the charts' points, and the reset action moving the offline group's offsets by time.
 */
@Tag("slow")
class Console540Test {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    static Path dir;
    private static ConsoleLoad load;
    private static ConsoleHttp http;

    @BeforeAll
    static void start() throws Exception {
        load = ConsoleLoad.start(dir, Map.of("brokerClusterName", "ConsoleCluster", "brokerName", "console-broker"));
        http = new ConsoleHttp(load.consolePort());
    }

    @AfterAll
    static void stop() {
        load.close();
    }

    @Test
    void theOverviewShowsTheBroker() throws Exception {
        JsonNode overview = http.get("/api/overview").json();
        assertThat(overview.path("cluster").asText()).isEqualTo("ConsoleCluster");
        JsonNode broker = overview.path("brokers").get(0);
        assertThat(broker.path("name").asText()).isEqualTo("console-broker");
        assertThat(broker.path("address").asText()).isEqualTo(load.broker().address());
        assertThat(broker.path("role").asText()).isEqualTo("ASYNC_MASTER");
        assertThat(broker.path("version").asText()).isEqualTo("V5_4_0");
        assertThat(broker.path("topics").asInt()).isEqualTo(load.broker().context().metadata().topics().size());
    }

    @Test
    void theTopicShowsItsQueuesAndOffsets() throws Exception {
        JsonNode topic = topic(http.get("/api/topics").json(), ConsoleLoad.TOPIC);
        assertThat(topic.path("system").asBoolean()).isFalse();
        assertThat(topic.path("messages").asLong()).isEqualTo(ConsoleLoad.CONSUMED + ConsoleLoad.LAGGING);
        long maxSum = 0;
        for (JsonNode queue : topic.path("queues")) {
            int queueId = queue.path("queueId").asInt();
            assertThat(queue.path("maxOffset").asLong())
                .isEqualTo(load.broker().context().store().maxOffset(ConsoleLoad.TOPIC, queueId));
            maxSum += queue.path("maxOffset").asLong();
        }
        assertThat(topic.path("queues")).hasSize(topic.path("writeQueues").asInt());
        assertThat(maxSum).isEqualTo(ConsoleLoad.CONSUMED + ConsoleLoad.LAGGING);
        assertThat(topic(http.get("/api/topics").json(), "TBW102").path("system").asBoolean()).isTrue();
    }

    @Test
    void theGroupShowsItsLagPerQueue() throws Exception {
        JsonNode group = group(http.get("/api/groups").json(), ConsoleLoad.GROUP);
        assertThat(group.path("online").asBoolean()).as("its consumer stopped").isFalse();
        assertThat(group.path("lag").asLong()).isEqualTo(ConsoleLoad.LAGGING);
        JsonNode topic = null;
        for (JsonNode each : group.path("topics")) {
            topic = each.path("topic").asText().equals(ConsoleLoad.TOPIC) ? each : topic;
        }
        assertThat(topic).as("the group's topics name " + ConsoleLoad.TOPIC + ": " + group).isNotNull();
        long lag = 0;
        for (JsonNode queue : topic.path("queues")) {
            long broker = queue.path("brokerOffset").asLong();
            long consumer = queue.path("consumerOffset").asLong();
            assertThat(queue.path("lag").asLong()).isEqualTo(broker - consumer);
            assertThat(consumer).isEqualTo(load.broker().committedOffset(ConsoleLoad.GROUP, ConsoleLoad.TOPIC,
                queue.path("queueId").asInt()));
            lag += queue.path("lag").asLong();
        }
        assertThat(lag).isEqualTo(ConsoleLoad.LAGGING);
    }

    @Test
    void aMessageIsFoundByKeyAndById() throws Exception {
        String byKey = "/api/message?topic=" + ConsoleLoad.TOPIC + "&key=" + encode(ConsoleLoad.KEY);
        Await.until("the key indexed", WAIT, () -> http.get(byKey).status() == 200);
        JsonNode message = http.get(byKey).json().path("messages").get(0);
        assertThat(message.path("bodyPreview").asText()).isEqualTo(ConsoleLoad.BODY);
        assertThat(message.path("bodyTruncated").asBoolean()).isFalse();
        assertThat(message.path("bodySize").asInt()).isEqualTo(ConsoleLoad.BODY.length());
        assertThat(message.path("msgId").asText()).isEqualTo(load.keyed().getMsgId());
        assertThat(message.path("offsetMsgId").asText()).isEqualTo(load.keyed().getOffsetMsgId());
        assertThat(message.path("properties").path("KEYS").asText()).isEqualTo(ConsoleLoad.KEY);
        assertThat(message.path("properties").path("TAGS").asText()).isEqualTo("TagC");
        assertThat(message.path("queueId").asInt()).isEqualTo(load.keyed().getMessageQueue().getQueueId());
        assertThat(message.path("queueOffset").asLong()).isEqualTo(load.keyed().getQueueOffset());

        JsonNode byOffsetId = http.get("/api/message?id=" + load.keyed().getOffsetMsgId()).json();
        assertThat(byOffsetId.path("messages").get(0).path("bodyPreview").asText()).isEqualTo(ConsoleLoad.BODY);
        JsonNode byClientId = http.get("/api/message?id=" + load.keyed().getMsgId() + "&topic=" + ConsoleLoad.TOPIC)
            .json();
        assertThat(byClientId.path("messages").get(0).path("msgId").asText()).isEqualTo(load.keyed().getMsgId());

        ConsoleHttp.Answer missing = http.get("/api/message?topic=" + ConsoleLoad.TOPIC + "&key=no-such-key");
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.error()).contains("no-such-key");
    }

    @Test
    void theChartsGetPoints() throws Exception {
        Await.until("a point of the charts after the load", WAIT, () -> newestPoint().path("lag").asLong() >= ConsoleLoad.LAGGING);
        JsonNode point = newestPoint();
        assertThat(point.path("lag").asLong()).as("the group's lag at least")
            .isGreaterThanOrEqualTo(ConsoleLoad.LAGGING);
        assertThat(point.path("lagLatencyMillis").asLong()).as("the oldest message not consumed waited").isPositive();
        assertThat(point.path("time").asLong()).isPositive();
    }

    private static JsonNode newestPoint() throws Exception {
        JsonNode points = http.get("/api/series").json().path("points");
        return points.isEmpty() ? points : points.get(points.size() - 1);
    }

    @Test
    void resetMovesTheOfflineGroupsOffsetsByTime() throws Exception {
        String otherGroup = "console-rewinders";
        ConsoleHttp.Answer rewound = http.reset("group=" + otherGroup + "&topic=" + ConsoleLoad.TOPIC + "&timestamp=0",
            null);
        assertThat(rewound.status()).as(rewound.body()).isEqualTo(200);
        for (JsonNode queue : rewound.json().path("queues")) {
            int queueId = queue.path("queueId").asInt();
            assertThat(queue.path("to").asLong()).isZero();
            assertThat(load.broker().committedOffset(otherGroup, ConsoleLoad.TOPIC, queueId)).isZero();
        }
        assertThat(group(http.get("/api/groups").json(), otherGroup).path("lag").asLong())
            .isEqualTo(ConsoleLoad.CONSUMED + ConsoleLoad.LAGGING);

        long future = System.currentTimeMillis() + Duration.ofHours(1).toMillis();
        ConsoleHttp.Answer forward = http.reset("group=" + otherGroup + "&topic=" + ConsoleLoad.TOPIC + "&timestamp="
            + future, null);
        assertThat(forward.status()).as(forward.body()).isEqualTo(200);
        assertThat(group(http.get("/api/groups").json(), otherGroup).path("lag").asLong()).as("past the last message")
            .isZero();
    }

    private static JsonNode topic(JsonNode topics, String name) {
        for (JsonNode topic : topics.path("topics")) {
            if (topic.path("name").asText().equals(name)) {
                return topic;
            }
        }
        throw new AssertionError("no topic " + name + " in " + topics);
    }

    private static JsonNode group(JsonNode groups, String name) {
        for (JsonNode group : groups.path("groups")) {
            if (group.path("name").asText().equals(name)) {
                return group;
            }
        }
        throw new AssertionError("no group " + name + " in " + groups);
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
