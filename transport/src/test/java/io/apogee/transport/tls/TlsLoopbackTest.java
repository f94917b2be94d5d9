package io.apogee.transport.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.transport.InboundFrame;
import io.apogee.transport.OutboundFrame;
import io.apogee.transport.Peer;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.RemotingServer;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.transport.TransportException;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real server in each TLS mode and clients with and without TLS, on loopback: who is served, who is refused. */
class TlsLoopbackTest {
    private static final long TIMEOUT_MILLIS = 5_000;

    @TempDir
    static Path dir;
    private static ServerCertificate certificate;

    @BeforeAll
    static void generate() {
        certificate = ServerCertificate.keptIn(dir.resolve("server"));
    }

    @Test
    void theGeneratedCertificateIsKeptAndServedAgain() {
        assertThat(certificate.generated()).isTrue();
        assertThat(certificate.fingerprint()).matches("([0-9A-F]{2}:){31}[0-9A-F]{2}");
        ServerCertificate again = ServerCertificate.keptIn(dir.resolve("server"));
        assertThat(again.generated()).isFalse();
        assertThat(again.fingerprint()).isEqualTo(certificate.fingerprint());
    }

    @Test
    void enforcingServesAClientTrustingItsCertificateALargeBodyIntact() throws Exception {
        try (RemotingServer server = server(TlsMode.ENFORCING);
             RemotingClient client = client(ClientTls.trusting(certificate.certPath()))) {
            byte[] body = new byte[3 << 20];
            Arrays.fill(body, (byte) 7);
            body[body.length - 1] = 9;
            try (RemotingResponse response = client.invokeSync(address(server), request(), Unpooled.wrappedBuffer(body),
                TIMEOUT_MILLIS)) {
                assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
                assertThat(ByteBufUtil.getBytes(response.body())).isEqualTo(body);
            }
        }
    }

    @Test
    void permissiveServesTlsAndPlaintext() throws Exception {
        try (RemotingServer server = server(TlsMode.PERMISSIVE);
             RemotingClient tls = client(ClientTls.trustingAnyServer());
             RemotingClient plain = client(null)) {
            for (RemotingClient client : new RemotingClient[] {tls, plain}) {
                try (RemotingResponse response = client.invokeSync(address(server), request(), null, TIMEOUT_MILLIS)) {
                    assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
                }
            }
        }
    }

    @Test
    void enforcingRefusesPlaintextAndDisabledRefusesTls() throws Exception {
        try (RemotingServer enforcing = server(TlsMode.ENFORCING);
             RemotingServer disabled = server(TlsMode.DISABLED);
             RemotingClient plain = client(null);
             RemotingClient tls = client(ClientTls.trustingAnyServer())) {
            assertThatThrownBy(() -> plain.invokeSync(address(enforcing), request(), null, TIMEOUT_MILLIS).close())
                .isInstanceOf(TransportException.class);
            assertThatThrownBy(() -> tls.invokeSync(address(disabled), request(), null, TIMEOUT_MILLIS).close())
                .isInstanceOf(TransportException.class);
        }
    }

    @Test
    void aClientTrustingAnotherCertificateIsNotServed() throws Exception {
        ServerCertificate other = ServerCertificate.keptIn(dir.resolve("other"));
        try (RemotingServer server = server(TlsMode.ENFORCING);
             RemotingClient client = client(ClientTls.trusting(other.certPath()))) {
            assertThatThrownBy(() -> client.invokeSync(address(server), request(), null, TIMEOUT_MILLIS).close())
                .isInstanceOf(TransportException.class);
        }
    }

    @Test
    void requiringAClientCertificateServesOnlyAClientPresentingATrustedOne() throws Exception {
        ServerCertificate trusted = ServerCertificate.keptIn(dir.resolve("trusted-client"));
        ServerCertificate stranger = ServerCertificate.keptIn(dir.resolve("stranger-client"));
        ClientTls trustingServer = ClientTls.trusting(certificate.certPath());
        ServerTls requiring = ServerTls.of(TlsMode.ENFORCING, certificate, ClientAuthMode.REQUIRE, trusted.certPath());
        try (RemotingServer server = server(requiring);
             RemotingClient presenting = client(trustingServer.presenting(trusted.certPath(), trusted.keyPath(),
                 trusted.keyPassword()));
             RemotingClient anonymous = client(trustingServer);
             RemotingClient untrusted = client(trustingServer.presenting(stranger.certPath(), stranger.keyPath(),
                 stranger.keyPassword()))) {
            try (RemotingResponse response = presenting.invokeSync(address(server), request(), null, TIMEOUT_MILLIS)) {
                assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
            }
            for (RemotingClient refused : new RemotingClient[] {anonymous, untrusted}) {
                assertThatThrownBy(() -> refused.invokeSync(address(server), request(), null, TIMEOUT_MILLIS).close())
                    .isInstanceOf(TransportException.class);
            }
        }
    }

    private static RemotingServer server(TlsMode mode) throws InterruptedException {
        return server(ServerTls.of(mode, certificate, ClientAuthMode.NONE, null));
    }

    private static RemotingServer server(ServerTls tls) throws InterruptedException {
        return RemotingServer.start(TransportConfig.builder().threadNamePrefix("tls-server").serverTls(tls).build(),
            TlsLoopbackTest::echo, "127.0.0.1", 0);
    }

    private static RemotingClient client(ClientTls tls) {
        return new RemotingClient(TransportConfig.builder().threadNamePrefix("tls-client").clientTls(tls).build(),
            RequestDispatcher.IGNORE);
    }

    private static void echo(Peer peer, InboundFrame request) {
        peer.respond(new OutboundFrame(new RemotingHeader().asResponseTo(request.header(), ResponseCode.SUCCESS),
            request.body()));
    }

    private static RemotingHeader request() {
        return new RemotingHeader().asRequest(RequestCode.HEART_BEAT, 0);
    }

    private static String address(RemotingServer server) {
        return "127.0.0.1:" + server.port();
    }
}
