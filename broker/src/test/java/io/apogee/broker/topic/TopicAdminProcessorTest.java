package io.apogee.broker.topic;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.metadata.TopicTable;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.broker.testing.TempMetadata;
import io.apogee.common.time.ManualClock;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.CreateTopicRequestHeader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** mqadmin's updateTopic and the topic table export (docs/protocol.md §3.3 17 and 21), over a persisted table. */
class TopicAdminProcessorTest {
    private final ObjectMapper mapper = new ObjectMapper();
    private final ManualClock clock = new ManualClock(1_700_000_000_000L);

    @TempDir
    Path dir;

    private TopicTable table;
    private ProcessorHarness harness;

    @BeforeEach
    void open() {
        table = TempMetadata.open(dir).topics();
        harness = new ProcessorHarness(new TopicAdminProcessor(table, clock), TopicAdminProcessor.CODES);
    }

    @AfterEach
    void close() {
        harness.close();
    }

    @Test
    void aTopicIsCreatedAsAskedAndPersisted() {
        Frame answer = harness.send(RequestCode.UPDATE_AND_CREATE_TOPIC, create("OrderTopic").readQueueNums(8)
            .writeQueueNums(4).perm(Permission.READ).order(true).topicSysFlag(1));
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(answer.remark()).isNull();
        TopicConfig created = table.get("OrderTopic");
        assertThat(created.readQueues()).isEqualTo(8);
        assertThat(created.writeQueues()).isEqualTo(4);
        assertThat(created.permission()).isEqualTo(Permission.READ);
        assertThat(created.order()).isTrue();
        assertThat(created.sysFlag()).isEqualTo(1);
        assertThat(TempMetadata.open(dir).topics().get("OrderTopic")).as("persisted at once").isEqualTo(created);

        harness.send(RequestCode.UPDATE_AND_CREATE_TOPIC, create("OrderTopic").readQueueNums(2).writeQueueNums(2)
            .perm(Permission.READ_WRITE));
        assertThat(table.get("OrderTopic").readQueues()).as("replaced").isEqualTo(2);
    }

