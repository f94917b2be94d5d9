package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.stream.AuthenticationFailureException;
import com.rabbitmq.stream.Consumer;
import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.EnvironmentBuilder;
import com.rabbitmq.stream.OffsetSpecification;
import com.rabbitmq.stream.Producer;
import com.rabbitmq.stream.StreamException;
import com.rabbitmq.stream.impl.Client;
import com.rabbitmq.stream.sasl.DefaultSaslConfiguration;
import io.apogee.common.time.SystemClock;
import io.apogee.store.file.DiskFence;
import io.apogee.store.file.FencedIo;
import io.apogee.store.file.NioFileIo;
import io.apogee.streams.log.StreamRegistry;
import io.apogee.testsupport.Await;
import io.apogee.transport.tls.ClientAuthMode;
import io.apogee.transport.tls.ServerCertificate;
import io.apogee.transport.tls.ServerTls;
import io.apogee.transport.tls.TlsMode;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stream protocol's TLS port with RabbitMQ's official Java client over real sockets: publishing and consuming
 * over TLS, a plaintext client refused there while the plaintext port serves it, and SASL EXTERNAL naming the user by
 * the client certificate's CN. The server asks for client certificates and trusts those of alice (a stream user) and
 * mallory (not one), as a broker with {@code tls.server.need.client.auth=optional} and {@code tls.server.authClient}.
 */
class StreamTlsTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final Duration RPC_TIMEOUT = Duration.ofSeconds(3);
    private static final int MESSAGES = 200;

    @TempDir
    Path dir;
    private StreamRegistry registry;
    private StreamServer server;
    private ServerCertificate serverCertificate;
    private ServerCertificate alice;
    private ServerCertificate mallory;
    private EventLoopGroup eventLoops;
    private final List<AutoCloseable> opened = new ArrayList<>();

    @BeforeEach
    void startServer() throws Exception {
        serverCertificate = ServerCertificate.keptIn(dir.resolve("server"));
        alice = ServerCertificate.keptIn(dir.resolve("alice"), "alice");
        mallory = ServerCertificate.keptIn(dir.resolve("mallory"), "mallory");
        Path trusted = dir.resolve("trusted-clients.pem");
        Files.writeString(trusted, Files.readString(alice.certPath()) + Files.readString(mallory.certPath()));
        ServerTls tls = ServerTls.of(TlsMode.ENFORCING, serverCertificate, ClientAuthMode.OPTIONAL, trusted);
        registry = StreamRegistry.open(new FencedIo(new NioFileIo(), new DiskFence()), dir.resolve("streams"),
            StreamFixture.SEGMENT_SIZE, SystemClock.INSTANCE);
        StreamServerConfig config = new StreamServerConfig("127.0.0.1", 0, "127.0.0.1",
            StreamServerConfig.DEFAULT_MAX_FRAME_SIZE, StreamServerConfig.DEFAULT_HEARTBEAT_SECONDS,
            Map.of("guest", "guest", "alice", "not-used-by-external"), 1);
        server = StreamServer.start(config, new StreamTls(0, tls.context(), true), registry);
        eventLoops = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable closeable : opened.reversed()) {
            closeable.close();
        }
        server.close();
        registry.close();
        eventLoops.shutdownGracefully(0, 5, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Test
    void theJavaClientPublishesAndConsumesOverTlsTrustingTheServersCertificate() throws Exception {
        assertThat(server.tlsPort()).isPositive().isNotEqualTo(server.port());
        Environment environment = environment(Environment.builder()
            .tls().sslContext(clientContext(null)).environmentBuilder());
        environment.streamCreator().stream("secure").create();
        CountDownLatch confirmed = new CountDownLatch(MESSAGES);
        try (Producer producer = environment.producerBuilder().stream("secure").build()) {
            for (int i = 0; i < MESSAGES; i++) {
                producer.send(producer.messageBuilder().addData(("m-" + i).getBytes()).build(), status -> {
                    if (status.isConfirmed()) {
                        confirmed.countDown();
                    }
                });
            }
            assertThat(confirmed.await(WAIT.toSeconds(), TimeUnit.SECONDS)).as("every message confirmed").isTrue();
        }
        AtomicInteger consumed = new AtomicInteger();
        try (Consumer consumer = environment.consumerBuilder().stream("secure").offset(OffsetSpecification.first())
            .messageHandler((context, message) -> consumed.incrementAndGet()).build()) {
            assertThat(consumer).isNotNull();
            Await.until(MESSAGES + " messages over TLS", WAIT, () -> consumed.get() == MESSAGES);
        }
    }

    @Test
    void metadataSendsATlsClientToTheTlsPortAndAPlaintextClientToThePlaintextPort() {
        Client overTls = client(new Client.ClientParameters().sslContext(clientContext(null)), server.tlsPort());
        assertThat(overTls.create("routed").isOk()).isTrue();
        assertThat(overTls.metadata("routed").get("routed").getLeader().getPort()).isEqualTo(server.tlsPort());

        Client plain = client(new Client.ClientParameters(), server.port());
        assertThat(plain.metadata("routed").get("routed").getLeader().getPort()).isEqualTo(server.port());
    }

    @Test
    void aPlaintextClientIsRefusedOnTheTlsPortAndServedOnThePlaintextPort() {
        assertThatThrownBy(() -> client(new Client.ClientParameters(), server.tlsPort()))
            .isInstanceOf(StreamException.class);
        assertThat(client(new Client.ClientParameters(), server.port()).isOpen()).isTrue();
    }

    @Test
    void saslExternalAuthenticatesTheUserNamedByTheCertificatesCommonName() {
        Environment environment = environment(Environment.builder().saslConfiguration(DefaultSaslConfiguration.EXTERNAL)
            .tls().sslContext(clientContext(alice)).environmentBuilder());
        environment.streamCreator().stream("alices").create();
        assertThat(environment.streamExists("alices")).isTrue();
    }

    @Test
    void saslExternalRefusesACertificateWhoseCommonNameIsNoUser() {
        assertThatThrownBy(() -> client(new Client.ClientParameters().sslContext(clientContext(mallory))
            .saslConfiguration(DefaultSaslConfiguration.EXTERNAL), server.tlsPort()))
            .isInstanceOf(AuthenticationFailureException.class);
    }

    @Test
    void saslExternalIsNotOfferedWithoutAClientCertificateNorOnThePlaintextPort() {
        // the client names the mechanisms of the server's SASL handshake when none suits it
        assertThatThrownBy(() -> client(new Client.ClientParameters().sslContext(clientContext(null))
            .saslConfiguration(DefaultSaslConfiguration.EXTERNAL), server.tlsPort()))
            .hasMessageEndingWith("server PLAIN.");
        assertThatThrownBy(() -> client(new Client.ClientParameters()
            .saslConfiguration(DefaultSaslConfiguration.EXTERNAL), server.port()))
            .hasMessageEndingWith("server PLAIN.");
        // PLAIN stays served on the TLS port with a client certificate
        assertThat(client(new Client.ClientParameters().sslContext(clientContext(mallory)), server.tlsPort()).isOpen())
            .isTrue();
    }

    /** A client context trusting only the server's certificate, presenting {@code certificate} unless it is null. */
    private SslContext clientContext(ServerCertificate certificate) {
        try {
            SslContextBuilder builder = SslContextBuilder.forClient().trustManager(serverCertificate.certPath().toFile());
            if (certificate != null) {
                builder.keyManager(certificate.certPath().toFile(), certificate.keyPath().toFile());
            }
            return builder.build();
        } catch (SSLException e) {
            throw new IllegalStateException(e);
        }
    }

    private Environment environment(EnvironmentBuilder builder) {
        Environment environment = builder.host("127.0.0.1").port(server.tlsPort()).rpcTimeout(RPC_TIMEOUT)
            .netty().eventLoopGroup(eventLoops).environmentBuilder().build();
        opened.add(environment);
        return environment;
    }

    private Client client(Client.ClientParameters parameters, int port) {
        Client client = new Client(parameters.host("127.0.0.1").port(port).rpcTimeout(RPC_TIMEOUT)
            .eventLoopGroup(eventLoops));
        opened.add(client::close);
        return client;
    }
}
