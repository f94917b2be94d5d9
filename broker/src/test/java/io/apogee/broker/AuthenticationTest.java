package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.metadata.User;
import io.apogee.broker.metadata.UserStatus;
import io.apogee.broker.metadata.UserType;
import java.io.DataInputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * ACL 2.0 authentication over real sockets: the official 5.4.0 producer signing with AclClientRPCHook, and frames
 * signed by that hook then tampered with, in both header serializations. A refused send is answered NO_PERMISSION and
 * stores nothing; the broker goes on serving.
 */
@Tag("slow")
class AuthenticationTest {
    private static final String TOPIC = "AuthTopic";
    private static final SessionCredentials ALICE = new SessionCredentials("alice", "alice-secret");
    private static final int TIMEOUT_MILLIS = 10_000;
    /** Where a ROCKETMQ header's ext-field map starts when it has no remark: code, language, version, opaque, flag, lengths. */
    private static final int BINARY_EXT_START = 2 + 1 + 2 + 4 + 4 + 4 + 4;

    @TempDir
    static Path dir;
    private static TestBroker broker;

    @BeforeAll
    static void start() throws Exception {
        broker = TestBroker.start(dir.resolve("broker"), Map.of(
            "authenticationEnabled", "true",
            "authenticationProvider", "org.apache.rocketmq.auth.authentication.provider.DefaultAuthenticationProvider",
            "authenticationMetadataProvider",
            "org.apache.rocketmq.auth.authentication.provider.LocalAuthenticationMetadataProvider",
            "initAuthenticationUser", "{\"username\":\"root\",\"password\":\"root-secret\"}",
            "innerClientAuthenticationCredentials", "{\"accessKey\":\"inner\",\"secretKey\":\"inner-secret\"}"));
        broker.context().metadata().users().put(new User("alice", "alice-secret", UserType.NORMAL, UserStatus.ENABLE));
        broker.context().metadata().users().put(new User("mallory", "mallory-secret", UserType.NORMAL, UserStatus.DISABLE));
        assertThat(send(signed(TOPIC, "first", ALICE, SerializeType.JSON)).getCode()).isEqualTo(ResponseCode.SUCCESS);
    }

    @AfterAll
    static void stop() {
        broker.close();
    }

    @Test
    void theConfiguredUsersAreSuperUsers() {
        assertThat(broker.context().metadata().users().get("root").type()).isEqualTo(UserType.SUPER);
        assertThat(broker.context().metadata().users().get("inner").type()).isEqualTo(UserType.SUPER);
    }

