package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.TestBroker;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The router's answers on real connections: unsupported codes, and the name-server role on the broker port. */
class RequestRouterTest {
    private static final long TIMEOUT_MILLIS = 5_000;

    @TempDir
    Path dir;

    @Test
    void unknownCodeIsNotSupportedWhileAnotherConnectionKeepsWorking() throws Exception {
        try (TestBroker broker = TestBroker.start(dir);
             RemotingClient first = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE);
             RemotingClient second = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE)) {
            try (RemotingResponse response = first.invokeSync(broker.address(), new RemotingHeader().asRequest(777, 0), null,
                TIMEOUT_MILLIS)) {
                assertThat(response.code()).isEqualTo(ResponseCode.REQUEST_CODE_NOT_SUPPORTED);
                assertThat(response.remark()).isEqualTo(" request type 777 not supported");
            }
            try (RemotingResponse route = second.invokeSync(broker.address(), routeRequest("TBW102"), null, TIMEOUT_MILLIS)) {
                assertThat(route.code()).isEqualTo(ResponseCode.SUCCESS);
                assertThat(route.body().toString(StandardCharsets.UTF_8))
                    .contains("\"brokerAddrs\":{\"0\":\"" + broker.address() + "\"}")
                    .contains("\"perm\":7,\"readQueueNums\":8,\"topicSysFlag\":0,\"writeQueueNums\":8");
            }
            try (RemotingResponse again = first.invokeSync(broker.address(), routeRequest("TBW102"), null, TIMEOUT_MILLIS)) {
                assertThat(again.code()).as("the first connection still works").isEqualTo(ResponseCode.SUCCESS);
            }
        }
    }

    @Test
    void unknownTopicHasNoRouteAndNoTemplateWithoutAutoCreate() throws Exception {
        Properties noAutoCreate = new Properties();
        noAutoCreate.setProperty("autoCreateTopicEnable", "false");
        try (TestBroker broker = TestBroker.start(dir, noAutoCreate);
             RemotingClient client = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE)) {
            for (String topic : new String[] {"NoSuchTopic", "TBW102"}) {
                try (RemotingResponse response = client.invokeSync(broker.address(), routeRequest(topic), null, TIMEOUT_MILLIS)) {
                    assertThat(response.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
                    assertThat(response.remark()).startsWith("No topic route info in name server for the topic: " + topic);
                }
            }
            try (RemotingResponse cluster = client.invokeSync(broker.address(),
                new RemotingHeader().asRequest(RequestCode.GET_BROKER_CLUSTER_INFO, 0), null, TIMEOUT_MILLIS)) {
                assertThat(cluster.body().toString(StandardCharsets.UTF_8))
                    .contains("\"clusterAddrTable\":{\"DefaultCluster\":[\"broker-a\"]}");
            }
        }
    }

    private static RemotingHeader routeRequest(String topic) {
        RemotingHeader header = new RemotingHeader().asRequest(RequestCode.GET_ROUTEINFO_BY_TOPIC, 0);
        header.ext().add("topic", topic);
        return header;
    }
}
