package io.apogee.compat.v4;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.apogee.broker.TestBroker;
import io.apogee.broker.auth.authorization.Acl;
import io.apogee.broker.auth.authorization.Action;
import io.apogee.broker.auth.authorization.Decision;
import io.apogee.broker.auth.authorization.Policy;
import io.apogee.broker.auth.authorization.PolicyEntry;
import io.apogee.broker.auth.authorization.PolicyType;
import io.apogee.broker.auth.authorization.Resource;
import io.apogee.broker.auth.authorization.SourceIps;
import io.apogee.broker.metadata.User;
import io.apogee.broker.metadata.UserStatus;
import io.apogee.broker.metadata.UserType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.protocol.ResponseCode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The 4.9.8 producer against Apogee's broker with authentication and authorization on: allowed Pub on a topic that
 * does not exist yet, it finds the topic through TBW102's route and sends; on a topic its ACL does not name it is
 * refused NO_PERMISSION, and nothing is stored there.
 */
@Tag("slow")
class Authorization498Test {
    private static final String ALLOWED = "Allowed498";
    private static final String DENIED = "Denied498";
    private static final int QUEUES = 8;

    @TempDir
    Path dir;

    @Test
    void the498ProducerSendsWhereItsAclAllowsPubAndIsRefusedElsewhere() throws Exception {
        try (TestBroker broker = TestBroker.start(dir, Map.of("authenticationEnabled", "true",
            "authorizationEnabled", "true"))) {
            broker.context().metadata().users().put(new User("alice", "alice-secret", UserType.NORMAL, UserStatus.ENABLE));
            broker.context().acls().put(new Acl(Acl.USER_PREFIX + "alice", List.of(new Policy(PolicyType.CUSTOM, List.of(
                new PolicyEntry(Resource.parse("Topic:" + ALLOWED), List.of(Action.byName("Pub")), SourceIps.EVERY,
                    Decision.ALLOW))))));
            DefaultMQProducer producer = new DefaultMQProducer("authz498-" + System.nanoTime(),
                new AclClientRPCHook(new SessionCredentials("alice", "alice-secret")));
            producer.setNamesrvAddr(broker.address());
            producer.setInstanceName("authz498-" + System.nanoTime());
            producer.setClientIP("127.0.0.1");
            producer.setSendMsgTimeout(10_000);
            producer.setRetryTimesWhenSendFailed(0);
            producer.start();
            try {
                assertThat(producer.send(message(ALLOWED)).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
                Throwable refused = catchThrowable(() -> producer.send(message(DENIED)));
                assertThat(responseCode(refused)).as(String.valueOf(refused)).isEqualTo(ResponseCode.NO_PERMISSION);
            } finally {
                producer.shutdown();
            }
            assertThat(stored(broker, ALLOWED)).isEqualTo(1);
            assertThat(stored(broker, DENIED)).isZero();
        }
    }

    private static Message message(String topic) {
        return new Message(topic, topic.getBytes(StandardCharsets.UTF_8));
    }

    /** The broker's answer code carried by a failed send, or -1. */
    private static int responseCode(Throwable thrown) {
        for (Throwable cause = thrown; cause != null; cause = cause.getCause()) {
            if (cause instanceof MQBrokerException refusal) {
                return refusal.getResponseCode();
            }
            if (cause instanceof MQClientException failure && failure.getResponseCode() > 0) {
                return failure.getResponseCode();
            }
        }
        return -1;
    }

    private static long stored(TestBroker broker, String topic) {
        long total = 0;
        for (int queue = 0; queue < QUEUES; queue++) {
            total += broker.maxOffset(topic, queue);
        }
        return total;
    }
}
