package io.apogee.controller.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.common.time.ManualClock;
import io.apogee.launcher.Ports;
import io.apogee.testsupport.Await;
import io.apogee.transport.TransportConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.auth.config.AuthConfig;
import org.apache.rocketmq.broker.out.BrokerOuterAPI;
import org.apache.rocketmq.client.ClientConfig;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A controller with {@code authenticationEnabled=true} serves only requests signed as one of its configured users:
 * Apache RocketMQ 5.4.0's broker calls (BrokerOuterAPI signing with {@code innerClientAuthenticationCredentials}) and
 * mqadmin's (an {@link AclClientRPCHook}) are answered; unsigned ones, a wrong secret and an unknown user are refused
 * NO_PERMISSION and change nothing.
 */
@Tag("slow")
class ControllerAuthentication540Test {
    private static final String CLUSTER = "DefaultCluster";
    private static final String GROUP = "broker-a";
    private static final String BROKER = "127.0.0.1:30911";
    private static final String INNER = "{\"accessKey\":\"broker\",\"secretKey\":\"broker-secret\"}";

    @TempDir
    Path dir;

    @Test
    void onlySignedRequestsAreServed() throws Exception {
        ControllerConfig config = ControllerConfig.parse(Map.of(
            "controllerDLegerPeers", "n0-127.0.0.1:" + Ports.free(),
            "controllerDLegerSelfId", "n0",
            "controllerStorePath", dir.toString(),
            "listenHost", "127.0.0.1",
            "listenPort", "0",
            "controllerElectionTimeoutMillis", "300",
            "authenticationEnabled", "true",
            "innerClientAuthenticationCredentials", INNER));
        assertThat(config.toString()).as("no secret in what a log may print").doesNotContain("broker-secret");
        BrokerOuterAPI signed = brokerApi(INNER);
        BrokerOuterAPI unsigned = brokerApi(null);
        BrokerOuterAPI wrongSecret = brokerApi("{\"accessKey\":\"broker\",\"secretKey\":\"guess\"}");
        BrokerOuterAPI stranger = brokerApi("{\"accessKey\":\"mallory\",\"secretKey\":\"broker-secret\"}");
        try (ControllerServer controller = ControllerServer.start(config, new ManualClock(1_000_000),
            TransportConfig.defaults())) {
            String address = "127.0.0.1:" + controller.port();
            Await.until("the replica leads", Duration.ofSeconds(20), () -> controller.replica().isLeader());

            assertThat(signed.getControllerMetaData(address).isLeader()).isTrue();
            assertThat(signed.getNextBrokerId(CLUSTER, GROUP, address).getNextBrokerId()).isEqualTo(1L);
            for (BrokerOuterAPI refused : List.of(unsigned, wrongSecret, stranger)) {
                assertRefused(() -> refused.applyBrokerId(CLUSTER, GROUP, 1L, BROKER + ";1", address));
                assertRefused(() -> refused.brokerElect(address, CLUSTER, GROUP, 1L));
            }
            assertThat(signed.getNextBrokerId(CLUSTER, GROUP, address).getNextBrokerId())
                .as("no refused request claimed an id").isEqualTo(1L);
            signed.applyBrokerId(CLUSTER, GROUP, 1L, BROKER + ";1", address);
            signed.registerBrokerToController(CLUSTER, GROUP, 1L, BROKER, address);
            assertThat(signed.brokerElect(address, CLUSTER, GROUP, 1L).getObject1().getMasterBrokerId()).isEqualTo(1L);

            MQClientAPIImpl admin = adminApi(new AclClientRPCHook(new SessionCredentials("broker", "broker-secret")));
            MQClientAPIImpl anonymousAdmin = adminApi(null);
            try {
                assertThat(admin.getInSyncStateData(address, List.of(GROUP)).getReplicasInfoTable()).containsOnlyKeys(GROUP);
                assertRefused(() -> anonymousAdmin.getInSyncStateData(address, List.of(GROUP)));
            } finally {
                admin.shutdown();
                anonymousAdmin.shutdown();
            }
        } finally {
            for (BrokerOuterAPI api : List.of(signed, unsigned, wrongSecret, stranger)) {
                api.shutdown();
            }
        }
    }

    @Test
    void authenticationWithoutAnyoneToSignIsRefusedAtStart() {
        assertThatThrownBy(() -> ControllerConfig.parse(Map.of("controllerDLegerPeers", "n0-127.0.0.1:1",
            "controllerDLegerSelfId", "n0", "controllerStorePath", dir.toString(), "authenticationEnabled", "true")))
            .hasMessageContaining("nobody could sign");
        assertThatThrownBy(() -> ControllerConfig.parse(Map.of("controllerDLegerPeers", "n0-127.0.0.1:1",
            "controllerDLegerSelfId", "n0", "controllerStorePath", dir.toString(),
            "innerClientAuthenticationCredentials", "{\"accessKey\":\"broker\"}")))
            .hasMessageStartingWith("innerClientAuthenticationCredentials:");
    }

    private static void assertRefused(ThrowingCall call) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(MQBrokerException.class,
            e -> assertThat(e.getResponseCode()).isEqualTo(ResponseCode.NO_PERMISSION));
    }

    private static BrokerOuterAPI brokerApi(String credentials) {
        AuthConfig auth = new AuthConfig();
        auth.setInnerClientAuthenticationCredentials(credentials);
        BrokerOuterAPI api = new BrokerOuterAPI(new NettyClientConfig(), credentials == null ? null : auth);
        api.start();
        return api;
    }

    private static MQClientAPIImpl adminApi(AclClientRPCHook hook) {
        MQClientAPIImpl api = new MQClientAPIImpl(new NettyClientConfig(), null, hook, new ClientConfig());
        api.start();
        return api;
    }

    /** A call that may throw anything. */
    @FunctionalInterface
    private interface ThrowingCall {
        void run() throws Exception;
    }
}
