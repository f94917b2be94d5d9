package io.apogee.broker;

import static io.apogee.broker.SignedFrames.frame;

import io.apogee.testsupport.process.RocketMqCluster;
import java.nio.file.Path;
import java.util.Map;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.ResponseCode;

/**
 * One session of raw requests run against a real Apache RocketMQ 5.4.0 broker and then against Apogee's, each started
 * once with the same broker.conf keys, so that a test can compare the answers.
 */
final class CompareSessions {
    /** ACL 2.0 authentication with RocketMQ's provider class names, root as the initial super user. */
    static final Map<String, String> AUTHENTICATION = Map.of(
        "authenticationEnabled", "true",
        "authenticationProvider", "org.apache.rocketmq.auth.authentication.provider.DefaultAuthenticationProvider",
        "authenticationMetadataProvider",
        "org.apache.rocketmq.auth.authentication.provider.LocalAuthenticationMetadataProvider",
        "initAuthenticationUser", "{\"username\":\"root\",\"password\":\"root-secret\"}",
        "innerClientAuthenticationCredentials", "{\"accessKey\":\"root\",\"secretKey\":\"root-secret\"}");

    private CompareSessions() {
    }

    /** The requests of one session, sent to the broker on {@code port}; returns each answer by name. */
    @FunctionalInterface
    interface Session {
        Map<String, String> run(int port) throws Exception;
    }

    /** What each broker answered. */
    record Answers(Map<String, String> rocketMq, Map<String, String> apogee) {
    }

    /** Runs {@code session} on RocketMQ, then on Apogee with its store in {@code dir}, each with {@code settings}. */
    static Answers run(Path dir, Map<String, String> settings, Session session) throws Exception {
        Map<String, String> onRocketMq;
        try (RocketMqCluster cluster = RocketMqCluster.start(settings)) {
            onRocketMq = session.run(Integer.parseInt(cluster.broker().substring(cluster.broker().indexOf(':') + 1)));
        }
        Map<String, String> onApogee;
        try (TestBroker broker = TestBroker.start(dir, settings)) {
            onApogee = session.run(broker.context().brokerPort());
        }
        return new Answers(onRocketMq, onApogee);
    }

    /** Sends {@code frame} to {@code port}; the answer as "code" for a success and "code remark" otherwise. */
    static String answer(int port, byte[] frame) throws Exception {
        RemotingCommand answer = SignedFrames.send(port, frame);
        return answer.getCode() == ResponseCode.SUCCESS ? Integer.toString(answer.getCode())
            : answer.getCode() + " " + answer.getRemark();
    }

    /** {@link #answer(int, byte[])} of {@code request} as RocketMQ's encoder frames it. */
    static String answer(int port, RemotingCommand request) throws Exception {
        return answer(port, frame(request));
    }
}
