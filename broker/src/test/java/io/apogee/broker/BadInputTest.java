package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.frame.SerializeType;
import io.apogee.wire.header.PullMessageRequestHeader;
import io.apogee.wire.header.SendHeaderKeys;
import io.apogee.wire.header.SendMessageRequestHeader;
import io.netty.buffer.Unpooled;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input over real sockets: each case gets its exact response code and a remark a person can act on, or closes
 * that one connection, and a valid request on another connection succeeds right after.
 */
class BadInputTest {
    private static final long TIMEOUT_MILLIS = 5_000;
    private static final int JSON = 0;
    private static final int BINARY = 1;

    @TempDir
    Path dir;

    @Test
    void aFrameOverTheLimitClosesThatConnection() throws Exception {
        try (TestBroker broker = TestBroker.start(dir); Socket socket = connect(broker)) {
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            out.writeInt(64 << 20);
            out.writeInt(JSON << 24 | 16);
            out.write(new byte[1024]);
            out.flush();
            assertClosed(socket);
            assertServing(broker);
        }
    }

    @Test
    void garbageJsonHeaderClosesThatConnection() throws Exception {
        byte[] header = "{\"code\":105,\"opaque\":1,not json".getBytes(StandardCharsets.UTF_8);
        try (TestBroker broker = TestBroker.start(dir); Socket socket = connect(broker)) {
            writeFrame(socket, JSON, header);
            assertClosed(socket);
            assertServing(broker);
        }
    }

    @Test
    void badBinaryHeaderClosesThatConnection() throws Exception {
        // code 105, language JAVA, version 0, opaque 1, flag 0, then a remark length far past the header's end
        byte[] header = {0, 105, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0x7f, 0, 0, 0, 'x'};
        try (TestBroker broker = TestBroker.start(dir); Socket socket = connect(broker)) {
            writeFrame(socket, BINARY, header);
            assertClosed(socket);
            assertServing(broker);
        }
    }

    @Test
    void headerLengthPastTheFrameClosesThatConnection() throws Exception {
        try (TestBroker broker = TestBroker.start(dir); Socket socket = connect(broker)) {
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            out.writeInt(4 + 8);
            out.writeInt(JSON << 24 | 100);
            out.write(new byte[8]);
            out.flush();
            assertClosed(socket);
            assertServing(broker);
        }
    }

    @Test
    void unknownCodeIsNotSupportedWithTheCodeInTheRemark() throws Exception {
        try (TestBroker broker = TestBroker.start(dir);
             RemotingClient client = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE)) {
            try (RemotingResponse response = client.invokeSync(broker.address(), new RemotingHeader().asRequest(4095, 0),
                null, TIMEOUT_MILLIS)) {
                assertThat(response.code()).isEqualTo(ResponseCode.REQUEST_CODE_NOT_SUPPORTED);
                assertThat(response.remark()).contains("4095");
            }
            try (RemotingResponse negative = client.invokeSync(broker.address(), new RemotingHeader().asRequest(-5, 0),
                null, TIMEOUT_MILLIS)) {
                assertThat(negative.code()).isEqualTo(ResponseCode.REQUEST_CODE_NOT_SUPPORTED);
                assertThat(negative.remark()).contains("-5");
            }
            assertServing(broker);
        }
    }

    @Test
    void aMessageOverMaxMessageSizeIsIllegalWithSizeAndLimitInTheRemark() throws Exception {
        try (TestBroker broker = brokerWith("maxMessageSize", "1024");
             RemotingClient client = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE)) {
            try (RemotingResponse response = client.invokeSync(broker.address(), send("BigTopic"),
                Unpooled.wrappedBuffer(new byte[2000]), TIMEOUT_MILLIS)) {
                assertThat(response.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
                assertThat(response.remark()).contains("2000").contains("1024").contains("maxMessageSize");
            }
            try (RemotingResponse fits = client.invokeSync(broker.address(), send("BigTopic"),
                Unpooled.wrappedBuffer(new byte[1024]), TIMEOUT_MILLIS)) {
                assertThat(fits.code()).as("a message at the limit is stored").isEqualTo(ResponseCode.SUCCESS);
            }
            assertServing(broker);
        }
    }

    @Test
    void anUnknownTopicWithoutAutoCreateDoesNotExistForSendAndPull() throws Exception {
        try (TestBroker broker = brokerWith("autoCreateTopicEnable", "false");
             RemotingClient client = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE)) {
            try (RemotingResponse response = client.invokeSync(broker.address(), send("NoSuchTopic"),
                Unpooled.wrappedBuffer(new byte[16]), TIMEOUT_MILLIS)) {
                assertThat(response.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
                assertThat(response.remark()).contains("NoSuchTopic").contains("not exist");
            }
            RemotingHeader pull = new RemotingHeader().asRequest(RequestCode.PULL_MESSAGE, 0);
            new PullMessageRequestHeader().consumerGroup("g").topic("NoSuchTopic").queueId(0).queueOffset(0).maxMsgNums(32)
                .sysFlag(0).commitOffset(0).suspendTimeoutMillis(0).subscription("*").subVersion(0).expressionType("TAG")
                .encode(pull.ext(), SerializeType.JSON);
            try (RemotingResponse response = client.invokeSync(broker.address(), pull, null, TIMEOUT_MILLIS)) {
                assertThat(response.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
                assertThat(response.remark()).contains("NoSuchTopic");
            }
            assertServing(broker);
        }
    }

    private TestBroker brokerWith(String key, String value) throws InterruptedException {
        Properties setting = new Properties();
        setting.setProperty(key, value);
        return TestBroker.start(dir, setting);
    }

    private static RemotingHeader send(String topic) {
        RemotingHeader header = new RemotingHeader().asRequest(RequestCode.SEND_MESSAGE_V2, 0);
        new SendMessageRequestHeader().keys(SendHeaderKeys.V2).producerGroup("p").topic(topic).defaultTopic("TBW102")
            .defaultTopicQueueNums(4).queueId(0).sysFlag(0).bornTimestamp(System.currentTimeMillis()).flag(0)
            .properties("").encode(header.ext());
        return header;
    }

    private static Socket connect(TestBroker broker) throws IOException {
        Socket socket = new Socket("127.0.0.1", broker.context().brokerPort());
        socket.setSoTimeout((int) TIMEOUT_MILLIS);
        return socket;
    }

    private static void writeFrame(Socket socket, int serializeType, byte[] header) throws IOException {
        DataOutputStream out = new DataOutputStream(socket.getOutputStream());
        out.writeInt(4 + header.length);
        out.writeInt(serializeType << 24 | header.length);
        out.write(header);
        out.flush();
    }

    /** The broker closed the socket: end of stream or a reset, and no answer before it. */
    private static void assertClosed(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        try {
            assertThat(in.read()).as("no answer, the connection is closed").isEqualTo(-1);
        } catch (SocketException reset) {
            assertThat(reset.getMessage()).containsIgnoringCase("reset");
        }
    }

    /** A cluster-info request on a new connection succeeds. */
    private static void assertServing(TestBroker broker) throws Exception {
        try (RemotingClient client = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE);
             RemotingResponse response = client.invokeSync(broker.address(),
                 new RemotingHeader().asRequest(RequestCode.GET_BROKER_CLUSTER_INFO, 0), null, TIMEOUT_MILLIS)) {
            assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(response.body().toString(StandardCharsets.UTF_8)).contains(broker.address());
        }
    }
}
