package io.apogee.transport.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.code.ProtocolVersion;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.junit.jupiter.api.Test;

/**
 * The bytes RocketMQ signs, checked against AclClientRPCHook 5.4.0 itself: every signature it makes passes the
 * {@link Authenticator}, and any change to what it signed fails.
 */
class SignedContentTest {
    private static final SigningUser ALICE = new Credentials("alice", "alice-secret");
    private final Authenticator authenticator = new Authenticator(Map.of("alice", ALICE)::get);

    @Test
    void namesSortAsJavaStringsDoEvenPastTheBasicPlane() {
        // U+FF21 sorts after U+1F600 as UTF-16, before it as UTF-8 bytes
        RemotingCommand command = request(Map.of("b", "2", "a", "1", "\uFF21", "3", "\uD83D\uDE00", "4", "ab", "5",
            "_UNIQUE_KEY_QUERY", "true"));
        sign(command, "alice-secret");
        assertThat(authenticator.refusal(header(command, ProtocolVersion.V5_4_0), body(command))).isNull();
    }

    @Test
    void anyChangeToASignedFieldOrTheBodyFails() {
        RemotingCommand command = request(Map.of("topic", "T", "queueId", "0"));
        command.setBody("payload".getBytes(StandardCharsets.UTF_8));
        sign(command, "alice-secret");
        assertThat(authenticator.refusal(header(command, ProtocolVersion.V5_4_0), body(command))).isNull();

        RemotingHeader changed = header(command, ProtocolVersion.V5_4_0);
        changed.ext().add("queueId", "1");
        assertThat(authenticator.refusal(changed, body(command))).isEqualTo(Authenticator.SIGNATURE_FAILED);
        assertThat(authenticator.refusal(header(command, ProtocolVersion.V5_4_0),
            Unpooled.wrappedBuffer("payloaD".getBytes(StandardCharsets.UTF_8)))).isEqualTo(Authenticator.SIGNATURE_FAILED);
        assertThat(authenticator.refusal(header(command, ProtocolVersion.V5_4_0), null))
            .isEqualTo(Authenticator.SIGNATURE_FAILED);
    }

    @Test
    void oldClientsLeaveTheUniqueKeyQueryFlagOutOfWhatTheServerChecks() {
        RemotingCommand command = request(Map.of("topic", "T"));
        sign(command, "alice-secret");
        RemotingHeader old = header(command, ProtocolVersion.V4_9_3);
        old.ext().add("_UNIQUE_KEY_QUERY", "true");
        assertThat(authenticator.refusal(old, null)).isNull();
        RemotingHeader current = header(command, ProtocolVersion.V5_4_0);
        current.ext().add("_UNIQUE_KEY_QUERY", "true");
        assertThat(authenticator.refusal(current, null)).isEqualTo(Authenticator.SIGNATURE_FAILED);
    }

    @Test
    void aNullValueCountsAsTheTextNull() {
        RemotingCommand command = request(Map.of("topic", "T", "empty", "null"));
        sign(command, "alice-secret");
        RemotingHeader header = new RemotingHeader().asRequest(10, 0).version(ProtocolVersion.V5_4_0);
        command.getExtFields().forEach((key, value) -> {
            if (key.equals("empty")) {
                int keyStart = header.ext().position();
                header.ext().writeUtf8(key);
                header.ext().commit(keyStart, header.ext().position(), -1, -1);
            } else {
                header.ext().add(key, value);
            }
        });
        assertThat(authenticator.refusal(header, null)).isNull();
    }

    @Test
    void theBrokersOwnSignerSignsAsTheClientHookDoes() {
        RemotingHeader header = new RemotingHeader().asRequest(103, 0).version(ProtocolVersion.BROKER);
        header.ext().add("brokerName", "b").add("clusterName", "c");
        ByteBuf body = Unpooled.wrappedBuffer("{}".getBytes(StandardCharsets.UTF_8));
        new RequestSigner(new Credentials("alice", "alice-secret")).sign(header, body);

        RemotingCommand command = request(Map.of("brokerName", "b", "clusterName", "c"));
        command.setBody("{}".getBytes(StandardCharsets.UTF_8));
        sign(command, "alice-secret");
        assertThat(header.ext().get("Signature")).isEqualTo(command.getExtFields().get("Signature"));
        assertThat(authenticator.refusal(header, body)).isNull();
    }

    @Test
    void unknownDisabledAndAnonymousRequestsAreRefusedWithRocketMqsRemarks() {
        RemotingCommand command = request(Map.of("topic", "T"));
        sign(command, "alice-secret");
        Authenticator disabled = new Authenticator(
            Map.of("alice", new DisabledUser("alice", "alice-secret"))::get);
        assertThat(disabled.refusal(header(command, ProtocolVersion.V5_4_0), null)).isEqualTo("User:alice is disabled.");
        assertThat(new Authenticator(name -> null).refusal(header(command, ProtocolVersion.V5_4_0), null))
            .isEqualTo("User:alice is not found.");
        RemotingHeader anonymous = new RemotingHeader().asRequest(10, 0);
        anonymous.ext().add("topic", "T");
        assertThat(authenticator.refusal(anonymous, null)).isEqualTo(Authenticator.NO_USERNAME);
    }

    private static RemotingCommand request(Map<String, String> fields) {
        RemotingCommand command = RemotingCommand.createRequestCommand(10, null);
        fields.forEach(command::addExtField);
        return command;
    }

    private static void sign(RemotingCommand command, String secret) {
        new AclClientRPCHook(new SessionCredentials(command.getExtFields().getOrDefault("AccessKey", "alice"), secret))
            .doBeforeRequest(null, command);
    }

    private static RemotingHeader header(RemotingCommand command, int version) {
        RemotingHeader header = new RemotingHeader().asRequest(command.getCode(), 0).version(version);
        header.ext().putAll(command.getExtFields());
        return header;
    }

    private static ByteBuf body(RemotingCommand command) {
        return command.getBody() == null ? null : Unpooled.wrappedBuffer(command.getBody());
    }

    /** A user who exists but may not sign. */
    private record DisabledUser(String accessKey, String secretKey) implements SigningUser {
        @Override
        public boolean enabled() {
            return false;
        }
    }
}
