package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.namesrv.DataVersion;
import io.apogee.broker.namesrv.RouteJson;
import io.apogee.common.time.SystemClock;
import io.apogee.testsupport.Await;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.wire.code.ProtocolVersion;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.Unpooled;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stand-alone name server over a real socket: a registration answered by its routes, a broker that falls silent
 * dropped by the sweep after its timeout (short here), QUERY_DATA_VERSION against the registered version, and bad
 * registrations answered with RocketMQ's codes.
 */
class NameServerContextTest {
    private static final long TIMEOUT_MILLIS = 3_000;
    private static final String BROKER = "127.0.0.1:1";
    private static final int SILENCE_MILLIS = 1_000;

    @TempDir
    Path dir;

    @Test
    void aSilentBrokerIsSweptAndBadRegistrationsAreRefused() throws Exception {
        Properties settings = new Properties();
        settings.setProperty("listenPort", "0");
        settings.setProperty("scanNotActiveBrokerInterval", "100");
        settings.setProperty("brokerChannelExpiredTime", "500");
        try (NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(settings, dir), SystemClock.INSTANCE);
             RemotingClient broker = client("ns-broker-io");
             RemotingClient reader = client("ns-reader-io")) {
            String address = "127.0.0.1:" + nameServer.port();
            byte[] body = new RouteJson().registerBody(List.of(new TopicConfig("Silent", 2, 2, 6, "SINGLE_TAG", 0, false)), 0, 0);

            assertThat(register(broker, address, "broker-x", body, crc(body) ^ 1).remark()).isEqualTo("crc32 not match");
            assertThat(register(broker, address, null, body, crc(body)).code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
            byte[] garbage = "not a body".getBytes(StandardCharsets.UTF_8);
            assertThat(register(broker, address, "broker-x", garbage, 0).code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
            assertThat(route(reader, address)).as("nothing registered yet").isEmpty();

            assertThat(register(broker, address, "broker-x", body, crc(body)).code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(route(reader, address)).contains("\"brokerName\":\"broker-x\"").contains(BROKER);
            assertThat(queryDataVersion(broker, address, new DataVersion(0, 0, 0)).ext().get("changed")).isEqualTo("false");
            assertThat(queryDataVersion(broker, address, new DataVersion(1, 0, 0)).ext().get("changed")).isEqualTo("true");

            Await.until("the silent broker to be swept from the routes", Duration.ofSeconds(30),
                () -> route(reader, address).isEmpty());
        }
    }

    @Test
    void namesrvConfSetsTheConnectionLimitsOfItsPort() throws Exception {
        Properties settings = new Properties();
        settings.setProperty("listenPort", "0");
        settings.setProperty("serverMaxConnectionsPerIp", "1");
        try (NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(settings, dir), SystemClock.INSTANCE);
             Socket first = new Socket("127.0.0.1", nameServer.port());
             Socket second = new Socket("127.0.0.1", nameServer.port())) {
            // the two are set up on different event loops, so either may be the one counted first
            boolean firstClosed = closedByServer(first);
            boolean secondClosed = closedByServer(second);
            assertThat(firstClosed ^ secondClosed).as("exactly one of two connections from one address is refused "
                + "(first closed: %s, second closed: %s)", firstClosed, secondClosed).isTrue();
        }
    }

    /** Whether the server closes {@code socket} within a short wait; a silent open connection times out. */
    private static boolean closedByServer(Socket socket) throws Exception {
        socket.setSoTimeout(SILENCE_MILLIS);
        try {
            return socket.getInputStream().read() == -1;
        } catch (SocketTimeoutException stillOpen) {
            return false;
        }
    }

    @Test
    void listensOnTheBindAddressOnlyAndEveryAddressByDefault() throws Exception {
        Properties settings = new Properties();
        settings.setProperty("listenPort", "0");
        settings.setProperty("bindAddress", "127.0.0.1");
        try (NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(settings, dir), SystemClock.INSTANCE)) {
            assertThat(nameServer.address().getAddress().getHostAddress()).isEqualTo("127.0.0.1");
        }
        settings.remove("bindAddress");
        try (NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(settings, dir), SystemClock.INSTANCE)) {
            assertThat(nameServer.address().getAddress().isAnyLocalAddress()).isTrue();
        }
    }

    private static RemotingClient client(String threads) {
        return new RemotingClient(TransportConfig.builder().threadNamePrefix(threads).build(), RequestDispatcher.IGNORE);
    }

    private static RemotingHeader register(RemotingClient client, String nameServer, String brokerName, byte[] body,
        long crc) throws Exception {
        RemotingHeader header = new RemotingHeader().asRequest(RequestCode.REGISTER_BROKER, 0).version(ProtocolVersion.V5_4_0);
        if (brokerName != null) {
            header.ext().add("brokerName", brokerName);
        }
        header.ext().add("brokerAddr", BROKER).add("clusterName", "DefaultCluster").add("brokerId", 0).add("bodyCrc32", crc);
        try (RemotingResponse response = client.invokeSync(nameServer, header, Unpooled.wrappedBuffer(body), TIMEOUT_MILLIS)) {
            return response.header().copy();
        }
    }

    private static RemotingHeader queryDataVersion(RemotingClient client, String nameServer, DataVersion version)
        throws Exception {
        RemotingHeader header = new RemotingHeader().asRequest(RequestCode.QUERY_DATA_VERSION, 0).version(ProtocolVersion.V5_4_0);
        header.ext().add("brokerName", "broker-x").add("brokerAddr", BROKER).add("clusterName", "DefaultCluster")
            .add("brokerId", 0);
        byte[] body = new RouteJson().dataVersion(version);
        try (RemotingResponse response = client.invokeSync(nameServer, header, Unpooled.wrappedBuffer(body), TIMEOUT_MILLIS)) {
            assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
            return response.header().copy();
        }
    }

    /** The route of "Silent" as JSON, or "" when the name server has none. */
    private static String route(RemotingClient client, String nameServer) {
        RemotingHeader header = new RemotingHeader().asRequest(RequestCode.GET_ROUTEINFO_BY_TOPIC, 0).version(ProtocolVersion.V5_4_0);
        header.ext().add("topic", "Silent");
        try (RemotingResponse response = client.invokeSync(nameServer, header, null, TIMEOUT_MILLIS)) {
            return response.code() == ResponseCode.SUCCESS ? response.body().toString(StandardCharsets.UTF_8) : "";
        } catch (Exception e) {
            throw new AssertionError("no answer to the route request", e);
        }
    }

    private static long crc(byte[] body) {
        CRC32 crc = new CRC32();
        crc.update(body);
        return crc.getValue() & 0x7FFFFFFF;
    }
}
