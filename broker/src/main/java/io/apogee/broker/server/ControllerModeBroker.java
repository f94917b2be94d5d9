package io.apogee.broker.server;

import io.apogee.broker.failover.BrokerIdFile;
import io.apogee.broker.failover.ControllerClient;
import io.apogee.broker.failover.ControllerException;
import io.apogee.broker.failover.ControllerMode;
import io.apogee.broker.failover.EpochCache;
import io.apogee.broker.failover.EpochCacheProcessor;
import io.apogee.broker.failover.EpochFile;
import io.apogee.broker.failover.InSyncTracker;
import io.apogee.broker.failover.RoleChangeNoticeProcessor;
import io.apogee.broker.failover.GroupState;
import io.apogee.broker.request.Processor;
import io.apogee.common.time.Clock;
import io.apogee.store.MessageStore;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.transport.auth.RequestSigner;
import io.apogee.wire.code.ResponseCode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A broker in controller mode ({@code enableControllerMode=true}): the controller, not brokerRole, decides whether it
 * is its group's master or a slave, as RocketMQ 5's ReplicasManager does. It finds the leading controller replica,
 * applies for a broker id (kept in {@link BrokerIdFile}), registers, asks for an election while the group has no
 * master, and runs a {@link BrokerContext} in the role the controller gives: a master registers as brokerId 0 with the
 * name servers and serves slaves on its HA port; a slave registers its own id and follows the master the name servers
 * name. It sends BROKER_HEARTBEAT every brokerHeartbeatInterval and reads its group every syncBrokerMetadataPeriod.
 * Until it has a role, a failed pass is tried again within {@link #START_RETRY_MILLIS}, as RocketMQ's brokers retry
 * their start, rather than only at the next read of the group.
 * A notice from the controller of a newer master epoch (NOTIFY_BROKER_ROLE_CHANGED) makes it read its group at once.
 * When the master or its epoch changed, it switches: a master's store refuses sends at once, then the broker is
 * closed and started again in its new role on the same port and data directory.
 *
 * <p>Thread-safe. One role thread owns the steps and the switch; a second thread sends heartbeats, reading the
 * current broker through a volatile field. {@link #close()} may be called from any thread, more than once.
 */
public final class ControllerModeBroker implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ControllerModeBroker.class);
    private static final long CONTROLLER_TIMEOUT_MILLIS = 3_000;
    /**
     * How soon a broker without a role tries again: RocketMQ's ReplicasManager retries its start every 5 s. Tied to
     * syncBrokerMetadataPeriod instead, one refused or lost request at start would leave the group without a master
     * for a whole period, which may be minutes.
     */
    static final long START_RETRY_MILLIS = 5_000;

    private final BrokerConfig config;
    private final ControllerMode mode;
    private final Clock clock;
    private final RemotingClient client;
    private final ControllerClient controller;
    /** Signs every call to the controllers and to a new master, with the inner credentials; null without them. */
    private final RequestSigner signer;
    private final BrokerIdFile idFile;
    private final EpochFile epochs;
    private final int port;
    private final String address;
    private final ScheduledExecutorService roleThread;
    private final ScheduledExecutorService heartbeatThread;
    private final Processor notices = new RoleChangeNoticeProcessor(this::onRoleChangeNotice);
    private final AtomicInteger noticesFollowed = new AtomicInteger();
    // written by the role thread only; read by the heartbeat thread and by callers
    private volatile long brokerId = -1;
    private volatile boolean registered;
    private volatile int masterEpoch;
    private volatile boolean master;
    private volatile BrokerContext broker;
    private volatile boolean closed;
    /** The group's sync-state set and its epoch as last read or changed; a master keeps it up to date. */
    private volatile Set<Long> syncStateSet = Set.of();
    private volatile int syncStateSetEpoch;
    /** A master's view of which slaves are in sync; null on a slave. The role thread's. */
    private InSyncTracker tracker;

    private ControllerModeBroker(BrokerConfig config, Clock clock) {
        this.config = config;
        this.mode = config.controllerMode();
        this.clock = clock;
        this.port = config.listenPort() == 0 ? freePort() : config.listenPort();
        this.address = config.brokerIp() + ':' + port;
        this.idFile = new BrokerIdFile(config.storeRoot(), config.clusterName(), config.brokerName());
        this.epochs = new EpochFile(config.storeRoot());
        this.client = new RemotingClient(TransportConfig.builder().ioThreads(1).threadNamePrefix("apogee-controller-io")
            .build(), RequestDispatcher.IGNORE);
        this.signer = config.auth().innerClient() == null ? null : new RequestSigner(config.auth().innerClient());
        this.controller = new ControllerClient(mode.controllers(), client, CONTROLLER_TIMEOUT_MILLIS, signer);
        this.roleThread = Executors.newSingleThreadScheduledExecutor(runnable -> new Thread(runnable, "apogee-role"));
        this.heartbeatThread = Executors.newSingleThreadScheduledExecutor(
            runnable -> new Thread(runnable, "apogee-controller-heartbeat"));
    }

    /**
     * Starts reporting to the controllers of {@code config}; the broker itself starts once the controller gave it a
     * role. Returns at once.
     */
    public static ControllerModeBroker start(BrokerConfig config, Clock clock) {
        ControllerModeBroker broker = new ControllerModeBroker(config, clock);
        LOG.info("broker {} at {} in controller mode: controllers {}", config.brokerName(), broker.address,
            broker.mode.controllers());
        broker.roleThread.scheduleWithFixedDelay(broker::step, 0, broker.mode.syncBrokerMetadataMillis(),
            TimeUnit.MILLISECONDS);
        broker.roleThread.scheduleWithFixedDelay(broker::retryStart, START_RETRY_MILLIS, START_RETRY_MILLIS,
            TimeUnit.MILLISECONDS);
        broker.roleThread.scheduleWithFixedDelay(broker::checkSyncStateSet, broker.mode.checkSyncStateSetMillis(),
            broker.mode.checkSyncStateSetMillis(), TimeUnit.MILLISECONDS);
        broker.heartbeatThread.scheduleAtFixedRate(broker::heartbeat, broker.mode.heartbeatIntervalMillis(),
            broker.mode.heartbeatIntervalMillis(), TimeUnit.MILLISECONDS);
        return broker;
    }

    /** One pass of the role thread: whatever comes next of id, registration, election and role. Errors wait a pass. */
    private void step() {
        try {
            if (closed) {
                return;
            }
            if (brokerId < 0) {
                brokerId = applyForId();
            }
            GroupState group;
            if (registered) {
                group = controller.replicaInfo(config.brokerName());
            } else {
                group = controller.register(config.clusterName(), config.brokerName(), brokerId, address);
                registered = true;
                LOG.info("broker {} registered with controller {} as id {}", address, controller.leader(), brokerId);
            }
            if (!group.hasMaster()) {
                group = controller.elect(config.clusterName(), config.brokerName(), brokerId);
            }
            if (group.hasMaster()) {
                follow(group);
            }
        } catch (ControllerException e) {
            LOG.warn("broker {}: {}; trying again in {} ms", address, e.getMessage(), nextTryMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.error("broker {}: a controller-mode step failed; trying again in {} ms", address, nextTryMillis(), e);
        }
    }

    /** How long until the next pass: the start retry while the broker has no role, its read of the group after. */
    private long nextTryMillis() {
        long period = mode.syncBrokerMetadataMillis();
        return broker == null ? Math.min(START_RETRY_MILLIS, period) : period;
    }

    /** Another pass while the broker has no role yet (or lost it in a failed switch); nothing once it has one. */
    private void retryStart() {
        if (broker == null) {
            step();
        }
    }

    /**
     * The id kept under the store, claimed again; or the controller's next free id, kept as a candidate before it is
     * claimed. A candidate another broker claimed first is forgotten, and the next pass asks for a new one.
     */
    private long applyForId() throws InterruptedException {
        OptionalLong kept = idFile.read();
        long id = kept.isPresent() ? kept.getAsLong()
            : controller.nextBrokerId(config.clusterName(), config.brokerName());
        if (kept.isEmpty()) {
            // kept first: a crash between claim and write would otherwise leave a claimed id no broker knows
            idFile.write(id, false);
        }
        try {
            controller.applyBrokerId(config.clusterName(), config.brokerName(), id, address);
        } catch (ControllerException e) {
            if (e.code() == ResponseCode.CONTROLLER_BROKER_ID_INVALID && !idFile.confirmed()) {
                idFile.clear();
            }
            throw e;
        }
        idFile.write(id, true);
        LOG.info("broker {} holds id {} in group {}", address, id, config.brokerName());
        return id;
    }

    /** Takes the role {@code group} gives, when its master or epoch differs from the one this broker follows. */
    private void follow(GroupState group) throws InterruptedException {
        boolean leads = group.masterBrokerId() == brokerId;
        if (!group.syncStateSet().isEmpty() && group.masterEpoch() >= masterEpoch) {
            syncStateSet = group.syncStateSet();
            syncStateSetEpoch = group.syncStateSetEpoch();
        }
        BrokerContext current = broker;
        if (current != null && group.masterEpoch() == masterEpoch && leads == master) {
            if (master) {
                applySyncStateSet(current);
            }
            return;
        }
        if (broker != null && group.masterEpoch() < masterEpoch) {
            LOG.warn("broker {}: the controller answered master epoch {}, older than {}; ignored", address,
                group.masterEpoch(), masterEpoch);
            return;
        }
        switchTo(leads, group);
    }

    /**
     * Closes the broker in its old role and starts it in the new one. A master stops taking sends first, at once:
     * another broker already masters a newer epoch. A new master adds its epoch at its log's end before it listens; a
     * new slave first cuts its log where it stops agreeing with its master's (docs/failover.md).
     */
    private void switchTo(boolean leads, GroupState group) throws InterruptedException {
        BrokerContext old = broker;
        if (old != null && master) {
            old.store().replicaOnly();
        }
        // a slave's master must answer first: nothing may be cut against an unknown log
        EpochCache theirs = leads ? null
            : EpochCache.fetch(client, group.masterAddress(), CONTROLLER_TIMEOUT_MILLIS, signer);
        if (old != null) {
            broker = null;
            old.close();
        }
        BrokerRole role = leads ? masterRole() : BrokerRole.SLAVE;
        BrokerConfig roleConfig = config.withRole(role, leads ? 0 : brokerId, port);
        long id = leads ? 0 : brokerId;
        Function<MessageStore, Processor> cache =
            store -> new EpochCacheProcessor(config.clusterName(), config.brokerName(), id, epochs, store);
        BrokerContext started;
        if (leads) {
            int epoch = group.masterEpoch();
            started = BrokerContext.start(roleConfig, clock, new RoleStart(RoleStart.NO_CUT, context -> {
                if (epochs.lastEpoch() < epoch) {
                    epochs.begin(epoch, context.store().logEnd());
                }
                applySyncStateSet(context); // before the first send
            }, cache, notices));
        } else {
            started = startSlave(roleConfig, cache, theirs);
        }
        masterEpoch = group.masterEpoch();
        master = leads;
        tracker = leads ? new InSyncTracker(mode.maxNotCatchupMillis(), started.store().logEnd()) : null;
        broker = started;
        LOG.info("broker {} (id {}) is {} in master epoch {}{}", address, brokerId, role, group.masterEpoch(),
            leads ? "" : ", following broker " + group.masterBrokerId() + " at " + group.masterAddress());
    }

    /**
     * Starts a slave of the master whose epochs are {@code theirs}. When its log runs past the point where it stops
     * agreeing with the master's, the first start stops before it listens, and the broker starts again with its log cut
     * there. Once the logs agree, the slave takes the master's epochs as its own.
     */
    private BrokerContext startSlave(BrokerConfig roleConfig,
        Function<MessageStore, Processor> cache,
        EpochCache theirs) throws InterruptedException {
        long[] cut = {RoleStart.NO_CUT};
        Consumer<BrokerContext> check = context -> {
            long end = context.store().logEnd();
            long agreed = agreedEnd(theirs, end);
            if (agreed < end) {
                cut[0] = agreed;
                throw new DivergedLog(end, agreed);
            }
            epochs.replaceWith(theirs.entries());
        };
        try {
            return BrokerContext.start(roleConfig, clock, new RoleStart(RoleStart.NO_CUT, check, cache, notices));
        } catch (DivergedLog diverged) {
            LOG.warn("broker {}: {}; cutting the log there before following", address, diverged.getMessage());
        }
        return BrokerContext.start(roleConfig, clock, new RoleStart(cut[0], check, cache, notices));
    }

    /**
     * Where this log stops agreeing with the master's: RocketMQ's consistent point. An empty log agrees; a log that
     * shares no epoch with the master's is copied again from the start.
     */
    private long agreedEnd(EpochCache theirs, long end) {
        if (end == 0) {
            return 0;
        }
        long point = EpochFile.consistentPoint(epochs.entries(), end, theirs.entries(), theirs.maxOffset());
        if (point < 0) {
            LOG.warn("broker {}: the log shares no master epoch with the master's ({} against {}); copied again from 0",
                address, epochs.entries(), theirs.entries());
            return 0;
        }
        return point;
    }

    /** A log that runs past the point where it agrees with the master's: the start stops, to cut it there. */
    private static final class DivergedLog extends RuntimeException {
        private static final long serialVersionUID = 1L;

        DivergedLog(long end, long agreed) {
            super("the log ends at " + end + " but agrees with the master's only up to " + agreed, null, false, false);
        }
    }

    /**
     * The controller's notice of a new master (NOTIFY_BROKER_ROLE_CHANGED): when its epoch is newer than the one this
     * broker follows, the role thread reads the group now rather than at its next poll, and takes the role it gives.
     * The group is read from the leader rather than taken from the notice, so that a notice that is forged, or
     * overtaken by a later election, cannot switch the broker. An older or equal epoch changes nothing.
     */
    private void onRoleChangeNotice(int noticeEpoch) {
        int current = masterEpoch;
        if (closed || noticeEpoch <= current) {
            LOG.info("broker {}: a notice of master epoch {} is not newer than {}; ignored", address, noticeEpoch,
                current);
            return;
        }
        LOG.info("broker {}: the controller names a master of epoch {}; reading the group now", address, noticeEpoch);
        try {
            roleThread.execute(() -> {
                noticesFollowed.incrementAndGet();
                step();
            });
        } catch (RejectedExecutionException e) {
            LOG.debug("broker {}: closing; the notice is dropped", address);
        }
    }

    /** How many notices of a newer master epoch made the broker read its group at once. */
    public int noticesFollowed() {
        return noticesFollowed.get();
    }

    /**
     * A master's check of its sync-state set: itself and the slaves in sync ({@link InSyncTracker}). When that differs
     * from the set the controller holds, it asks the controller to change it, with both epochs: a master fenced by a
     * newer epoch is refused, and learns of its successor on its next read of the group.
     */
    private void checkSyncStateSet() {
        try {
            BrokerContext current = broker;
            if (closed || !master || current == null || tracker == null) {
                return;
            }
            Set<Long> wanted = new TreeSet<>(tracker.check(current.slaves(), current.store().logEnd(), clock.millis()));
            wanted.add(brokerId);
            if (wanted.equals(syncStateSet)) {
                return;
            }
            int epoch = controller.alterSyncStateSet(config.brokerName(), brokerId, masterEpoch, wanted,
                syncStateSetEpoch);
            LOG.info("broker {}: sync-state set {} -> {} (epoch {})", address, syncStateSet, wanted, epoch);
            syncStateSet = Set.copyOf(wanted);
            syncStateSetEpoch = epoch;
            applySyncStateSet(current);
        } catch (ControllerException e) {
            LOG.warn("broker {}: the sync-state set stays {}: {}", address, syncStateSet, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.error("broker {}: the sync-state set check failed", address, e);
        }
    }

    /** The group's sync-state set as this broker last read or changed it. */
    public Set<Long> syncStateSet() {
        return syncStateSet;
    }

    /** SYNC_MASTER with allAckInSyncStateSet or when brokerRole says so; an ASYNC_MASTER otherwise. */
    private BrokerRole masterRole() {
        if (mode.allAckInSyncStateSet()) {
            return BrokerRole.SYNC_MASTER;
        }
        BrokerRole configured = config.replication().role();
        return configured.isMaster() ? configured : BrokerRole.ASYNC_MASTER;
    }

    /**
     * Applies the sync-state set to a master's sends: whom a send waits for (allAckInSyncStateSet), and whether the
     * set is large enough to take sends at all (minInSyncReplicas). The master always counts as a member.
     */
    private void applySyncStateSet(BrokerContext current) {
        Set<Long> slaves = new TreeSet<>(syncStateSet);
        slaves.remove(brokerId);
        current.syncStateSet(mode.allAckInSyncStateSet() ? slaves : null, slaves.size() + 1 >= mode.minInSyncReplicas());
    }

    private void heartbeat() {
        long id = brokerId;
        if (closed || id < 0 || !registered) {
            return;
        }
        BrokerContext current = broker;
        long maxOffset = current == null ? -1 : current.store().logEnd();
        try {
            controller.heartbeat(config.clusterName(), config.brokerName(), id, address, masterEpoch, maxOffset,
                mode.heartbeatTimeoutMillis());
        } catch (RuntimeException e) {
            LOG.debug("heartbeat to the controller not sent: {}", e.toString());
        }
    }

    /** The broker's id in its group, as the controller gave it; -1 before. */
    public long brokerId() {
        return brokerId;
    }

    /** Whether the broker is its group's master now. */
    public boolean isMaster() {
        return master && broker != null;
    }

    /** The master epoch of the role the broker has now; 0 before its first. */
    public int masterEpoch() {
        return masterEpoch;
    }

    /** The broker in its current role, or null while it has none (before its first, or during a switch). */
    public BrokerContext broker() {
        return broker;
    }

    /** The broker's address as registered: brokerIP1 and its port. */
    public String address() {
        return address;
    }

    /** Stops the threads, then closes the broker (which unregisters from the name servers) and the client. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        heartbeatThread.shutdownNow();
        roleThread.shutdown();
        try {
            if (!roleThread.awaitTermination(30, TimeUnit.SECONDS)) {
                LOG.error("broker {}: the role thread has not stopped", address);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        BrokerContext current = broker;
        if (current != null) {
            current.close();
        }
        client.close();
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port", e);
        }
    }
}
