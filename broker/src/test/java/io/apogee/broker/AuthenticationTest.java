package io.apogee.broker;

import static io.apogee.broker.SignedFrames.frame;
import static io.apogee.broker.SignedFrames.signed;
import static io.apogee.broker.SignedFrames.unsigned;
import static io.apogee.broker.SignedFrames.withDuplicate;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.SignedFrames.Signed;
import io.apogee.broker.metadata.User;
import io.apogee.broker.metadata.UserStatus;
import io.apogee.broker.metadata.UserType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
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
        changedField.header().setTopic("OtherTopic");
        assertRefused(send(changedField), "check signature failed.");

        Signed changedBody = signed(TOPIC, "body", ALICE, type);
        changedBody.command().setBody("BODY".getBytes(StandardCharsets.UTF_8));
        assertRefused(send(changedBody), "check signature failed.");

        Signed noSignature = signed(TOPIC, "body", ALICE, type);
        noSignature.command().getExtFields().remove(SessionCredentials.SIGNATURE);
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
        return SignedClients.producer(broker.address(), credentials);
    }

    private static long stored() {
        long total = 0;
        for (int queue = 0; queue < 8; queue++) {
            total += broker.maxOffset(TOPIC, queue);
        }
        return total;
    }

    private static RemotingCommand send(Signed request) throws Exception {
        return send(broker, request);
    }

    private static RemotingCommand send(TestBroker target, Signed request) throws Exception {
        return SignedFrames.send(target.context().brokerPort(), frame(request.command()));
    }

    private static RemotingCommand sendFrame(byte[] frame) throws Exception {
        return SignedFrames.send(broker.context().brokerPort(), frame);
    }

    private static RemotingCommand sendFrame(TestBroker target, byte[] frame) throws Exception {
        return SignedFrames.send(target.context().brokerPort(), frame);
    }
}