    @Test
    void theWholeTableIsAnsweredWithItsCountAndTheClocksVersion() throws IOException {
        harness.send(RequestCode.UPDATE_AND_CREATE_TOPIC, create("B").readQueueNums(1).writeQueueNums(1).perm(6));
        harness.send(RequestCode.UPDATE_AND_CREATE_TOPIC, create("A").readQueueNums(2).writeQueueNums(2).perm(6));
        Frame all = harness.send(RequestCode.GET_ALL_TOPIC_CONFIG, null);
        assertThat(all.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(all.ext("totalTopicNum")).isEqualTo("2");
        JsonNode json = mapper.readTree(all.body());
        assertThat(json.path("dataVersion").path("timestamp").asLong()).isEqualTo(clock.millis());
        assertThat(json.path("dataVersion").path("counter").asInt()).isEqualTo(2);
        JsonNode a = json.path("topicConfigTable").path("A");
        assertThat(a.path("topicName").asText()).isEqualTo("A");
        assertThat(a.path("readQueueNums").asInt()).isEqualTo(2);
        assertThat(a.path("perm").asInt()).isEqualTo(6);
        assertThat(json.has("topicQueueMappingInfoMap")).isTrue();
    }

    @Test
    void anIllegalOrSystemTopicIsInvalidParameter() {
        Frame illegal = harness.send(RequestCode.UPDATE_AND_CREATE_TOPIC, create("bad topic"));
        assertThat(illegal.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(illegal.remark())
            .isEqualTo("The specified topic: bad topic, contains illegal characters, allowing only ^[%|a-zA-Z0-9_-]+$");
        Frame blank = harness.send(RequestCode.UPDATE_AND_CREATE_TOPIC, create(" "));
        assertThat(blank.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(blank.remark()).isEqualTo("The specified topic is blank.");
        Frame tooLong = harness.send(RequestCode.UPDATE_AND_CREATE_TOPIC, create("T".repeat(128)));
        assertThat(tooLong.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(tooLong.remark()).endsWith(", is longer than topic max length: 127");
        Frame system = harness.send(RequestCode.UPDATE_AND_CREATE_TOPIC, create("SCHEDULE_TOPIC_XXXX"));
        assertThat(system.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(system.remark()).isEqualTo("The topic[SCHEDULE_TOPIC_XXXX] is conflict with system topic.");
        assertThat(harness.send(RequestCode.UPDATE_AND_CREATE_TOPIC, create("rmq_sys_mine")).code())
            .isEqualTo(ResponseCode.INVALID_PARAMETER);
        Frame negative = harness.send(RequestCode.UPDATE_AND_CREATE_TOPIC, create("T").readQueueNums(-1));
        assertThat(negative.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(negative.remark()).isEqualTo("readQueueNums -1 is outside 0..1024, the limit of queues per topic"
            + " (maxQueueNumsPerTopic)");
        assertThat(table.all()).isEmpty();
    }

    @Test
    void aQueueCountPastTheLimitIsInvalidParameterNamingTheSetting() {
        harness.close();
        harness = new ProcessorHarness(new TopicAdminProcessor(table, clock, new TopicLimits(10, 16)),
            TopicAdminProcessor.CODES);
        Frame forged = harness.send(RequestCode.UPDATE_AND_CREATE_TOPIC, create("Huge").readQueueNums(Integer.MAX_VALUE)
            .writeQueueNums(1).perm(6));
        assertThat(forged.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(forged.remark()).isEqualTo("readQueueNums 2147483647 is outside 0..16, the limit of queues per topic"
            + " (maxQueueNumsPerTopic)");
        Frame writes = harness.send(RequestCode.UPDATE_AND_CREATE_TOPIC, create("Huge").readQueueNums(16)
            .writeQueueNums(17).perm(6));
        assertThat(writes.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(writes.remark()).contains("writeQueueNums 17", "maxQueueNumsPerTopic");
        assertThat(table.get("Huge")).isNull();
        assertThat(harness.send(RequestCode.UPDATE_AND_CREATE_TOPIC, create("Huge").readQueueNums(16).writeQueueNums(16)
            .perm(6)).code()).as("at the limit").isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void aCreatedTopicsQueueFilesArePreparedForEveryQueueItMayUseAndARefusedOneHasNone() {
        harness.close();
        List<String> prepared = new ArrayList<>();
        harness = new ProcessorHarness(new TopicAdminProcessor(table, clock, new TopicLimits(10, 16),
            (topic, queues) -> prepared.add(topic + ":" + queues)), TopicAdminProcessor.CODES);
        assertThat(harness.send(RequestCode.UPDATE_AND_CREATE_TOPIC, create("Ready").readQueueNums(8).writeQueueNums(4)
            .perm(6)).code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(harness.send(RequestCode.UPDATE_AND_CREATE_TOPIC, create("Huge").readQueueNums(17).writeQueueNums(1)
            .perm(6)).code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(prepared).containsExactly("Ready:8");
    }

    @Test
    void aNewTopicPastTheTopicLimitIsRefusedNamingTheSettingWhileExistingOnesMayChange() {
        harness.close();
        harness = new ProcessorHarness(new TopicAdminProcessor(table, clock, new TopicLimits(2, 8)),
            TopicAdminProcessor.CODES);
        for (String topic : new String[] {"A", "B"}) {
            assertThat(harness.send(RequestCode.UPDATE_AND_CREATE_TOPIC, create(topic).readQueueNums(1).writeQueueNums(1)
                .perm(6)).code()).isEqualTo(ResponseCode.SUCCESS);
        }
        Frame third = harness.send(RequestCode.UPDATE_AND_CREATE_TOPIC, create("C").readQueueNums(1).writeQueueNums(1)
            .perm(6));
        assertThat(third.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(third.remark()).isEqualTo("topic[C] cannot be created: the broker holds its limit of 2 topics"
            + " (maxTopicCount)");
        assertThat(table.get("C")).isNull();
        assertThat(harness.send(RequestCode.UPDATE_AND_CREATE_TOPIC, create("A").readQueueNums(4).writeQueueNums(4)
            .perm(6)).code()).as("an update is no creation").isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void aHeaderWithoutItsTopicIsInvalidParameterAndAOnewayCreateIsNotAnswered() {
        Frame missing = harness.sendRaw(RequestCode.UPDATE_AND_CREATE_TOPIC, Map.of("readQueueNums", "1"), null);
        assertThat(missing.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(missing.remark()).startsWith("bad UPDATE_AND_CREATE_TOPIC header: ");
        assertThat(harness.sendOneway(RequestCode.UPDATE_AND_CREATE_TOPIC, create("Quiet").readQueueNums(1)
            .writeQueueNums(1).perm(6), null)).isTrue();
        assertThat(table.get("Quiet")).isNotNull();
    }

    private static CreateTopicRequestHeader create(String topic) {
        return new CreateTopicRequestHeader().topic(topic).defaultTopic(TopicRegistry.AUTO_CREATE_TEMPLATE)
            .topicFilterType("SINGLE_TAG");
    }
}
