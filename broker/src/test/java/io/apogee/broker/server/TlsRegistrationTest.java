package io.apogee.broker.server;

import io.apogee.broker.TestBroker;
import io.apogee.common.time.SystemClock;
import io.apogee.testsupport.Await;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.transport.tls.ClientTls;
import io.apogee.transport.tls.ServerCertificate;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stand-alone name server taking TLS only, and a broker registering with it over TLS ({@code tls.enable}), trusting
 * only the name server's generated certificate: the broker's routes reach clients that also speak TLS.
 */
class TlsRegistrationTest {
    private static final long TIMEOUT_MILLIS = 5_000;

    @TempDir
    Path dir;

    @Test
    void aBrokerRegistersOverTlsWithAnEnforcingNameServer() throws Exception {
        Properties nameServerSettings = new Properties();
        nameServerSettings.setProperty("listenPort", "0");
        nameServerSettings.setProperty("tls.server.mode", "enforcing");
        try (NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(nameServerSettings, dir),
            SystemClock.INSTANCE)) {
            Path cert = dir.resolve("namesrv").resolve(ServerCertificate.CERT_FILE);
            String address = "127.0.0.1:" + nameServer.port();
            try (TestBroker broker = TestBroker.start(dir.resolve("broker"), Map.of("namesrvAddr", address,
                    "registerNameServerPeriod", "1000", "tls.enable", "true", "tls.client.authServer", "true",
                    "tls.client.trustCertPath", cert.toString()));
                 RemotingClient client = new RemotingClient(TransportConfig.defaults().withClientTls(
                     ClientTls.trusting(cert)), RequestDispatcher.IGNORE)) {
                Await.until("the broker's route at the name server", Duration.ofSeconds(30),
                    () -> routeOf(client, address).contains(broker.address()));
            }
        }
    }

    @Test
    void aBrokerPresentsItsCertificateToANameServerThatRequiresOne() throws Exception {
        ServerCertificate brokerCertificate = ServerCertificate.keptIn(dir.resolve("broker-certificate"));
        Properties nameServerSettings = new Properties();
        nameServerSettings.setProperty("listenPort", "0");
        nameServerSettings.setProperty("tls.server.mode", "enforcing");
        nameServerSettings.setProperty("tls.server.need.client.auth", "require");
        nameServerSettings.setProperty("tls.server.authClient", "true");
        nameServerSettings.setProperty("tls.server.trustCertPath", brokerCertificate.certPath().toString());
        try (NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(nameServerSettings, dir),
            SystemClock.INSTANCE)) {
            Path cert = dir.resolve("namesrv").resolve(ServerCertificate.CERT_FILE);
            String address = "127.0.0.1:" + nameServer.port();
            try (TestBroker broker = TestBroker.start(dir.resolve("broker"), Map.of("namesrvAddr", address,
                    "registerNameServerPeriod", "1000", "tls.enable", "true", "tls.client.authServer", "true",
                    "tls.client.trustCertPath", cert.toString(),
                    "tls.client.certPath", brokerCertificate.certPath().toString(),
                    "tls.client.keyPath", brokerCertificate.keyPath().toString()));
                 RemotingClient client = new RemotingClient(TransportConfig.defaults().withClientTls(
                     ClientTls.trusting(cert).presenting(brokerCertificate.certPath(), brokerCertificate.keyPath(),
                         brokerCertificate.keyPassword())), RequestDispatcher.IGNORE)) {
                Await.until("the broker's route at the name server", Duration.ofSeconds(30),
                    () -> routeOf(client, address).contains(broker.address()));
            }
        }
    }

    private static String routeOf(RemotingClient client, String nameServer) throws Exception {
        RemotingHeader route = new RemotingHeader().asRequest(RequestCode.GET_ROUTEINFO_BY_TOPIC, 0);
        route.ext().add("topic", "TBW102");
        try (RemotingResponse response = client.invokeSync(nameServer, route, null, TIMEOUT_MILLIS)) {
            return response.code() == ResponseCode.SUCCESS ? response.body().toString(StandardCharsets.UTF_8) : "";
        }
    }
}
