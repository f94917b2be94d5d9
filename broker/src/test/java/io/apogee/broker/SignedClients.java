package io.apogee.broker;

import io.apogee.testsupport.Received;
import java.nio.charset.StandardCharsets;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;

/**
 * The official 5.4.0 clients of {@link OfficialClients} signing every request as one user with AclClientRPCHook, as
 * an application with ACL 2.0 credentials runs them.
 */
final class SignedClients {
    private static final long REFUSAL_TIMEOUT_MILLIS = 5_000;

    private SignedClients() {
    }

    /** The credentials of {@code user} whose secret is "{@code user}-secret", as the tests' users are made. */
    static SessionCredentials credentials(String user) {
        return new SessionCredentials(user, user + "-secret");
    }

    /**
     * A started producer of group "PG-" and the user's name using {@code nameServer}, signing as {@code credentials}.
     * It does not retry a failed send, so that a refusal is the answer to the one request the test sent.
     */
    static DefaultMQProducer producer(String nameServer, SessionCredentials credentials) throws Exception {
        DefaultMQProducer producer = OfficialClients.producer(nameServer, "PG-" + credentials.getAccessKey(),
            new AclClientRPCHook(credentials));
        producer.setRetryTimesWhenSendFailed(0);
        return producer;
    }

    /** A push consumer of {@code group} on every tag of {@code topic} signing as {@code credentials}, not started. */
    static DefaultMQPushConsumer pushConsumer(String nameServer, SessionCredentials credentials, String group,
        String topic, ConsumeFromWhere from, Received<MessageExt> into) throws Exception {
        return OfficialClients.pushConsumer(nameServer, group, new AclClientRPCHook(credentials), topic, "*", from,
            into::record);
    }

    /** Whether a message sent to {@code topic} by a producer signing as {@code credentials} is acknowledged SEND_OK. */
    static boolean sends(String nameServer, SessionCredentials credentials, String topic) throws Exception {
        DefaultMQProducer producer = producer(nameServer, credentials);
        try {
            return producer.send(new Message(topic, "m".getBytes(StandardCharsets.UTF_8)), REFUSAL_TIMEOUT_MILLIS)
                .getSendStatus() == SendStatus.SEND_OK;
        } catch (Exception refused) {
            return false;
        } finally {
            producer.shutdown();
        }
    }
}
