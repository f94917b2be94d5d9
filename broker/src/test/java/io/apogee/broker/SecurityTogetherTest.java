package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.netty.TlsSystemConfig;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The worked example of docs/security.md ("All three together"), step by step: a broker with authentication,
 * authorization and TLS in enforcing mode, set up with RocketMQ's keys; mqadmin 5.4.0 over TLS, signed as the
 * initial user, creates a user and its ACL; that user's official producer over TLS sends to the topic it may and is
 * refused on another, and a plaintext producer is refused.
 */
@Tag("slow")
class SecurityTogetherTest {
    private static final Map<String, String> BROKER_CONF = Map.ofEntries(
        Map.entry("brokerClusterName", "DefaultCluster"),
        Map.entry("brokerName", "broker-a"),
        Map.entry("authenticationEnabled", "true"),
        Map.entry("authorizationEnabled", "true"),
        Map.entry("authenticationProvider",
            "org.apache.rocketmq.auth.authentication.provider.DefaultAuthenticationProvider"),
        Map.entry("authenticationMetadataProvider",
            "org.apache.rocketmq.auth.authentication.provider.LocalAuthenticationMetadataProvider"),
        Map.entry("authorizationProvider",
            "org.apache.rocketmq.auth.authorization.provider.DefaultAuthorizationProvider"),
        Map.entry("authorizationMetadataProvider",
            "org.apache.rocketmq.auth.authorization.provider.LocalAuthorizationMetadataProvider"),
        Map.entry("initAuthenticationUser", "{\"username\":\"admin\",\"password\":\"admin-secret\"}"),
        Map.entry("innerClientAuthenticationCredentials", "{\"accessKey\":\"admin\",\"secretKey\":\"admin-secret\"}"),
        Map.entry("tls.server.mode", "enforcing"));

    @TempDir
    Path dir;

    private boolean testMode;
    private String configFile;

    @BeforeEach
    void keepClientSettings() {
        testMode = TlsSystemConfig.tlsTestModeEnable;
        configFile = TlsSystemConfig.tlsConfigFile;
        TlsSystemConfig.tlsTestModeEnable = true;
        TlsSystemConfig.tlsConfigFile = dir.resolve("no-tls.properties").toString();
    }

    @AfterEach
    void restoreClientSettings() {
        TlsSystemConfig.tlsTestModeEnable = testMode;
        TlsSystemConfig.tlsConfigFile = configFile;
    }

    @Test
    void theWorkedExampleRunsAsWritten() throws Exception {
        try (TestBroker broker = TestBroker.start(dir.resolve("broker"), BROKER_CONF)) {
            String address = broker.address();
            MqAdmin admin = new MqAdmin(address, dir, "admin", "admin-secret").overTls(dir.resolve("no-tls.properties"));
            List<String> printed = admin.run(List.of(
                List.of("createUser", "-b", address, "-u", "orders-app", "-p", "orders-secret"),
                List.of("createAcl", "-b", address, "-s", "User:orders-app", "-r", "Topic:orders", "-a", "Pub", "-d",
                    "Allow")));
            assertThat(printed.get(0)).contains("success");
            assertThat(printed.get(1)).contains("success");

            DefaultMQProducer producer = producer(address, true);
            try {
                assertThat(producer.send(message("orders")).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
                assertThatThrownBy(() -> producer.send(message("refunds"))).rootCause()
                    .isInstanceOfSatisfying(MQBrokerException.class, refused -> {
                        assertThat(refused.getResponseCode()).isEqualTo(ResponseCode.NO_PERMISSION);
                        assertThat(refused.getErrorMessage()).contains(
                            "User:orders-app has no permission to access Topic:refunds from 127.0.0.1");
                    });
            } finally {
                producer.shutdown();
            }
            DefaultMQProducer plaintext = producer(address, false);
            try {
                assertThatThrownBy(() -> plaintext.send(message("orders"), 3_000)).as("enforcing refuses plaintext")
                    .isInstanceOf(Exception.class);
            } finally {
                plaintext.shutdown();
            }
            assertThat(broker.context().metadata().topics().get("refunds")).as("the refused send made no topic").isNull();
        }
    }

    private static DefaultMQProducer producer(String address, boolean tls) throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer("orders-producer-" + System.nanoTime(),
            new AclClientRPCHook(new SessionCredentials("orders-app", "orders-secret")));
        producer.setNamesrvAddr(address);
        producer.setUseTLS(tls);
        producer.setRetryTimesWhenSendFailed(0);
        producer.setSendMsgTimeout(10_000);
        producer.start();
        return producer;
    }

    private static Message message(String topic) {
        return new Message(topic, "hello".getBytes(StandardCharsets.UTF_8));
    }
}
