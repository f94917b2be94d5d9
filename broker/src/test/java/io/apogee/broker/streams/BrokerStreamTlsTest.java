package io.apogee.broker.streams;

import static org.assertj.core.api.Assertions.assertThat;

import com.rabbitmq.stream.Consumer;
import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.OffsetSpecification;
import com.rabbitmq.stream.Producer;
import com.rabbitmq.stream.sasl.DefaultSaslConfiguration;
import io.apogee.broker.TestBroker;
import io.apogee.testsupport.Await;
import io.apogee.transport.tls.ServerCertificate;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The broker's stream TLS port: it serves the certificate the RocketMQ ports serve (the generated one here), and with
 * client certificates asked for and checked (the tls.server keys), SASL EXTERNAL takes the user from a certificate's
 * CN.
 */
@Tag("slow") // a broker start and two TLS client environments: about 15 s on a loaded machine
class BrokerStreamTlsTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final int MESSAGES = 100;

    @TempDir
    Path dir;

    @Test
    void theStreamTlsPortServesTheBrokersCertificateAndSaslExternal() throws Exception {
        ServerCertificate alice = ServerCertificate.keptIn(dir.resolve("alice"), "alice");
        Map<String, String> settings = Map.of("tls.server.need.client.auth", "optional", "tls.server.authClient", "true",
            "tls.server.trustCertPath", alice.certPath().toString(), "streamUsers", "guest:guest,alice:unused");
        try (TestBroker broker = TestBroker.start(dir.resolve("broker"), settings)) {
            int tlsPort = broker.context().streamTlsPort();
            assertThat(tlsPort).isPositive().isNotEqualTo(broker.context().streamPort());
            Path brokerCert = broker.context().dataDirectory().resolve("config").resolve(ServerCertificate.CERT_FILE);
            try (Environment plain = Environment.builder().host("127.0.0.1").port(tlsPort)
                .tls().sslContext(context(brokerCert, null)).environmentBuilder().build()) {
                plain.streamCreator().stream("secure").create();
                publishAndConsume(plain, "secure");
            }
            try (Environment external = Environment.builder().host("127.0.0.1").port(tlsPort)
                .saslConfiguration(DefaultSaslConfiguration.EXTERNAL)
                .tls().sslContext(context(brokerCert, alice)).environmentBuilder().build()) {
                assertThat(external.streamExists("secure")).isTrue();
            }
        }
    }

    private static void publishAndConsume(Environment environment, String stream) throws InterruptedException {
        CountDownLatch confirmed = new CountDownLatch(MESSAGES);
        try (Producer producer = environment.producerBuilder().stream(stream).build()) {
            for (int i = 0; i < MESSAGES; i++) {
                producer.send(producer.messageBuilder().addData(new byte[100]).build(), status -> {
                    if (status.isConfirmed()) {
                        confirmed.countDown();
                    }
                });
            }
            assertThat(confirmed.await(WAIT.toSeconds(), TimeUnit.SECONDS)).as("every message confirmed").isTrue();
        }
        AtomicInteger consumed = new AtomicInteger();
        try (Consumer consumer = environment.consumerBuilder().stream(stream).offset(OffsetSpecification.first())
            .messageHandler((context, message) -> consumed.incrementAndGet()).build()) {
            assertThat(consumer).isNotNull();
            Await.until(MESSAGES + " messages over TLS", WAIT, () -> consumed.get() == MESSAGES);
        }
    }

    /** A client context trusting only {@code serverCert}, presenting {@code client} unless it is null. */
    private static SslContext context(Path serverCert, ServerCertificate client) throws SSLException {
        SslContextBuilder builder = SslContextBuilder.forClient().trustManager(serverCert.toFile());
        if (client != null) {
            builder.keyManager(client.certPath().toFile(), client.keyPath().toFile());
        }
        return builder.build();
    }
}
