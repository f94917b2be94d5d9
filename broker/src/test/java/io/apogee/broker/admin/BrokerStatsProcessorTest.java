package io.apogee.broker.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.apogee.broker.group.ClientDirectory;
import io.apogee.broker.health.BrokerHealth;
import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.broker.testing.TempStore;
import io.apogee.broker.timer.TimerStatus;
import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicLimits;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.common.time.ManualClock;
import io.apogee.testsupport.Await;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.GetConsumeStatsRequestHeader;
import io.apogee.wire.header.GetTopicStatsInfoRequestHeader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What mqadmin's brokerStatus, topicStatus and consumerProgress print (docs/protocol.md §3.3 28, 202, 208), over a
 * temporary store whose records are stamped by a manual clock.
 */
class BrokerStatsProcessorTest {
    private static final String TOPIC = "TopicTest";
    private static final Pattern QUEUE_ENTRY = Pattern.compile(
        "\\{\"brokerName\":\"([^\"]*)\",\"queueId\":(\\d+),\"topic\":\"TopicTest\"}:(\\{[^}]*})");

    private final ObjectMapper mapper = new ObjectMapper();
    private final ManualClock clock = new ManualClock(1_700_000_000_000L);

    @TempDir
    Path dir;

    private TempStore store;
    private ProcessorHarness harness;
    private BrokerHealth health;
    private final AtomicLong delayedSkipped = new AtomicLong();
    private final AtomicLong timerSkipped = new AtomicLong();

    @BeforeEach
    void open() {
        store = new TempStore(dir, clock);
        TopicRegistry topics = new TopicRegistry(store.metadata().topics(), false, 4, "DefaultCluster", "broker-a");
        topics.createIfAbsent(TOPIC, 2, Permission.READ_WRITE);
        health = new BrokerHealth((role, error) -> { }, status -> { }).watch(store.store()::failure);
        ConsumerOffsetTable offsets = store.metadata().offsets();
        harness = new ProcessorHarness(new BrokerStatsProcessor(store.store(), offsets, topics, new ClientDirectory(),
            new RuntimeStats(store.store(), offsets, clock), "broker-a",
            () -> new DeliveryStatus(new TimerStatus(0, 0, 0, 0, 0), delayedSkipped.get(), timerSkipped.get()),
            health::status), BrokerStatsProcessor.CODES);
    }

    @AfterEach
    void close() {
        harness.close();
        store.close();
    }

