package io.apogee.broker;

import static io.apogee.broker.SignedFrames.frame;
import static io.apogee.broker.SignedFrames.signed;
import static io.apogee.broker.SignedFrames.unsigned;
import static io.apogee.broker.SignedFrames.withDuplicate;
import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.SignedFrames.Signed;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
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

    @TempDir
    Path dir;

    @Test
    void everyRequestIsAnsweredAsRocketMqAnswersIt() throws Exception {
        CompareSessions.Answers answers = CompareSessions.run(dir, CompareSessions.AUTHENTICATION,
            RocketMqAuthenticationCompareTest::session);
        Map<String, String> onRocketMq = answers.rocketMq();
        assertThat(answers.apogee()).isEqualTo(onRocketMq);
        // what the comparison stands on: RocketMQ took the signed requests and refused the others
        assertThat(onRocketMq.get("create alice")).isEqualTo(ResponseCode.SUCCESS + "");
        assertThat(onRocketMq.get("signed JSON")).isEqualTo(ResponseCode.SUCCESS + "");
        assertThat(onRocketMq.get("signed ROCKETMQ")).isEqualTo(ResponseCode.SUCCESS + "");
        assertThat(onRocketMq.get("wrong secret JSON")).isEqualTo(ResponseCode.NO_PERMISSION + " check signature failed.");
    }

    /** Each request's answer, as "code" for a success and "code remark" otherwise. */
    private static Map<String, String> session(int port) throws Exception {
        Map<String, String> answers = new LinkedHashMap<>();
        answers.put("create alice", CompareSessions.answer(port,
            SignedAdminRequests.createUser(ROOT, "alice", "alice-secret", "enable")));
        answers.put("create mallory", CompareSessions.answer(port,
            SignedAdminRequests.createUser(ROOT, "mallory", "mallory-secret", "disable")));
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
                answers.put(request.getKey() + " " + type, CompareSessions.answer(port, request.getValue().get()));
            }
        }
        return answers;
    }
}
