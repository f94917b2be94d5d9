package io.apogee.broker;

import static io.apogee.broker.SignedFrames.frame;
import static io.apogee.broker.SignedFrames.signed;
import static io.apogee.broker.SignedFrames.unsigned;
import static io.apogee.broker.SignedFrames.withDuplicate;
import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.SignedFrames.Signed;
import io.apogee.testsupport.process.RocketMqCluster;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.CreateUserRequestHeader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same signed, tampered and unsigned requests against Apache RocketMQ 5.4.0 with ACL 2.0 on and against Apogee
 * with the same broker.conf keys: each is answered with the same code, and each refusal with the same remark.
 */
@Tag("slow")
class RocketMqAuthenticationCompareTest {
    private static final String TOPIC = "CompareAuthTopic";
    private static final SessionCredentials ROOT = new SessionCredentials("root", "root-secret");
    private static final SessionCredentials ALICE = new SessionCredentials("alice", "alice-secret");
    private static final Map<String, String> SETTINGS = Map.of(
        "authenticationEnabled", "true",
        "authenticationProvider", "org.apache.rocketmq.auth.authentication.provider.DefaultAuthenticationProvider",
        "authenticationMetadataProvider",
        "org.apache.rocketmq.auth.authentication.provider.LocalAuthenticationMetadataProvider",
        "initAuthenticationUser", "{\"username\":\"root\",\"password\":\"root-secret\"}",
        "innerClientAuthenticationCredentials", "{\"accessKey\":\"root\",\"secretKey\":\"root-secret\"}");

    @TempDir
    Path dir;

    @Test
    void everyRequestIsAnsweredAsRocketMqAnswersIt() throws Exception {
        Map<String, String> onRocketMq;
        try (RocketMqCluster cluster = RocketMqCluster.start(SETTINGS)) {
            onRocketMq = session(Integer.parseInt(cluster.broker().substring(cluster.broker().indexOf(':') + 1)));
        }
        Map<String, String> onApogee;
        try (TestBroker broker = TestBroker.start(dir, SETTINGS)) {
            onApogee = session(broker.context().brokerPort());
        }
        assertThat(onApogee).isEqualTo(onRocketMq);
        // what the comparison stands on: RocketMQ took the signed requests and refused the others
        assertThat(onRocketMq.get("create alice")).isEqualTo(ResponseCode.SUCCESS + "");
        assertThat(onRocketMq.get("signed JSON")).isEqualTo(ResponseCode.SUCCESS + "");
        assertThat(onRocketMq.get("signed ROCKETMQ")).isEqualTo(ResponseCode.SUCCESS + "");
        assertThat(onRocketMq.get("wrong secret JSON")).isEqualTo(ResponseCode.NO_PERMISSION + " check signature failed.");
    }

    /** Each request's answer, as "code" for a success and "code remark" otherwise. */
    private static Map<String, String> session(int port) throws Exception {
        Map<String, String> answers = new LinkedHashMap<>();
        answers.put("create alice", answer(port, frame(createUser("alice", "alice-secret", "enable"))));
        answers.put("create mallory", answer(port, frame(createUser("mallory", "mallory-secret", "disable"))));
        for (SerializeType type : SerializeType.values()) {
            Map<String, Supplier<byte[]>> requests = new LinkedHashMap<>();
            requests.put("signed", () -> frame(signed(TOPIC, "body", ALICE, type).command()));
            requests.put("wrong secret", () -> frame(signed(TOPIC, "body", new SessionCredentials("alice", "x"), type)
                .command()));
            requests.put("unknown user", () -> frame(signed(TOPIC, "body", new SessionCredentials("nobody", "x"), type)
                .command()));
            requests.put("disabled user", () -> frame(signed(TOPIC, "body",
                new SessionCredentials("mallory", "mallory-secret"), type).command()));
            requests.put("changed field", () -> {
                Signed request = signed(TOPIC, "body", ALICE, type);
                request.header().setQueueId(1);
                return frame(request.command());
            });
            requests.put("changed body", () -> {
                Signed request = signed(TOPIC, "body", ALICE, type);
                request.command().setBody("BODY".getBytes(StandardCharsets.UTF_8));
                return frame(request.command());
            });
            requests.put("no signature", () -> {
                Signed request = signed(TOPIC, "body", ALICE, type);
                request.command().getExtFields().remove(SessionCredentials.SIGNATURE);
                return frame(request.command());
            });
            requests.put("anonymous", () -> frame(unsigned(TOPIC, "body", type).command()));
            requests.put("duplicate before", () -> withDuplicate(signed(TOPIC, "b", ALICE, type), "topic", "Other", true));
            requests.put("duplicate after", () -> withDuplicate(signed(TOPIC, "b", ALICE, type), "topic", "Other", false));
            for (Map.Entry<String, Supplier<byte[]>> request : requests.entrySet()) {
                answers.put(request.getKey() + " " + type, answer(port, request.getValue().get()));
            }
        }
        return answers;
    }

    private static String answer(int port, byte[] frame) throws Exception {
        RemotingCommand answer = SignedFrames.send(port, frame);
        return answer.getCode() == ResponseCode.SUCCESS ? Integer.toString(answer.getCode())
            : answer.getCode() + " " + answer.getRemark();
    }

    /** mqadmin's createUser request for a normal user, signed by the initial super user. */
    private static RemotingCommand createUser(String username, String password, String status) {
        CreateUserRequestHeader header = new CreateUserRequestHeader();
        header.setUsername(username);
        RemotingCommand command = RemotingCommand.createRequestCommand(RequestCode.AUTH_CREATE_USER, header);
        command.setBody(("{\"password\":\"" + password + "\",\"userStatus\":\"" + status
            + "\",\"userType\":\"Normal\",\"username\":\"" + username + "\"}").getBytes(StandardCharsets.UTF_8));
        new AclClientRPCHook(ROOT).doBeforeRequest(null, command);
        return command;
    }
}