    @Test
    void theOfficialProducerSendsWithItsUsersCredentials() throws Exception {
        DefaultMQProducer producer = producer(ALICE);
        try {
            SendResult result = producer.send(new Message(TOPIC, "signed".getBytes(StandardCharsets.UTF_8)));
            assertThat(result.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        } finally {
            producer.shutdown();
        }
    }

    @Test
    void theOfficialProducerWithAWrongSecretOrUnknownUserStoresNothing() throws Exception {
        long before = stored();
        for (SessionCredentials credentials : new SessionCredentials[] {new SessionCredentials("alice", "guessed"),
            new SessionCredentials("nobody", "nothing")}) {
            DefaultMQProducer producer = producer(credentials);
            try {
                producer.setRetryTimesWhenSendFailed(0);
                assertThatThrownBy(() -> producer.send(new Message(TOPIC, "refused".getBytes(StandardCharsets.UTF_8)),
                    3_000)).as(credentials.getAccessKey()).isInstanceOf(Exception.class);
            } finally {
                producer.shutdown();
            }
        }
        assertThat(stored()).isEqualTo(before);
        assertThat(send(signed(TOPIC, "after", ALICE, SerializeType.JSON)).getCode()).isEqualTo(ResponseCode.SUCCESS);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void aSignedSendIsStoredInEitherSerialization(SerializeType type) throws Exception {
        long before = stored();
        RemotingCommand answer = send(signed(TOPIC, "body", ALICE, type));
        assertThat(answer.getCode()).as(answer.getRemark()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(stored()).isEqualTo(before + 1);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void tamperedOrUnsignedSendsAreRefusedAndStoreNothing(SerializeType type) throws Exception {
        long before = stored();
        assertRefused(send(signed(TOPIC, "body", new SessionCredentials("alice", "wrong"), type)),
            "check signature failed.");
        assertRefused(send(signed(TOPIC, "body", new SessionCredentials("nobody", "secret"), type)),
            "User:nobody is not found.");
        assertRefused(send(signed(TOPIC, "body", new SessionCredentials("mallory", "mallory-secret"), type)),
            "User:mallory is disabled.");

        Signed changedField = signed(TOPIC, "body", ALICE, type);
        changedField.header.setTopic("OtherTopic");
        assertRefused(send(changedField), "check signature failed.");

        Signed changedBody = signed(TOPIC, "body", ALICE, type);
        changedBody.command.setBody("BODY".getBytes(StandardCharsets.UTF_8));
        assertRefused(send(changedBody), "check signature failed.");

        Signed noSignature = signed(TOPIC, "body", ALICE, type);
        noSignature.command.getExtFields().remove(SessionCredentials.SIGNATURE);
        assertRefused(send(noSignature), "check signature failed.");

        Signed anonymous = unsigned(TOPIC, "body", type);
        assertRefused(send(anonymous), "username cannot be null.");

        assertThat(stored()).as("nothing refused is stored").isEqualTo(before);
        assertThat(send(signed(TOPIC, "still served", ALICE, type)).getCode()).isEqualTo(ResponseCode.SUCCESS);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void aRepeatedFieldCountsWithItsLastValueAsRocketMqsMapKeepsIt(SerializeType type) throws Exception {
        long before = stored();
        RemotingCommand earlierDuplicate = sendFrame(withDuplicate(signed(TOPIC, "dup", ALICE, type), "topic", "Other", true));
        assertThat(earlierDuplicate.getCode()).as(earlierDuplicate.getRemark()).isEqualTo(ResponseCode.SUCCESS);
        RemotingCommand laterDuplicate = sendFrame(withDuplicate(signed(TOPIC, "dup", ALICE, type), "topic", "Other", false));
        assertRefused(laterDuplicate, "check signature failed.");
        assertThat(stored()).isEqualTo(before + 1);
    }

    @Test
    void aWhitelistedCodeNeedsNoSignature() throws Exception {
        try (TestBroker open = TestBroker.start(dir.resolve("whitelisted"), Map.of("authenticationEnabled", "true",
            "authenticationWhitelist", " " + RequestCode.SEND_MESSAGE + ", apache.rocketmq.v2.MessagingService/Send"))) {
            RemotingCommand answer = send(open, unsigned("Open", "body", SerializeType.JSON));
            assertThat(answer.getCode()).as(answer.getRemark()).isEqualTo(ResponseCode.SUCCESS);
            RemotingCommand pull = RemotingCommand.createRequestCommand(RequestCode.GET_BROKER_RUNTIME_INFO, null);
            assertRefused(sendFrame(open, frame(pull)), "username cannot be null.");
        }
    }

    private static void assertRefused(RemotingCommand answer, String remark) {
        assertThat(answer.getCode()).as(answer.getRemark()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(answer.getRemark()).isEqualTo(remark);
    }

    private static DefaultMQProducer producer(SessionCredentials credentials) throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer("auth-producer-" + System.nanoTime(),
            new AclClientRPCHook(credentials));
        producer.setNamesrvAddr(broker.address());
        producer.setInstanceName("auth-" + System.nanoTime());
        producer.setClientIP("127.0.0.1");
        producer.setSendMsgTimeout(TIMEOUT_MILLIS);
        producer.start();
        return producer;
    }

    private static long stored() {
        long total = 0;
        for (int queue = 0; queue < 8; queue++) {
            total += broker.maxOffset(TOPIC, queue);
        }
        return total;
    }

    /** A SEND_MESSAGE to queue 0 of {@code topic}, as the official client builds it, and its typed header. */
    private record Signed(RemotingCommand command, SendMessageRequestHeader header) {
    }

    private static Signed unsigned(String topic, String body, SerializeType type) {
        SendMessageRequestHeader header = new SendMessageRequestHeader();
        header.setProducerGroup("raw-producer");
        header.setTopic(topic);
        header.setDefaultTopic("TBW102");
        header.setDefaultTopicQueueNums(4);
        header.setQueueId(0);
        header.setSysFlag(0);
        header.setBornTimestamp(System.currentTimeMillis());
        header.setFlag(0);
        // not empty: a ROCKETMQ header writes "" as a null value, which no server can verify
        header.setProperties("KEYS\u0001k1\u0002");
        header.setReconsumeTimes(0);
        RemotingCommand command = RemotingCommand.createRequestCommand(RequestCode.SEND_MESSAGE, header);
        command.setBody(body.getBytes(StandardCharsets.UTF_8));
        command.setSerializeTypeCurrentRPC(type);
        return new Signed(command, header);
    }

    private static Signed signed(String topic, String body, SessionCredentials credentials, SerializeType type) {
        Signed request = unsigned(topic, body, type);
        new AclClientRPCHook(credentials).doBeforeRequest(null, request.command);
        return request;
    }

    private static RemotingCommand send(Signed request) throws Exception {
        return send(broker, request);
    }

    private static RemotingCommand send(TestBroker target, Signed request) throws Exception {
        return sendFrame(target, frame(request.command));
    }

    /** The frame RocketMQ's encoder makes of {@code command}: length, serialization and header length, header, body. */
    private static byte[] frame(RemotingCommand command) {
        byte[] body = command.getBody() == null ? new byte[0] : command.getBody();
        ByteBuffer header = command.encodeHeader(body.length);
        byte[] frame = new byte[header.remaining() + body.length];
        header.get(frame, 0, header.remaining());
        System.arraycopy(body, 0, frame, frame.length - body.length, body.length);
        return frame;
    }

    /**
     * The frame of {@code request} with one more {@code key = value} ext field, placed before the others or after
     * them, in the request's own serialization.
     */
    private static byte[] withDuplicate(Signed request, String key, String value, boolean first) {
        byte[] frame = frame(request.command);
        int headerLength = ByteBuffer.wrap(frame, 4, 4).getInt() & 0xFFFFFF;
        byte[] header = Arrays.copyOfRange(frame, 8, 8 + headerLength);
        byte[] body = Arrays.copyOfRange(frame, 8 + headerLength, frame.length);
        byte[] changed;
        if (request.command.getSerializeTypeCurrentRPC() == SerializeType.JSON) {
            String json = new String(header, StandardCharsets.UTF_8);
            String entry = "\"" + key + "\":\"" + value + "\"";
            changed = (first ? json.replace("\"extFields\":{", "\"extFields\":{" + entry + ",")
                : json.replace("},\"flag\":", "," + entry + "},\"flag\":")).getBytes(StandardCharsets.UTF_8);
            assertThat(changed).isNotEqualTo(header);
        } else {
            byte[] k = key.getBytes(StandardCharsets.UTF_8);
            byte[] v = value.getBytes(StandardCharsets.UTF_8);
            ByteBuffer pair = ByteBuffer.allocate(2 + k.length + 4 + v.length).putShort((short) k.length).put(k)
                .putInt(v.length).put(v);
            int at = first ? BINARY_EXT_START : header.length;
            ByteBuffer out = ByteBuffer.allocate(header.length + pair.capacity());
            out.put(header, 0, at).put(pair.array()).put(header, at, header.length - at);
            changed = out.array();
            int extLength = ByteBuffer.wrap(changed, BINARY_EXT_START - 4, 4).getInt();
            ByteBuffer.wrap(changed, BINARY_EXT_START - 4, 4).putInt(extLength + pair.capacity());
        }
        ByteBuffer result = ByteBuffer.allocate(8 + changed.length + body.length);
        result.putInt(4 + changed.length + body.length).putInt(frame[4] << 24 | changed.length).put(changed).put(body);
        return result.array();
    }

    private static RemotingCommand sendFrame(byte[] frame) throws Exception {
        return sendFrame(broker, frame);
    }

    private static RemotingCommand sendFrame(TestBroker target, byte[] frame) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", target.context().brokerPort())) {
            socket.setSoTimeout(TIMEOUT_MILLIS);
            OutputStream out = socket.getOutputStream();
            out.write(frame);
            out.flush();
            DataInputStream in = new DataInputStream(socket.getInputStream());
            byte[] answer = new byte[in.readInt()];
            in.readFully(answer);
            return RemotingCommand.decode(ByteBuffer.wrap(answer));
        }
    }
}
