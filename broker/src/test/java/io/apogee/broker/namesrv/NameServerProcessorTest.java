package io.apogee.broker.namesrv;

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
import io.apogee.wire.header.GetRouteInfoRequestHeader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The name-server codes answered from this broker's topic table (docs/protocol.md §3.3 105, 106, 206). */
class NameServerProcessorTest {
    private static final BrokerIdentity BROKER = new BrokerIdentity("DefaultCluster", "broker-a", "127.0.0.1:10911");
    private final ObjectMapper mapper = new ObjectMapper();

    @TempDir
    Path dir;

    private TopicRegistry topics;
    private ProcessorHarness harness;

    @BeforeEach
    void open() {
        topics = new TopicRegistry(TempMetadata.open(dir).topics(), true, 4, "DefaultCluster", "broker-a");
        harness = new ProcessorHarness(new NameServerProcessor(topics, () -> BROKER), NameServerProcessor.CODES);
    }

    @AfterEach
    void close() {
        harness.close();
    }

    @Test
    void aRouteNamesThisBrokerAndTheTopicsQueues() throws IOException {
        topics.createIfAbsent("TopicTest", 3, Permission.READ_WRITE);
        Frame route = harness.send(RequestCode.GET_ROUTEINFO_BY_TOPIC, new GetRouteInfoRequestHeader().topic("TopicTest"));
        assertThat(route.code()).isEqualTo(ResponseCode.SUCCESS);
        JsonNode json = mapper.readTree(route.body());
        JsonNode queues = json.path("queueDatas").get(0);
        assertThat(queues.path("brokerName").asText()).isEqualTo("broker-a");
        assertThat(queues.path("readQueueNums").asInt()).isEqualTo(3);
        assertThat(queues.path("writeQueueNums").asInt()).isEqualTo(3);
        assertThat(queues.path("perm").asInt()).isEqualTo(Permission.READ_WRITE);
        JsonNode broker = json.path("brokerDatas").get(0);
        assertThat(broker.path("cluster").asText()).isEqualTo("DefaultCluster");
        assertThat(broker.path("brokerAddrs").path("0").asText()).as("the master's address").isEqualTo("127.0.0.1:10911");
    }

    @Test
    void anUnknownTopicIsTopicNotExistWithTheNameServersRemark() {
        Frame route = harness.send(RequestCode.GET_ROUTEINFO_BY_TOPIC, new GetRouteInfoRequestHeader().topic("Nowhere"));
        assertThat(route.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        assertThat(route.remark()).isEqualTo("No topic route info in name server for the topic: Nowhere"
            + "\nSee https://rocketmq.apache.org/docs/bestPractice/06FAQ for further details.");
        assertThat(route.body()).isEmpty();
    }

    @Test
    void theClusterInfoAndTopicListDescribeThisBroker() throws IOException {
        topics.createIfAbsent("TopicTest", 1, Permission.READ_WRITE);
        JsonNode cluster = mapper.readTree(harness.send(RequestCode.GET_BROKER_CLUSTER_INFO, null).body());
        assertThat(cluster.path("clusterAddrTable").path("DefaultCluster").get(0).asText()).isEqualTo("broker-a");
        assertThat(cluster.path("brokerAddrTable").path("broker-a").path("brokerAddrs").path("0").asText())
            .isEqualTo("127.0.0.1:10911");
        JsonNode list = mapper.readTree(harness.send(RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER, null).body());
        List<String> names = new ArrayList<>();
        list.path("topicList").forEach(name -> names.add(name.asText()));
        assertThat(names).contains("TopicTest", TopicRegistry.AUTO_CREATE_TEMPLATE);
    }

    @Test
    void aOnewayRouteRequestIsNeverAnswered() {
        assertThat(harness.sendOneway(RequestCode.GET_ROUTEINFO_BY_TOPIC, new GetRouteInfoRequestHeader().topic("Nowhere"),
            null)).isTrue();
    }
}