    @Test
    void topicStatsGiveEachQueuesOffsetsAndLastStoreTime() throws IOException {
        store.put(TOPIC, 0, "a");
        clock.advanceMillis(1_000);
        long last = clock.millis();
        store.put(TOPIC, 0, "b");
        Frame answer = harness.send(RequestCode.GET_TOPIC_STATS_INFO, new GetTopicStatsInfoRequestHeader().topic(TOPIC));
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        Map<Integer, JsonNode> queues = byQueue(answer.body());
        assertThat(queues).containsOnlyKeys(0, 1);
        assertThat(queues.get(0).path("maxOffset").asLong()).isEqualTo(2);
        assertThat(queues.get(0).path("minOffset").asLong()).isZero();
        assertThat(queues.get(0).path("lastUpdateTimestamp").asLong()).isEqualTo(last);
        assertThat(queues.get(1).path("lastUpdateTimestamp").asLong()).as("an empty queue").isZero();
        assertThat(answer.text()).endsWith(",\"topicPutTps\":0.0}");

        Frame unknown = harness.send(RequestCode.GET_TOPIC_STATS_INFO, new GetTopicStatsInfoRequestHeader().topic("None"));
        assertThat(unknown.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        assertThat(unknown.remark()).isEqualTo("topic[None] not exist");
    }

    @Test
    void aForgedQueueCountHeldFromBeforeTheLimitIsAnsweredWithinTheLimit() throws IOException {
        // a table written before the limit existed may hold any count; the answer stays bounded all the same
        store.metadata().topics().put(new TopicConfig("Forged", Integer.MAX_VALUE, Integer.MAX_VALUE,
            Permission.READ_WRITE, TopicConfig.SINGLE_TAG, 0, false));
        Frame answer = harness.send(RequestCode.GET_TOPIC_STATS_INFO,
            new GetTopicStatsInfoRequestHeader().topic("Forged"));
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        String body = new String(answer.body(), StandardCharsets.UTF_8);
        assertThat(body.split("\"topic\":\"Forged\"", -1)).hasSize(TopicLimits.DEFAULT_MAX_QUEUES + 1);
    }

    @Test
    void consumeStatsSetTheCommittedOffsetsAgainstTheQueues() throws IOException {
        store.put(TOPIC, 1, "a");
        store.put(TOPIC, 1, "b");
        store.metadata().offsets().commit("CG", TOPIC, 1, 1);
        Frame answer = harness.send(RequestCode.GET_CONSUME_STATS, new GetConsumeStatsRequestHeader().consumerGroup("CG"));
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        Map<Integer, JsonNode> queues = byQueue(answer.body());
        assertThat(queues.get(1).path("brokerOffset").asLong()).isEqualTo(2);
        assertThat(queues.get(1).path("consumerOffset").asLong()).isEqualTo(1);
        assertThat(queues.get(0).path("consumerOffset").asLong()).as("nothing committed").isZero();
        assertThat(queues.get(1).path("lastTimestamp").asLong()).isEqualTo(clock.millis());

        Frame noGroup = harness.sendRaw(RequestCode.GET_CONSUME_STATS, Map.of(), null);
        assertThat(noGroup.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(noGroup.remark()).isEqualTo("consumerGroup is required");
    }

    @Test
    void theRuntimeInfoShowsTheBrokersStateAndItsFirstCause() throws Exception {
        JsonNode running = runtimeTable();
        assertThat(running.path("brokerState").asText()).isEqualTo("RUNNING");
        assertThat(running.has("brokerStateCause")).isFalse();
        health.onError("apogee-scheduler", new OutOfMemoryError("Java heap space"));
        JsonNode degraded = runtimeTable();
        assertThat(degraded.path("brokerState").asText()).isEqualTo("DEGRADED");
        assertThat(degraded.path("brokerStateCause").asText())
            .isEqualTo("apogee-scheduler: java.lang.OutOfMemoryError: Java heap space");
        store.stopAppenderThenFail(new InternalError("a fault occurred in an unsafe memory access operation")).open();
        Await.until("the store failed", Duration.ofSeconds(10), () -> store.store().failure() != null);
        JsonNode failed = runtimeTable();
        assertThat(failed.path("brokerState").asText()).isEqualTo("FAILED");
        assertThat(failed.path("brokerStateCause").asText())
            .isEqualTo("apogee-appender: java.lang.InternalError: a fault occurred in an unsafe memory access operation");
    }

    @Test
    void theRuntimeInfoCountsTheParkedMessagesSkippedByEachDeliveringService() throws Exception {
        assertThat(runtimeTable().path("delayedMessagesSkipped").asText()).isEqualTo("0");
        delayedSkipped.set(2);
        timerSkipped.set(5);
        JsonNode table = runtimeTable();
        assertThat(table.path("delayedMessagesSkipped").asText()).isEqualTo("2");
        assertThat(table.path("timerMessagesSkipped").asText()).isEqualTo("5");
    }

    private JsonNode runtimeTable() throws IOException {
        Frame answer = harness.send(RequestCode.GET_BROKER_RUNTIME_INFO, null);
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        return mapper.readTree(answer.body()).path("table");
    }

    @Test
    void theRuntimeInfoIsAKeyValueTable() throws IOException {
        Frame answer = harness.send(RequestCode.GET_BROKER_RUNTIME_INFO, null);
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        JsonNode table = mapper.readTree(answer.body()).path("table");
        assertThat(table.path("brokerActive").asText()).isEqualTo("true");
        assertThat(table.path("bootTimestamp").asLong()).isEqualTo(clock.millis());
        assertThat(harness.sendOneway(RequestCode.GET_BROKER_RUNTIME_INFO, null, null)).isTrue();
    }

    /**
     * RocketMQ's offsetTable is keyed by a MessageQueue object, as fastjson writes a map with object keys (not JSON a
     * standard parser reads): each entry's value by its queue id.
     */
    private Map<Integer, JsonNode> byQueue(byte[] body) throws IOException {
        Map<Integer, JsonNode> queues = new HashMap<>();
        Matcher entry = QUEUE_ENTRY.matcher(new String(body, StandardCharsets.UTF_8));
        while (entry.find()) {
            assertThat(entry.group(1)).isEqualTo("broker-a");
            queues.put(Integer.parseInt(entry.group(2)), mapper.readTree(entry.group(3)));
        }
        return queues;
    }
}
