package io.apogee.compat.v4;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.TestBroker;
import io.apogee.broker.metadata.User;
import io.apogee.broker.metadata.UserStatus;
import io.apogee.broker.metadata.UserType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The 4.9.8 producer's AclClientRPCHook signs as 5.4.0's does: Apogee's broker with authentication on takes it. */
@Tag("slow")
class Authentication498Test {
    @TempDir
    Path dir;

    @Test
    void the498ProducerSendsWithItsUsersCredentialsAndNotWithAWrongSecret() throws Exception {
        try (TestBroker broker = TestBroker.start(dir, Map.of("authenticationEnabled", "true"))) {
            broker.context().metadata().users().put(new User("alice", "alice-secret", UserType.NORMAL, UserStatus.ENABLE));
            DefaultMQProducer producer = producer(broker, new SessionCredentials("alice", "alice-secret"));
            try {
                assertThat(producer.send(new Message("Auth498", "signed".getBytes(StandardCharsets.UTF_8)))
                    .getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            } finally {
                producer.shutdown();
            }
            DefaultMQProducer wrong = producer(broker, new SessionCredentials("alice", "guessed"));
            try {
                assertThatThrownBy(() -> wrong.send(new Message("Auth498", "refused".getBytes(StandardCharsets.UTF_8)),
                    3_000)).isInstanceOf(Exception.class);
            } finally {
                wrong.shutdown();
            }
            assertThat(broker.maxOffset("Auth498", 0) + broker.maxOffset("Auth498", 1) + broker.maxOffset("Auth498", 2)
                + broker.maxOffset("Auth498", 3)).isEqualTo(1);
        }
    }

    private static DefaultMQProducer producer(TestBroker broker, SessionCredentials credentials) throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer("auth498-" + System.nanoTime(), new AclClientRPCHook(credentials));
        producer.setNamesrvAddr(broker.address());
        producer.setInstanceName("auth498-" + System.nanoTime());
        producer.setClientIP("127.0.0.1");
        producer.setSendMsgTimeout(10_000);
        producer.setRetryTimesWhenSendFailed(0);
        producer.start();
        return producer;
    }
}
