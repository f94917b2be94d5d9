package io.apogee.broker.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.broker.TestBroker;
import io.apogee.client.ClientConfig;
import io.apogee.client.ClientException;
import io.apogee.client.consumer.ConsumeFrom;
import io.apogee.client.consumer.PushConsumer;
import io.apogee.client.producer.Producer;
import io.apogee.client.producer.SendStatus;
import io.apogee.testsupport.Await;
import io.apogee.transport.tls.ServerCertificate;
import io.apogee.wire.message.OutboundMessage;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Apogee's client with TLS against the Apogee broker in enforcing mode: it sends and consumes when it trusts the
 * broker's generated certificate, and is refused with another certificate pinned or in plaintext; a broker that
 * requires client certificates serves it only when it presents one the broker trusts.
 */
@Tag("slow")
class TlsApogeeTest {
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Test
    void sendsAndConsumesTrustingTheGeneratedCertificate() throws Exception {
        String topic = "TlsApogeeTopic";
        try (TestBroker broker = TestBroker.start(dir.resolve("broker"), Map.of("tls.server.mode", "enforcing"))) {
            Path cert = broker.context().dataDirectory().resolve("config").resolve(ServerCertificate.CERT_FILE);
            ClientConfig tls = ClientConfig.builder().nameServers(broker.address()).tlsTrustCertPath(cert).build();
            Set<String> received = ConcurrentHashMap.newKeySet();
            try (Producer producer = Producer.builder().config(tls).group("tls-producer").build()) {
                for (int i = 0; i < 5; i++) {
                    OutboundMessage message = new OutboundMessage().topic(topic).body(new byte[100]).putProperty("id", "m" + i);
                    assertThat(producer.send(message).status()).isEqualTo(SendStatus.SEND_OK);
                }
            }
            try (PushConsumer consumer = PushConsumer.builder().config(tls).group("tls-group").subscribe(topic, "*")
                .consumeFrom(ConsumeFrom.FIRST).listener(message -> received.add(message.property("id"))).build()) {
                Await.until("5 messages consumed over TLS", DEADLINE, () -> received.size() == 5);
                assertThat(consumer.failedCount()).isZero();
            }
        }
    }

    @Test
    void aBrokerRequiringClientCertificatesServesOnlyAClientPresentingATrustedOne() throws Exception {
        ServerCertificate trusted = ServerCertificate.keptIn(dir.resolve("trusted-client"));
        ServerCertificate stranger = ServerCertificate.keptIn(dir.resolve("stranger-client"));
        Map<String, String> settings = Map.of("tls.server.mode", "enforcing", "tls.server.need.client.auth", "require",
            "tls.server.authClient", "true", "tls.server.trustCertPath", trusted.certPath().toString());
        try (TestBroker broker = TestBroker.start(dir.resolve("broker"), settings)) {
            ClientConfig presenting = ClientConfig.builder().nameServers(broker.address())
                .tlsClientCertificate(trusted.certPath(), trusted.keyPath(), trusted.keyPassword()).build();
            try (Producer producer = Producer.builder().config(presenting).group("mtls-producer").build()) {
                assertThat(producer.send(new OutboundMessage().topic("MutualTls").body(new byte[8])).status())
                    .isEqualTo(SendStatus.SEND_OK);
            }
            for (ClientConfig config : new ClientConfig[] {
                ClientConfig.builder().nameServers(broker.address()).useTls(true).requestTimeoutMillis(2_000).build(),
                ClientConfig.builder().nameServers(broker.address()).requestTimeoutMillis(2_000)
                    .tlsClientCertificate(stranger.certPath(), stranger.keyPath(), stranger.keyPassword()).build()}) {
                try (Producer producer = Producer.builder().config(config).group("refused").retries(0)
                    .sendTimeoutMillis(2_000).build()) {
                    assertThatThrownBy(() -> producer.send(new OutboundMessage().topic("MutualTls").body(new byte[8])))
                        .isInstanceOf(ClientException.class);
                }
            }
            assertThat(broker.maxOffset("MutualTls", 0) + broker.maxOffset("MutualTls", 1) + broker.maxOffset("MutualTls", 2)
                + broker.maxOffset("MutualTls", 3)).as("only the trusted client's message").isOne();
        }
    }

    @Test
    void aClientPinningAnotherCertificateOrInPlaintextIsRefused() throws Exception {
        Path other = ServerCertificate.keptIn(dir.resolve("other")).certPath();
        try (TestBroker broker = TestBroker.start(dir.resolve("broker"), Map.of("tls.server.mode", "enforcing"))) {
            for (ClientConfig config : new ClientConfig[] {
                ClientConfig.builder().nameServers(broker.address()).tlsTrustCertPath(other).requestTimeoutMillis(2_000).build(),
                ClientConfig.builder().nameServers(broker.address()).requestTimeoutMillis(2_000).build()}) {
                try (Producer producer = Producer.builder().config(config).group("refused").retries(0)
                    .sendTimeoutMillis(2_000).build()) {
                    assertThatThrownBy(() -> producer.send(new OutboundMessage().topic("Refused").body(new byte[8])))
                        .isInstanceOf(ClientException.class);
                }
            }
            assertThat(broker.maxOffset("Refused", 0)).isZero();
        }
    }
}
