package io.apogee.broker.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.time.SystemClock;
import io.apogee.controller.server.ControllerConfig;
import io.apogee.controller.server.ControllerServer;
import io.apogee.launcher.Ports;
import io.apogee.testsupport.Await;
import io.apogee.transport.TransportConfig;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An Apogee broker in controller mode whose first pass finds no controller: it takes its role within
 * {@code START_RETRY_MILLIS} of the controller leading, as RocketMQ's brokers retry their start, and not at its next
 * read of the group a minute later. One controller replica and one name server in this process, over loopback sockets.
 */
@Tag("slow")
class ControllerModeStartTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    /** Far longer than {@link #WAIT}: a broker that masters within it did not wait for its next read of the group. */
    private static final int POLL_MILLIS = 60_000;

    @TempDir
    Path dir;

    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable each : open.reversed()) {
            each.close();
        }
    }

    @Test
    void aBrokerWhoseFirstPassFindsNoControllerMastersSoonAfterTheControllerLeads() throws Exception {
        String nameServer = startNameServer();
        int controllerPort = Ports.free();
        ControllerModeBroker broker;
        try (ServerSocket silent = new ServerSocket(controllerPort, 1, InetAddress.getLoopbackAddress())) {
            silent.setSoTimeout((int) WAIT.toMillis());
            broker = broker(nameServer, "127.0.0.1:" + controllerPort);
            // the first pass asks this port which replica leads; the connection closes unanswered, and the pass fails
            silent.accept().close();
        }
        ControllerServer controller = startController(controllerPort);
        Await.until("the controller replica leads", WAIT, () -> controller.replica().isLeader());
        long leading = System.nanoTime();
        Await.until("the broker masters its group", WAIT, broker::isMaster);
        long tookMillis = (System.nanoTime() - leading) / 1_000_000;
        System.out.println("controller mode: a broker whose first pass failed mastered " + tookMillis
            + " ms after the controller led (start retry " + ControllerModeBroker.START_RETRY_MILLIS + " ms, poll period "
            + POLL_MILLIS + " ms)");
        assertThat(broker.brokerId()).isEqualTo(1);
        assertThat(broker.masterEpoch()).isEqualTo(1);
        assertThat(tookMillis).as("the start retry, not the next read of the group").isLessThan(POLL_MILLIS);
    }

    private String startNameServer() throws InterruptedException {
        Properties settings = new Properties();
        settings.setProperty("listenPort", "0");
        settings.setProperty("kvConfigPath", dir.resolve("namesrv").resolve("kvConfig.json").toString());
        NameServerContext nameServer = NameServerContext.start(NameServerConfig.of(settings, dir), SystemClock.INSTANCE);
        open.add(nameServer);
        return "127.0.0.1:" + nameServer.port();
    }

    private ControllerServer startController(int port) throws Exception {
        ControllerServer controller = ControllerServer.start(ControllerConfig.parse(Map.of(
            "controllerDLegerPeers", "n0-127.0.0.1:" + Ports.free(),
            "controllerDLegerSelfId", "n0",
            "controllerStorePath", dir.resolve("controller").toString(),
            "listenHost", "127.0.0.1",
            "listenPort", Integer.toString(port),
            "controllerElectionTimeoutMillis", "300",
            "scanNotActiveBrokerInterval", "200")), SystemClock.INSTANCE, TransportConfig.defaults());
        open.add(controller);
        return controller;
    }

    private ControllerModeBroker broker(String nameServer, String controllers) throws IOException {
        Properties settings = new Properties();
        settings.setProperty("enableControllerMode", "true");
        settings.setProperty("controllerAddr", controllers);
        settings.setProperty("namesrvAddr", nameServer);
        settings.setProperty("syncBrokerMetadataPeriod", Integer.toString(POLL_MILLIS));
        settings.setProperty("brokerHeartbeatInterval", "200");
        settings.setProperty("registerNameServerPeriod", "1000");
        settings.setProperty("brokerName", "broker-a");
        settings.setProperty("storePathRootDir", dir.resolve("broker").toString());
        settings.setProperty("listenPort", Integer.toString(Ports.free()));
        // a fixed HA port too: a free one (0) may be the very port this broker is about to listen on
        settings.setProperty("haListenPort", Integer.toString(Ports.free()));
        settings.setProperty("mappedFileSizeCommitLog", Integer.toString(1 << 20));
        settings.setProperty("maxMessageSize", Integer.toString(1 << 18));
        settings.setProperty("streamEnable", "false");
        ControllerModeBroker broker = ControllerModeBroker.start(BrokerConfig.of(settings, dir), SystemClock.INSTANCE);
        open.add(broker);
        return broker;
    }
}
