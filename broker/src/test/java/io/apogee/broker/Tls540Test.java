package io.apogee.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.testsupport.Await;
import io.apogee.testsupport.Received;
import io.apogee.transport.tls.ServerCertificate;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.netty.TlsSystemConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The official 5.4.0 client with TLS on ({@code useTLS}, as {@code -Dtls.enable=true} sets it) against Apogee's broker
 * in each {@code tls.server.mode}: it sends and consumes in permissive and enforcing mode, trusting any server (test
 * mode) or only the broker's generated certificate; a plaintext client is refused in enforcing mode, and a TLS client
 * in disabled mode. The client's TLS settings are RocketMQ's static fields, set before each client is built and put
 * back after each test.
 */
@Tag("slow")
class Tls540Test {
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private boolean testMode;
    private boolean authServer;
    private String trustCertPath;
    private String configFile;

    @BeforeEach
    void keepClientSettings() {
        testMode = TlsSystemConfig.tlsTestModeEnable;
        authServer = TlsSystemConfig.tlsClientAuthServer;
        trustCertPath = TlsSystemConfig.tlsClientTrustCertPath;
        configFile = TlsSystemConfig.tlsConfigFile;
        // no /etc/rocketmq/tls.properties of the machine may change what the test sets
        TlsSystemConfig.tlsConfigFile = dir.resolve("no-tls.properties").toString();
    }

    @AfterEach
    void restoreClientSettings() {
        TlsSystemConfig.tlsTestModeEnable = testMode;
        TlsSystemConfig.tlsClientAuthServer = authServer;
        TlsSystemConfig.tlsClientTrustCertPath = trustCertPath;
        TlsSystemConfig.tlsConfigFile = configFile;
    }

    @Test
    void permissiveServesTlsInTestModeAndPlaintextAlike() throws Exception {
        TlsSystemConfig.tlsTestModeEnable = true;
        try (TestBroker broker = TestBroker.start(dir, Map.of("tls.server.mode", "permissive"))) {
            sendAndConsume(broker, "TlsPermissive", true);
            sendAndConsume(broker, "PlainPermissive", false);
        }
    }

    @Test
    void enforcingServesAClientThatTrustsOnlyTheGeneratedCertificate() throws Exception {
        try (TestBroker broker = TestBroker.start(dir, Map.of("tls.server.mode", "enforcing"))) {
            Path cert = broker.context().dataDirectory().resolve("config").resolve(ServerCertificate.CERT_FILE);
            TlsSystemConfig.tlsTestModeEnable = false;
            TlsSystemConfig.tlsClientAuthServer = true;
            TlsSystemConfig.tlsClientTrustCertPath = cert.toString();
            sendAndConsume(broker, "TlsEnforcing", true);
        }
    }

    @Test
    void enforcingRefusesPlaintext() throws Exception {
        try (TestBroker broker = TestBroker.start(dir, Map.of("tls.server.mode", "enforcing"))) {
            assertRefused(broker, false);
        }
    }

    @Test
    void disabledRefusesTls() throws Exception {
        TlsSystemConfig.tlsTestModeEnable = true;
        try (TestBroker broker = TestBroker.start(dir, Map.of("tls.server.mode", "disabled"))) {
            assertRefused(broker, true);
            sendAndConsume(broker, "PlainDisabled", false);
        }
    }

    private static void sendAndConsume(TestBroker broker, String topic, boolean tls) throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer("PG-" + topic);
        configure(producer, broker, tls);
        producer.setSendMsgTimeout(10_000);
        producer.start();
        Received<MessageExt> received = OfficialClients.received();
        DefaultMQPushConsumer consumer = OfficialClients.pushConsumer(broker.address(), "CG-" + topic, topic, "*",
            ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, received);
        consumer.setUseTLS(tls);
        try {
            for (int i = 0; i < 5; i++) {
                Message message = new Message(topic, ("m" + i).getBytes(StandardCharsets.UTF_8));
                assertThat(producer.send(message).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            }
            consumer.start();
            Await.until("5 messages consumed over " + (tls ? "TLS" : "plaintext"), DEADLINE, () -> received.total() == 5);
        } finally {
            consumer.shutdown();
            producer.shutdown();
        }
    }

    private static void assertRefused(TestBroker broker, boolean tls) throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer("PG-refused");
        configure(producer, broker, tls);
        producer.setSendMsgTimeout(2_000);
        producer.setRetryTimesWhenSendFailed(0);
        producer.start();
        try {
            assertThatThrownBy(() -> producer.send(new Message("Refused", new byte[8])))
                .as("a %s client is refused", tls ? "TLS" : "plaintext")
                .isInstanceOf(Exception.class);
        } finally {
            producer.shutdown();
        }
        assertThat(broker.context().store().maxOffset("Refused", 0)).isZero();
    }

    private static void configure(DefaultMQProducer producer, TestBroker broker, boolean tls) {
        producer.setNamesrvAddr(broker.address());
        producer.setInstanceName(producer.getProducerGroup() + "-" + System.nanoTime());
        producer.setClientIP("127.0.0.1");
        producer.setUseTLS(tls);
    }
}
