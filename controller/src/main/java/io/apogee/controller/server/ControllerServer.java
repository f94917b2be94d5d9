package io.apogee.controller.server;

import io.apogee.common.time.Clock;
import io.apogee.controller.raft.ControllerReplica;
import io.apogee.controller.state.ControllerReply;
import io.apogee.transport.RemotingServer;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.transport.auth.AuthenticationGate;
import io.apogee.transport.auth.Authenticator;
import io.apogee.transport.auth.Credentials;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One controller replica as a process runs it: the Raft replica with its storage directory, the remoting port that
 * answers RocketMQ's controller codes, and the leader's periodic look for silent masters. Owns all three and stops
 * them on {@link #close()}. Thread-safe.
 */
public final class ControllerServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ControllerServer.class);

    private final ControllerReplica replica;
    private final BrokerLiveness liveness;
    private final RemotingServer remoting;
    private final InactiveMasterScan scan;
    private final ScheduledExecutorService scheduler;

    private ControllerServer(ControllerReplica replica, BrokerLiveness liveness, RemotingServer remoting,
                             InactiveMasterScan scan, ScheduledExecutorService scheduler) {
        this.replica = replica;
        this.liveness = liveness;
        this.remoting = remoting;
        this.scan = scan;
        this.scheduler = scheduler;
    }

    /**
     * Starts a replica of {@code config}: liveness is timed on {@code clock}, and the scan for silent masters runs
     * every {@code scanNotActiveBrokerInterval}.
     *
     * @throws IOException          if the Raft replica cannot start on its directory or port
     * @throws InterruptedException if interrupted while binding the remoting port
     */
    public static ControllerServer start(ControllerConfig config, Clock clock, TransportConfig transport)
        throws IOException, InterruptedException {
        ControllerReplica replica = ControllerReplica.start(new ControllerReplica.Settings(config.group(),
            config.peers(), config.selfId(), config.storePath(), config.electionTimeoutMillis(),
            config.requestTimeoutMillis(), config.snapshotThreshold()));
        RemotingServer remoting = null;
        try {
            BrokerLiveness liveness = new BrokerLiveness(clock, config.brokerTimeoutMillis());
            ControllerRequestHandler handler = new ControllerRequestHandler(replica, liveness, config);
            remoting = RemotingServer.start(transport, gated(handler, config), config.listenHost(), config.listenPort());
            handler.advertise(config.advertisedAddress(remoting.port()));
            InactiveMasterScan scan = new InactiveMasterScan(replica, liveness, config.electUncleanMaster());
            ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(task -> {
                Thread thread = new Thread(task, "controller-scan-" + config.selfId());
                thread.setDaemon(true);
                return thread;
            });
            scheduler.scheduleWithFixedDelay(() -> runScan(scan), config.scanIntervalMillis(),
                config.scanIntervalMillis(), TimeUnit.MILLISECONDS);
            return new ControllerServer(replica, liveness, remoting, scan, scheduler);
        } catch (InterruptedException | RuntimeException e) {
            if (remoting != null) {
                remoting.close();
            }
            replica.close();
            throw e;
        }
    }

    /**
     * The handler, or with authentication on a gate in front of it that lets through only requests signed by one of
     * the configured users: a controller keeps no user table of its own.
     */
    private static RequestDispatcher gated(ControllerRequestHandler handler, ControllerConfig config) {
        if (!config.authenticationEnabled()) {
            return handler;
        }
        Credentials[] signers = config.signers().toArray(Credentials[]::new);
        LOG.info("authentication on: every request must be signed by one of {}", Authenticator.accessKeys(signers));
        return AuthenticationGate.allBut(Set.of(), Authenticator.of(signers), handler);
    }

    private static void runScan(InactiveMasterScan scan) {
        try {
            scan.scan();
        } catch (RuntimeException e) {
            LOG.warn("the scan for silent masters failed", e);
        }
    }

    /** The Raft replica. */
    public ControllerReplica replica() {
        return replica;
    }

    /** True when this replica leads and has heard from {@code brokerId} of {@code brokerName} within its timeout. */
    public boolean brokerAlive(String brokerName, long brokerId) {
        return replica.isLeader() && liveness.isAlive(brokerName, brokerId);
    }

    /** The remoting port brokers and tools talk to. */
    public int port() {
        return remoting.port();
    }

    /**
     * Runs one scan for silent masters now, besides the periodic ones; completes with the replies of the elections
     * it started.
     */
    public CompletableFuture<List<ControllerReply>> scanNow() {
        return scan.scan();
    }

    /** Stops the scan, the remoting port and the replica; the storage directory stays. */
    @Override
    public void close() throws IOException {
        scheduler.shutdownNow();
        try {
            remoting.close();
        } finally {
            replica.close();
        }
    }
}
