package io.apogee.controller.server;

import io.apogee.common.time.ManualClock;
import io.apogee.testsupport.Await;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Three controller replicas in this JVM on loopback ports, sharing one manual clock for broker liveness, and a
 * remoting client to talk to them. Replicas can be closed and started again on the same directory and ports.
 */
final class ControllerCluster implements AutoCloseable {
    static final long BROKER_TIMEOUT_MILLIS = 10_000;
    static final long REQUEST_TIMEOUT_MILLIS = 2_000;
    static final int SIZE = 3;

    final ManualClock clock = new ManualClock(1_000_000);
    private final Path dir;
    private final String peers;
    private final int[] remotingPorts = new int[SIZE];
    private final ControllerServer[] servers = new ControllerServer[SIZE];
    private final RemotingClient client = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE);

    ControllerCluster(Path dir) throws Exception {
        this.dir = dir;
        List<String> entries = new ArrayList<>();
        for (int i = 0; i < SIZE; i++) {
            entries.add("n" + i + "-127.0.0.1:" + freePort());
            remotingPorts[i] = freePort();
        }
        this.peers = String.join(";", entries);
        for (int i = 0; i < SIZE; i++) {
            start(i);
        }
    }

    void start(int index) throws Exception {
        Map<String, String> settings = new HashMap<>();
        settings.put("controllerDLegerPeers", peers);
        settings.put("controllerDLegerSelfId", "n" + index);
        settings.put("controllerStorePath", dir.resolve("n" + index).toString());
        settings.put("listenHost", "127.0.0.1");
        settings.put("listenPort", Integer.toString(remotingPorts[index]));
        settings.put("controllerHeartBeatTimeoutMills", Long.toString(BROKER_TIMEOUT_MILLIS));
        settings.put("controllerRequestTimeoutMillis", Long.toString(REQUEST_TIMEOUT_MILLIS));
        settings.put("controllerElectionTimeoutMillis", "500");
        settings.put("controllerSnapshotThreshold", "4");
        // the tests run the scan themselves, after moving the clock
        settings.put("scanNotActiveBrokerInterval", "3600000");
        servers[index] = ControllerServer.start(ControllerConfig.parse(settings), clock, TransportConfig.defaults());
    }

    void stop(int index) throws IOException {
        servers[index].close();
        servers[index] = null;
    }

    ControllerServer server(int index) {
        return servers[index];
    }

    /** The remoting address of replica {@code index}. */
    String address(int index) {
        return "127.0.0.1:" + remotingPorts[index];
    }

    Path storeOf(int index) {
        return dir.resolve("n" + index);
    }

    /** Waits for a replica to lead and returns its index. */
    int awaitLeader() throws InterruptedException {
        int[] leader = {-1};
        Await.until("a controller replica leads", Duration.ofSeconds(20), () -> {
            for (int i = 0; i < SIZE; i++) {
                if (servers[i] != null && servers[i].replica().isLeader()) {
                    leader[0] = i;
                    return true;
                }
            }
            return false;
        });
        return leader[0];
    }

    /** Sends {@code code} with {@code fields} and {@code body} to replica {@code index}. */
    RemotingResponse call(int index, int code, Map<String, String> fields, String body) throws InterruptedException {
        RemotingHeader header = new RemotingHeader().asRequest(code, 0);
        header.ext().putAll(fields);
        return client.invokeSync(address(index), header,
            body == null ? null : Unpooled.wrappedBuffer(body.getBytes(StandardCharsets.UTF_8)), 3 * REQUEST_TIMEOUT_MILLIS);
    }

    @Override
    public void close() throws IOException {
        client.close();
        for (int i = 0; i < SIZE; i++) {
            if (servers[i] != null) {
                stop(i);
            }
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
