package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.server.NameServerConfig;
import io.apogee.broker.server.NameServerContext;
import io.apogee.common.time.SystemClock;
import io.apogee.testsupport.Await;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.transport.TransportException;
import io.apogee.wire.code.ProtocolVersion;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody;
import org.apache.rocketmq.remoting.protocol.header.namesrv.RegisterBrokerRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.UnRegisterBrokerRequestHeader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stand-alone name server with authentication on: a broker registers with its inner credentials, a registration or
 * unregistration without them is refused with NO_PERMISSION and leaves the routes as they were, and routes are still
 * answered to anyone.
 */
@Tag("slow")
class NameServerAuthenticationTest {
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final String INNER = "{\"accessKey\":\"inner\",\"secretKey\":\"inner-secret\"}";
    private static final SessionCredentials INNER_CREDENTIALS = new SessionCredentials("inner", "inner-secret");

    @TempDir
    Path dir;

    @Test
    void onlySignedRegistrationsChangeTheRoutes() throws Exception {
        Properties nameServerSettings = new Properties();
        nameServerSettings.setProperty("listenPort", "0");
        nameServerSettings.setProperty("authenticationEnabled", "true");
        nameServerSettings.setProperty("innerClientAuthenticationCredentials", INNER);
        try (NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(nameServerSettings, dir),
                SystemClock.INSTANCE);
             RemotingClient client = new RemotingClient(TransportConfig.builder().threadNamePrefix("ns-auth-io").build(),
                 RequestDispatcher.IGNORE)) {
            String address = "127.0.0.1:" + nameServer.port();
            Properties brokerSettings = new Properties();
            brokerSettings.setProperty("namesrvAddr", address);
            brokerSettings.setProperty("registerNameServerPeriod", "1000");
            brokerSettings.setProperty("innerClientAuthenticationCredentials", INNER);
            try (TestBroker broker = TestBroker.start(dir.resolve("broker"), brokerSettings)) {
                Await.until("the broker's signed registration", DEADLINE,
                    () -> routeOf(client, address, "TBW102").contains(broker.address()));

                assertThat(invoke(client, address, registration("FakeTopic"))).isEqualTo(ResponseCode.NO_PERMISSION);
                RemotingCommand wrongSecret = registration("FakeTopic");
                new AclClientRPCHook(new SessionCredentials("inner", "guessed")).doBeforeRequest(null, wrongSecret);
                assertThat(invoke(client, address, wrongSecret)).isEqualTo(ResponseCode.NO_PERMISSION);
                assertThat(routeOf(client, address, "FakeTopic")).as("no fake route").isEmpty();

                assertThat(invoke(client, address, unregistration(broker))).isEqualTo(ResponseCode.NO_PERMISSION);
                assertThat(routeOf(client, address, "TBW102")).as("still routed").contains(broker.address());

                RemotingCommand signed = registration("SignedTopic");
                new AclClientRPCHook(INNER_CREDENTIALS).doBeforeRequest(null, signed);
                assertThat(invoke(client, address, signed)).isEqualTo(ResponseCode.SUCCESS);
                assertThat(routeOf(client, address, "SignedTopic")).as("the same request signed").contains("fake-broker");
            }
        }
    }

    @Test
    void aBrokerWithoutTheCredentialsIsNotRouted() throws Exception {
        Properties nameServerSettings = new Properties();
        nameServerSettings.setProperty("listenPort", "0");
        nameServerSettings.setProperty("authenticationEnabled", "true");
        nameServerSettings.setProperty("innerClientAuthenticationCredentials", INNER);
        try (NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(nameServerSettings, dir),
                SystemClock.INSTANCE);
             RemotingClient client = new RemotingClient(TransportConfig.builder().threadNamePrefix("ns-auth-io").build(),
                 RequestDispatcher.IGNORE)) {
            String address = "127.0.0.1:" + nameServer.port();
            Properties brokerSettings = new Properties();
            brokerSettings.setProperty("namesrvAddr", address);
            brokerSettings.setProperty("registerNameServerPeriod", "1000");
            brokerSettings.setProperty("brokerName", "unsigned-broker");
            Properties signedSettings = new Properties();
            signedSettings.putAll(brokerSettings);
            signedSettings.setProperty("brokerName", "signed-broker");
            signedSettings.setProperty("innerClientAuthenticationCredentials", INNER);
            try (TestBroker unsigned = TestBroker.start(dir.resolve("unsigned"), brokerSettings);
                 TestBroker signed = TestBroker.start(dir.resolve("signed"), signedSettings)) {
                // the unsigned broker started first and registers every second, as the signed one does: the signed one
                // routed shows that registrations arrive, and the unsigned one's are not taken
                Await.until("the signed broker's registration", DEADLINE,
                    () -> routeOf(client, address, "TBW102").contains(signed.address()));
                assertThat(routeOf(client, address, "TBW102")).doesNotContain(unsigned.address());
            }
        }
    }

    private static RemotingCommand registration(String topic) {
        RegisterBrokerRequestHeader header = new RegisterBrokerRequestHeader();
        header.setBrokerName("fake-broker");
        header.setBrokerAddr("127.0.0.1:1");
        header.setClusterName("DefaultCluster");
        header.setHaServerAddr("127.0.0.1:1");
        header.setBrokerId(0L);
        header.setHeartbeatTimeoutMillis(120_000L);
        header.setCompressed(false);
        RegisterBrokerBody body = new RegisterBrokerBody();
        body.getTopicConfigSerializeWrapper().getTopicConfigTable().put(topic, new TopicConfig(topic, 4, 4, 6));
        byte[] bytes = body.encode(false);
        header.setBodyCrc32(org.apache.rocketmq.common.UtilAll.crc32(bytes));
        RemotingCommand command = RemotingCommand.createRequestCommand(RequestCode.REGISTER_BROKER, header);
        command.setBody(bytes);
        return command;
    }

    private static RemotingCommand unregistration(TestBroker broker) {
        UnRegisterBrokerRequestHeader header = new UnRegisterBrokerRequestHeader();
        header.setBrokerName("broker-a");
        header.setBrokerAddr(broker.address());
        header.setClusterName("DefaultCluster");
        header.setBrokerId(0L);
        return RemotingCommand.createRequestCommand(RequestCode.UNREGISTER_BROKER, header);
    }

    /** Sends {@code command}'s ext fields (as its hook left them) and body through Apogee's client; returns the code. */
    private static int invoke(RemotingClient client, String address, RemotingCommand command) throws Exception {
        command.makeCustomHeaderToNet();
        RemotingHeader header = new RemotingHeader().asRequest(command.getCode(), 0).version(ProtocolVersion.BROKER);
        header.ext().putAll(command.getExtFields());
        try (RemotingResponse response = client.invokeSync(address, header,
            command.getBody() == null ? null : Unpooled.wrappedBuffer(command.getBody()), 3_000)) {
            return response.code();
        }
    }

    /** The name server's route of {@code topic} as JSON, or "" when it has none. */
    private static String routeOf(RemotingClient client, String nameServer, String topic) {
        RemotingHeader header = new RemotingHeader().asRequest(RequestCode.GET_ROUTEINFO_BY_TOPIC, 0)
            .version(ProtocolVersion.V5_4_0);
        header.ext().add("topic", topic);
        try (RemotingResponse response = client.invokeSync(nameServer, header, null, 3_000)) {
            return response.code() == ResponseCode.SUCCESS ? response.body().toString(StandardCharsets.UTF_8) : "";
        } catch (TransportException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
