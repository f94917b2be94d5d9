package io.apogee.broker.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.apogee.broker.group.ClientDirectory;
import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.broker.testing.TempMetadata;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.GetConsumerConnectionListRequestHeader;
import io.apogee.wire.header.QueryTopicConsumeByWhoRequestHeader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** mqadmin's consumerConnection and topicRoute-by-consumer views (docs/protocol.md §3.3 203 and 300). */
class ConsumerInfoProcessorTest {
    private final ObjectMapper mapper = new ObjectMapper();
    private final ClientDirectory clients = new ClientDirectory();

    @TempDir
    Path dir;

    private ConsumerOffsetTable offsets;
    private ProcessorHarness harness;

    @BeforeEach
    void open() {
        offsets = TempMetadata.open(dir).offsets();
        harness = new ProcessorHarness(new ConsumerInfoProcessor(clients, offsets), ConsumerInfoProcessor.CODES);
    }

    @AfterEach
    void close() {
        harness.close();
    }

    @Test
    void aGroupsConnectionsAndSubscriptionsAreListed() throws IOException {
        clients.onHeartbeat(harness.connection().peer(), "10.0.0.1@one", "JAVA", 493, mapper.readTree("""
            {"clientID":"10.0.0.1@one","consumerDataSet":[{"groupName":"CG","consumeType":"CONSUME_PASSIVELY",
             "messageModel":"CLUSTERING","consumeFromWhere":"CONSUME_FROM_LAST_OFFSET",
             "subscriptionDataSet":[{"topic":"TopicTest","subString":"TagA","expressionType":"TAG"}]}]}"""));
        Frame answer = harness.send(RequestCode.GET_CONSUMER_CONNECTION_LIST,
            new GetConsumerConnectionListRequestHeader().consumerGroup("CG"));
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        JsonNode json = mapper.readTree(answer.body());
        JsonNode connection = json.path("connectionSet").get(0);
        assertThat(connection.path("clientId").asText()).isEqualTo("10.0.0.1@one");
        assertThat(connection.path("language").asText()).isEqualTo("JAVA");
        assertThat(connection.path("version").asInt()).isEqualTo(493);
        assertThat(connection.path("clientAddr").asText()).isEqualTo(harness.connection().peer().address());
        assertThat(json.path("consumeType").asText()).isEqualTo("CONSUME_PASSIVELY");
        assertThat(json.path("messageModel").asText()).isEqualTo("CLUSTERING");
        assertThat(json.path("consumeFromWhere").asText()).isEqualTo("CONSUME_FROM_LAST_OFFSET");
        assertThat(json.path("subscriptionTable").path("TopicTest").path("subString").asText()).isEqualTo("TagA");
    }

    @Test
    void aGroupNobodyRunsIsConsumerNotOnline() {
        Frame answer = harness.send(RequestCode.GET_CONSUMER_CONNECTION_LIST,
            new GetConsumerConnectionListRequestHeader().consumerGroup("Nobody"));
        assertThat(answer.code()).isEqualTo(ResponseCode.CONSUMER_NOT_ONLINE);
        assertThat(answer.remark()).isEqualTo("the consumer group[Nobody] not online");
    }

    @Test
    void aTopicIsConsumedByTheGroupsSubscribedOrWithOffsets() throws IOException {
        clients.onHeartbeat(harness.connection().peer(), "10.0.0.1@one", "JAVA", 493, mapper.readTree("""
            {"consumerDataSet":[{"groupName":"Live","subscriptionDataSet":[{"topic":"TopicTest"}]}]}"""));
        offsets.commit("Offline", "TopicTest", 0, 3);
        offsets.commit("Elsewhere", "Other", 0, 3);
        Frame answer = harness.send(RequestCode.QUERY_TOPIC_CONSUME_BY_WHO,
            new QueryTopicConsumeByWhoRequestHeader().topic("TopicTest"));
        assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
        List<String> groups = new ArrayList<>();
        mapper.readTree(answer.body()).path("groupList").forEach(group -> groups.add(group.asText()));
        assertThat(groups).containsExactly("Live", "Offline");
        assertThat(harness.sendOneway(RequestCode.QUERY_TOPIC_CONSUME_BY_WHO,
            new QueryTopicConsumeByWhoRequestHeader().topic("TopicTest"), null)).isTrue();
    }
}
