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
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One controller replica as a process runs it: the Raft replica with its storage directory, the remoting port that
 * answers RocketMQ's controller codes (its own, or the name server's that hosts it), the leader's periodic look for
 * silent masters, and the notices of new masters to brokers. Owns all of them but a hosting server's port, and stops
 * them on {@link #close()}. Thread-safe.
 */
public final class ControllerServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ControllerServer.class);

    private final ControllerConfig config;
    private final ControllerReplica replica;
    private final BrokerLiveness liveness;
    private final ControllerRequestHandler handler;
    private final RequestDispatcher dispatcher;
    private final RoleChangeNotifier notifier;
    private final InactiveMasterScan scan;
    private final ScheduledExecutorService scheduler;
    /** The port of its own, or null when another server hosts the controller's codes on its port. */
    private final RemotingServer remoting;
    private volatile int hostPort = -1;

    private ControllerServer(ControllerConfig config, ControllerReplica replica, Clock clock,
                             TransportConfig transport) throws InterruptedException {
        this.config = config;
        this.replica = replica;
        this.liveness = new BrokerLiveness(clock, config.brokerTimeoutMillis());
        this.notifier = new RoleChangeNotifier(liveness, config.notifyBrokerRoleChanged(), config.selfId(),
            config.innerClient());
        this.handler = new ControllerRequestHandler(replica, liveness, config, notifier::onElection);
        this.dispatcher = gated(handler, config);
        this.scan = new InactiveMasterScan(replica, liveness, config.electUncleanMaster(), notifier::onElection);
        this.scheduler = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "controller-scan-" + config.selfId());
            thread.setDaemon(true);
            return thread;
        });
        RemotingServer bound = null;
        try {
            if (transport != null) {
                bound = RemotingServer.start(transport, dispatcher, config.listenHost(), config.listenPort());
                handler.advertise(config.advertisedAddress(bound.port()));
            }
        } catch (InterruptedException | RuntimeException e) {
            scheduler.shutdownNow();
            notifier.close();
            throw e;
        }
        this.remoting = bound;
        scheduler.scheduleWithFixedDelay(() -> runScan(scan), config.scanIntervalMillis(),
            config.scanIntervalMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Starts a replica of {@code config} on its own remoting port: liveness is timed on {@code clock}, and the scan
     * for silent masters runs every {@code scanNotActiveBrokerInterval}.
     *
     * @throws IOException          if the Raft replica cannot start on its directory or port
     * @throws InterruptedException if interrupted while binding the remoting port
     */
    public static ControllerServer start(ControllerConfig config, Clock clock, TransportConfig transport)
        throws IOException, InterruptedException {
        return start(config, clock, Objects.requireNonNull(transport, "transport"), true);
    }

    /**
     * Starts a replica of {@code config} without a port of its own: the caller's server hands it the requests whose
     * codes {@link #serves} accepts, through {@link #dispatcher()}, and names its port with {@link #hostedOn}. This is
     * the controller inside the name server ({@code enableControllerInNamesrv}).
     *
     * @throws IOException if the Raft replica cannot start on its directory or port
     */
    public static ControllerServer hosted(ControllerConfig config, Clock clock) throws IOException {
        try {
            return start(config, clock, null, false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("a hosted controller binds no port, and so cannot be interrupted", e);
        }
    }

    private static ControllerServer start(ControllerConfig config, Clock clock, TransportConfig transport,
                                          boolean ownPort) throws IOException, InterruptedException {
        ControllerReplica replica = ControllerReplica.start(new ControllerReplica.Settings(config.group(),
            config.peers(), config.selfId(), config.storePath(), config.electionTimeoutMillis(),
            config.requestTimeoutMillis(), config.snapshotThreshold()));
        try {
            return new ControllerServer(config, replica, clock, ownPort ? transport : null);
        } catch (InterruptedException | RuntimeException e) {
            replica.close();
            throw e;
        }
    }

    /** True for the request codes the controller serves, which a hosting server hands to {@link #dispatcher()}. */
    public static boolean serves(int code) {
        return ControllerRequestHandler.isControllerCode(code);
    }

    /** The codes {@link #serves} accepts. */
    public static int[] codes() {
        return ControllerRequestHandler.CODES.clone();
    }

    /** Where the requests of the controller's codes go: the handler, behind the signature check when it is on. */
    public RequestDispatcher dispatcher() {
        return dispatcher;
    }

    /**
     * Names the port of the server that hosts this replica's codes, once it is bound: the leader gives its host and
     * this port as its address.
     */
    public void hostedOn(int port) {
        hostPort = port;
        handler.advertise(config.advertisedAddress(port));
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

    /** The remoting port brokers and tools talk to: its own, or the hosting server's (-1 until named). */
    public int port() {
        return remoting != null ? remoting.port() : hostPort;
    }

    /**
     * Runs one scan for silent masters now, besides the periodic ones; completes with the replies of the elections
     * it started.
     */
    public CompletableFuture<List<ControllerReply>> scanNow() {
        return scan.scan();
    }

    /** Stops the scan, its own remoting port, the notices and the replica; the storage directory stays. */
    @Override
    public void close() throws IOException {
        scheduler.shutdownNow();
        try {
            if (remoting != null) {
                remoting.close();
            }
            notifier.close();
        } finally {
            replica.close();
        }
    }
}
