package io.apogee.broker.server;

import io.apogee.common.time.SystemClock;
import io.apogee.controller.server.ControllerConfig;
import io.apogee.controller.server.ControllerServer;
import io.apogee.controller.state.GroupView;
import io.apogee.launcher.Ports;
import io.apogee.testsupport.Await;
import io.apogee.transport.TransportConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Three failover controller replicas in the test's JVM, their Raft peers on loopback and their remoting ports on a
 * given host, with the short timeouts the controller-mode tests use. A replica can be stopped alone
 * ({@link #stopLeader()}); {@link #close()} stops the rest. Not thread-safe: one test thread drives it.
 */
final class ControllerReplicas implements AutoCloseable {
    private static final int REPLICAS = 3;
    private static final Duration LEAD_WAIT = Duration.ofSeconds(60);

    private final List<ControllerServer> servers = new ArrayList<>();
    private final List<String> addresses = new ArrayList<>();

    private ControllerReplicas() {
    }

    /**
     * Starts the replicas with their stores under {@code dir}, their remoting ports listening on {@code listenHost} and
     * named to brokers as {@code advertisedHost:port}.
     */
    static ControllerReplicas start(Path dir, String listenHost, String advertisedHost)
        throws IOException, InterruptedException {
        List<String> peers = new ArrayList<>();
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < REPLICAS; i++) {
            peers.add("n" + i + "-127.0.0.1:" + Ports.free());
            ports.add(Ports.free());
        }
        ControllerReplicas replicas = new ControllerReplicas();
        try {
            for (int i = 0; i < REPLICAS; i++) {
                Map<String, String> settings = new HashMap<>();
                settings.put("controllerDLegerPeers", String.join(";", peers));
                settings.put("controllerDLegerSelfId", "n" + i);
                settings.put("controllerStorePath", dir.resolve("controller-n" + i).toString());
                settings.put("listenHost", listenHost);
                settings.put("listenPort", Integer.toString(ports.get(i)));
                settings.put("controllerElectionTimeoutMillis", "500");
                settings.put("controllerRequestTimeoutMillis", "2000");
                settings.put("scanNotActiveBrokerInterval", "200");
                replicas.servers.add(ControllerServer.start(ControllerConfig.parse(settings), SystemClock.INSTANCE,
                    TransportConfig.defaults()));
                replicas.addresses.add(advertisedHost + ":" + ports.get(i));
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            replicas.close();
            throw e;
        }
        return replicas;
    }

    /** The replicas' addresses as a broker's {@code controllerAddr}. */
    String controllerAddr() {
        return String.join(";", addresses);
    }

    /** Group {@code brokerName} as the leading replica holds it, or an empty group while none leads or knows it. */
    GroupView group(String brokerName) {
        for (ControllerServer server : servers) {
            if (server != null && server.replica().isLeader()) {
                GroupView view = server.replica().localGroup(brokerName);
                if (view != null) {
                    return view;
                }
            }
        }
        return new GroupView("", brokerName, new TreeMap<>(), GroupView.NO_MASTER, "", 0, new TreeSet<>(), 0);
    }

    /** Waits until a replica leads, then stops it; the others go on. */
    void stopLeader() throws IOException, InterruptedException {
        Await.until("a controller replica leads", LEAD_WAIT, () -> servers.stream()
            .anyMatch(server -> server != null && server.replica().isLeader()));
        for (int i = 0; i < servers.size(); i++) {
            ControllerServer server = servers.get(i);
            if (server != null && server.replica().isLeader()) {
                servers.set(i, null);
                server.close();
                return;
            }
        }
    }

    @Override
    public void close() throws IOException {
        for (int i = 0; i < servers.size(); i++) {
            ControllerServer server = servers.get(i);
            servers.set(i, null);
            if (server != null) {
                server.close();
            }
        }
    }
}
