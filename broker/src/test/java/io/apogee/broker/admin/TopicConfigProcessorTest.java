package io.apogee.broker.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.broker.testing.TempMetadata;
import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One topic's config as mqadmin's topicStatus and the 5.x clients read it (docs/protocol.md §3.3 351). */
class TopicConfigProcessorTest {
    @TempDir
    Path dir;

    @Test
    void aTopicsConfigIsAnsweredAsRocketMqsTopicConfig() throws IOException {
        TopicRegistry topics = new TopicRegistry(TempMetadata.open(dir).topics(), false, 4, "DefaultCluster", "broker-a");
        topics.createIfAbsent("TopicTest", 3, Permission.READ_WRITE);
        try (ProcessorHarness harness = new ProcessorHarness(new TopicConfigProcessor(topics), TopicConfigProcessor.CODES)) {
            Frame answer = harness.sendRaw(RequestCode.GET_TOPIC_CONFIG, Map.of("topic", "TopicTest"), null);
            assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
            JsonNode json = new ObjectMapper().readTree(answer.body());
            assertThat(json.path("topicName").asText()).isEqualTo("TopicTest");
            assertThat(json.path("readQueueNums").asInt()).isEqualTo(3);
            assertThat(json.path("writeQueueNums").asInt()).isEqualTo(3);
            assertThat(json.path("perm").asInt()).isEqualTo(Permission.READ_WRITE);
            assertThat(json.path("topicFilterType").asText()).isEqualTo("SINGLE_TAG");
            assertThat(json.path("order").asBoolean()).isFalse();
            assertThat(json.path("attributes").isObject()).isTrue();
        }
    }

    @Test
    void anUnknownOrMissingTopicIsTopicNotExist() {
        TopicRegistry topics = new TopicRegistry(TempMetadata.open(dir).topics(), false, 4, "DefaultCluster", "broker-a");
        try (ProcessorHarness harness = new ProcessorHarness(new TopicConfigProcessor(topics), TopicConfigProcessor.CODES)) {
            Frame unknown = harness.sendRaw(RequestCode.GET_TOPIC_CONFIG, Map.of("topic", "Nowhere"), null);
            assertThat(unknown.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
            assertThat(unknown.remark()).isEqualTo("No topic in this broker. topic: Nowhere");
            Frame missing = harness.sendRaw(RequestCode.GET_TOPIC_CONFIG, Map.of(), null);
            assertThat(missing.remark()).isEqualTo("No topic in this broker. topic: null");
            assertThat(harness.sendOneway(RequestCode.GET_TOPIC_CONFIG, null, null)).isTrue();
        }
    }
}
