package io.apogee.controller.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.time.ManualClock;
import io.apogee.testsupport.Await;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.Unpooled;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad controller requests, refused where they enter with a code and a remark that names the field. Slow: a Raft
 * replica starts for it.
 */
@Tag("slow")
class ControllerRequestValidationTest {
    @TempDir
    Path dir;

    private ControllerServer controller;
    private RemotingClient client;

    @BeforeEach
    void start() throws Exception {
        int raftPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            raftPort = socket.getLocalPort();
        }
        controller = ControllerServer.start(ControllerConfig.parse(Map.of(
            "controllerDLegerPeers", "n0-127.0.0.1:" + raftPort,
            "controllerDLegerSelfId", "n0",
            "controllerStorePath", dir.toString(),
            "listenHost", "127.0.0.1",
            "listenPort", "0",
            "controllerElectionTimeoutMillis", "200")), new ManualClock(0), TransportConfig.defaults());
        client = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE);
        Await.until("the replica leads", Duration.ofSeconds(20), () -> controller.replica().isLeader());
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        controller.close();
    }

    @Test
    void missingAndMalformedFieldsAreNamed() throws Exception {
        assertRefused(RequestCode.CONTROLLER_GET_REPLICA_INFO, Map.of(), null, ResponseCode.CONTROLLER_INVALID_REQUEST,
            "brokerName is required");
        assertRefused(RequestCode.CONTROLLER_APPLY_BROKER_ID, Map.of("clusterName", "c", "brokerName", "b",
            "appliedBrokerId", "-3", "registerCheckCode", "h:1;1"), null, ResponseCode.CONTROLLER_INVALID_REQUEST,
            "appliedBrokerId must not be negative: -3");
        assertRefused(RequestCode.CONTROLLER_ALTER_SYNC_STATE_SET, Map.of("brokerName", "b", "masterBrokerId", "1",
            "masterEpoch", "1"), "{\"syncStateSet\":[1]}", ResponseCode.CONTROLLER_INVALID_REQUEST,
            "the body needs syncStateSet (an array of broker ids) and syncStateSetEpoch");
        assertRefused(RequestCode.CONTROLLER_ALTER_SYNC_STATE_SET, Map.of("brokerName", "b", "masterBrokerId", "1",
            "masterEpoch", "1"), "{\"syncStateSet\":[\"x\"],\"syncStateSetEpoch\":1}",
            ResponseCode.CONTROLLER_INVALID_REQUEST, "syncStateSet holds a non-id: \"x\"");
        assertRefused(RequestCode.CONTROLLER_ALTER_SYNC_STATE_SET, Map.of("brokerName", "b", "masterBrokerId", "1",
            "masterEpoch", "-1"), "{\"syncStateSet\":[1],\"syncStateSetEpoch\":1}",
            ResponseCode.CONTROLLER_INVALID_REQUEST, "masterEpoch is not an epoch: -1");
        assertRefused(RequestCode.CONTROLLER_ELECT_MASTER, Map.of("brokerName", "b", "designateElect", "maybe"), null,
            ResponseCode.CONTROLLER_INVALID_REQUEST, "designateElect is neither true nor false: 'maybe'");
        assertRefused(RequestCode.BROKER_HEARTBEAT, Map.of("brokerName", "b"), null,
            ResponseCode.CONTROLLER_INVALID_REQUEST, "brokerId is required");
        assertRefused(RequestCode.CONTROLLER_GET_SYNC_STATE_DATA, Map.of(), "{\"broker-a\":1}",
            ResponseCode.CONTROLLER_INVALID_REQUEST, "the body must be a JSON array of broker names");
        assertRefused(RequestCode.CONTROLLER_GET_SYNC_STATE_DATA, Map.of(), "[\"broker-a\",7]",
            ResponseCode.CONTROLLER_INVALID_REQUEST, "the broker names hold a non-name: 7");
        assertRefused(RequestCode.SEND_MESSAGE, Map.of(), null, ResponseCode.REQUEST_CODE_NOT_SUPPORTED,
            "the controller does not serve request code " + RequestCode.SEND_MESSAGE);
        assertRefused(RequestCode.CONTROLLER_ELECT_MASTER, Map.of("brokerName", "never-registered"), null,
            ResponseCode.CONTROLLER_BROKER_NEED_TO_BE_REGISTERED, "broker group never-registered is not registered");
    }

    private void assertRefused(int code, Map<String, String> fields, String body, int expectedCode, String remark)
        throws InterruptedException {
        RemotingHeader header = new RemotingHeader().asRequest(code, 0);
        header.ext().putAll(fields);
        try (RemotingResponse response = client.invokeSync("127.0.0.1:" + controller.port(), header,
            body == null ? null : Unpooled.wrappedBuffer(body.getBytes(StandardCharsets.UTF_8)), 5_000)) {
            assertThat(response.code()).as(response.remark()).isEqualTo(expectedCode);
            assertThat(response.remark()).isEqualTo(remark);
        }
    }
}
