package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.TestBroker;
import io.apogee.launcher.Ports;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.SendHeaderKeys;
import io.apogee.wire.header.SendMessageRequestHeader;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded name server's port answers the name-server codes only, as RocketMQ's name server does. */
class EmbeddedNameServerPortTest {
    private static final long TIMEOUT_MILLIS = 5_000;
    private static final String TOPIC = "NameServerPortTopic";

    @TempDir
    Path dir;

    @Test
    void sendThroughTheNameServerPortIsRefusedAndNotStored() throws Exception {
        try (TestBroker broker = TestBroker.start(dir, Map.of("namesrvListenPort", Integer.toString(Ports.free())));
             RemotingClient client = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE)) {
            String nameServer = "127.0.0.1:" + broker.context().nameServerPort();
            try (RemotingResponse refused = client.invokeSync(nameServer, send(), Unpooled.wrappedBuffer(new byte[16]),
                TIMEOUT_MILLIS)) {
                assertThat(refused.code()).isEqualTo(ResponseCode.REQUEST_CODE_NOT_SUPPORTED);
                assertThat(refused.remark()).isEqualTo(" request type " + RequestCode.SEND_MESSAGE_V2 + " not supported");
            }
            try (RemotingResponse stored = client.invokeSync(broker.address(), send(), Unpooled.wrappedBuffer(new byte[16]),
                TIMEOUT_MILLIS)) {
                assertThat(stored.code()).as("the broker port still takes it").isEqualTo(ResponseCode.SUCCESS);
            }
            assertThat(broker.maxOffset(TOPIC, 0)).as("only the send through the broker port is stored").isEqualTo(1);
        }
    }

    @Test
    void routesClusterInfoAndKvConfigAreStillServed() throws Exception {
        try (TestBroker broker = TestBroker.start(dir, Map.of("namesrvListenPort", Integer.toString(Ports.free())));
             RemotingClient client = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE)) {
            String nameServer = "127.0.0.1:" + broker.context().nameServerPort();
            RemotingHeader route = new RemotingHeader().asRequest(RequestCode.GET_ROUTEINFO_BY_TOPIC, 0);
            route.ext().add("topic", "TBW102");
            try (RemotingResponse response = client.invokeSync(nameServer, route, null, TIMEOUT_MILLIS)) {
                assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
                assertThat(response.body().toString(StandardCharsets.UTF_8))
                    .contains("\"brokerAddrs\":{\"0\":\"" + broker.address() + "\"}");
            }
            try (RemotingResponse cluster = client.invokeSync(nameServer,
                new RemotingHeader().asRequest(RequestCode.GET_BROKER_CLUSTER_INFO, 0), null, TIMEOUT_MILLIS)) {
                assertThat(cluster.code()).isEqualTo(ResponseCode.SUCCESS);
            }
            RemotingHeader put = new RemotingHeader().asRequest(RequestCode.PUT_KV_CONFIG, 0);
            put.ext().add("namespace", "ns").add("key", "k").add("value", "v");
            try (RemotingResponse response = client.invokeSync(nameServer, put, null, TIMEOUT_MILLIS)) {
                assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
            }
            try (RemotingResponse heartbeat = client.invokeSync(nameServer,
                new RemotingHeader().asRequest(RequestCode.HEART_BEAT, 0), null, TIMEOUT_MILLIS)) {
                assertThat(heartbeat.code()).as("a broker code").isEqualTo(ResponseCode.REQUEST_CODE_NOT_SUPPORTED);
            }
        }
    }

    private static RemotingHeader send() {
        RemotingHeader header = new RemotingHeader().asRequest(RequestCode.SEND_MESSAGE_V2, 0);
        new SendMessageRequestHeader().keys(SendHeaderKeys.V2).producerGroup("p").topic(TOPIC).defaultTopic("TBW102")
            .defaultTopicQueueNums(1).queueId(0).sysFlag(0).bornTimestamp(System.currentTimeMillis()).flag(0)
            .properties("").encode(header.ext());
        return header;
    }
}
