package io.apogee.broker.server;

import io.apogee.broker.admin.BrokerConfigProcessor;
import io.apogee.broker.admin.BrokerConsumeStatsProcessor;
import io.apogee.broker.admin.BrokerStatsDataProcessor;
import io.apogee.broker.admin.BrokerStatsProcessor;
import io.apogee.broker.admin.CleanExpiredQueueProcessor;
import io.apogee.broker.admin.ConsumerCallProcessor;
import io.apogee.broker.admin.ConsumerInfoProcessor;
import io.apogee.broker.admin.DeliveryStatus;
import io.apogee.broker.admin.MessageQueryProcessor;
import io.apogee.broker.admin.MessageRequestModeProcessor;
import io.apogee.broker.admin.ProducerConnectionProcessor;
import io.apogee.broker.admin.ResetOffsetProcessor;
import io.apogee.broker.admin.RuntimeStats;
import io.apogee.broker.admin.SubscriptionGroupProcessor;
import io.apogee.broker.admin.TopicConfigProcessor;
import io.apogee.broker.admin.TopicDeletionProcessor;
import io.apogee.broker.auth.AuthSettings;
import io.apogee.broker.auth.authentication.UserAdminProcessor;
import io.apogee.broker.auth.authentication.UserBootstrap;
import io.apogee.broker.auth.authorization.AclAdmin;
import io.apogee.broker.auth.authorization.AclAdminProcessor;
import io.apogee.broker.auth.authorization.AclStore;
import io.apogee.broker.auth.authorization.AuthorizationGate;
import io.apogee.broker.auth.authorization.Authorizer;
import io.apogee.broker.auth.authorization.UserDirectory;
import io.apogee.broker.client.ClientProcessor;
import io.apogee.broker.console.ConsoleServer;
import io.apogee.broker.console.ConsoleSources;
import io.apogee.broker.detour.Detours;
import io.apogee.broker.detour.SendCopies;
import io.apogee.broker.failover.EpochCacheProcessor;
import io.apogee.broker.failover.RoleChangeNoticeProcessor;
import io.apogee.broker.filter.SubscriptionFilters;
import io.apogee.broker.group.ClientDirectory;
import io.apogee.broker.group.ConsumerGroups;
import io.apogee.broker.ha.HaStatusProcessor;
import io.apogee.broker.ha.MasterMetadata;
import io.apogee.broker.ha.MetadataFollower;
import io.apogee.broker.ha.ReplicaAcks;
import io.apogee.broker.ha.SlaveConfirmations;
import io.apogee.broker.ha.SlaveStatus;
import io.apogee.broker.health.BrokerHealth;
import io.apogee.broker.metadata.BrokerMetadata;
import io.apogee.broker.metadata.MetadataFiles;
import io.apogee.broker.metadata.User;
import io.apogee.broker.metrics.BrokerMetrics;
import io.apogee.broker.metrics.MetricsSources;
import io.apogee.broker.metrics.TrafficCounters;
import io.apogee.broker.migration.RocketMqImport;
import io.apogee.broker.namesrv.BrokerIdentity;
import io.apogee.broker.namesrv.KvConfigProcessor;
import io.apogee.broker.namesrv.NameServerCodes;
import io.apogee.broker.namesrv.NameServerProcessor;
import io.apogee.broker.namesrv.NameServerRegistration;
import io.apogee.broker.offset.ConsumerOffsets;
import io.apogee.broker.offset.OffsetExportProcessor;
import io.apogee.broker.offset.OffsetProcessor;
import io.apogee.broker.order.LockProcessor;
import io.apogee.broker.order.RebalanceLocks;
import io.apogee.broker.pull.HeldPullLimits;
import io.apogee.broker.pull.PullProcessor;
import io.apogee.broker.pull.PullSteering;
import io.apogee.broker.request.ExchangePool;
import io.apogee.broker.request.Processor;
import io.apogee.broker.request.ProcessorFamily;
import io.apogee.broker.request.ProcessorSwitch;
import io.apogee.broker.request.RequestRouter;
import io.apogee.broker.retry.DeadLetterDetour;
import io.apogee.broker.retry.SendBackProcessor;
import io.apogee.broker.schedule.DelayLevelDetour;
import io.apogee.broker.schedule.ScheduleService;
import io.apogee.broker.schedule.ScheduleTopic;
import io.apogee.broker.send.SendProcessor;
import io.apogee.broker.timer.TimerCheckpointProcessor;
import io.apogee.broker.timer.TimerDetour;
import io.apogee.broker.timer.TimerService;
import io.apogee.broker.timer.TimerTopic;
import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicAdminProcessor;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.broker.transaction.EndTransactionProcessor;
import io.apogee.broker.transaction.TransactionChecker;
import io.apogee.broker.transaction.TransactionLog;
import io.apogee.common.agent.AgentRunner;
import io.apogee.common.agent.DeadlineIdleStrategy;
import io.apogee.common.agent.DistinctErrorLog;
import io.apogee.common.agent.Scheduler;
import io.apogee.common.agent.SchedulerAgent;
import io.apogee.common.time.Clock;
import io.apogee.store.MessageStore;
import io.apogee.store.StoreConfig;
import io.apogee.store.commitlog.CommitLogConfig;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.file.NioFileIo;
import io.apogee.store.queue.TagsCodeRule;
import io.apogee.store.retention.RetentionConfig;
import io.apogee.streams.server.StreamUsers;
import io.apogee.transport.Peer;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingServer;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.transport.auth.AuthenticationGate;
import io.apogee.transport.auth.Authenticator;
import io.apogee.transport.auth.RequestSigner;
import io.apogee.transport.tls.ServerTls;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.id.UniqueKeyGenerator;
import io.apogee.wire.message.record.StoredRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One running broker: the store and its agents, the topic, group and offset tables, one processor family per request
 * family, and the listeners (the broker port, and the embedded name server's port when configured, which answers only
 * name-server codes), and the registration with separate name servers when {@code namesrvAddr} names some. Its
 * {@link ReplicationRole} serves slaves on the HA port (a master) or copies the master's log into a store that refuses
 * sends (a slave, which also runs no service that writes copies); see docs/replication.md. With
 * {@code metricsExporterType=PROM} it also serves {@link BrokerMetrics} on their own port, closed with the broker
 * (docs/metrics.md). With {@code consoleEnable=true} it serves the {@link ConsoleServer} on its port (docs/console.md).
 * {@link #start} wires and opens everything; {@link #close()} unregisters, stops the listeners, drains the processors,
 * stops the agents, persists the metadata tables (which it owns, in the store's metadata directory) and closes the
 * store (flush, checkpoint, clean-shutdown marker).
 *
 * <p>Periodic and delayed work runs on four {@link SchedulerAgent}s, each on its own agent runner, grouped by latency
 * class so that a slow task never delays one that must run on time: the timeout scheduler (held-pull timeouts,
 * statistics samples, client expiry sweeps: short tasks), the background scheduler (metadata persistence with its
 * fsync, transaction checks within their time budget, name-server registration), and one each for the schedule and
 * timer services, whose appends may wait. Every error of an agent or a task goes through the {@link BrokerHealth},
 * which brokerStatus shows.
 *
 * <p>Thread-safe: {@link #close()} may be called from any thread (a shutdown hook), more than once.
 */
public final class BrokerContext implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(BrokerContext.class);
    private static final int QUEUE_CAPACITY = 10_000;
    private static final long PERSIST_INTERVAL_MILLIS = 5_000;
    private static final long STATS_SAMPLE_MILLIS = 1_000;
    private static final long MIN_EXPIRY_SWEEP_MILLIS = 50;
    private static final long MAX_EXPIRY_SWEEP_MILLIS = 10_000;
    private static final int RECORD_HEADROOM = 64 * 1024;
    private static final int NAME_SERVER_SPARE_EXCHANGES = 256;
    // a scheduler parks until its next task (a sooner one unparks it); the bound only caps how long a cancelled
    // task's memory waits, and each scheduler has a periodic task anyway
    private static final long MAX_SCHEDULER_PARK_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** RocketMQ's fast (VIP) port lies this far below the broker port. */
    private static final int FAST_PORT_OFFSET = 2;

    private final BrokerConfig config;
    private final MessageStore store;
    private final BrokerMetadata metadata;
    private final BrokerHealth errors;
    private final Clock clock;
    private final SchedulerAgent timeouts;
    private final SchedulerAgent background;
    private final List<AgentRunner> schedulerRunners = new ArrayList<>();
    private final List<ProcessorFamily> families = new ArrayList<>();
    private final List<RemotingServer> servers = new ArrayList<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final int brokerPort;
    private final SubscriptionFilters filters;
    private final AclStore acls;
    private final Authorizer authorizer;
    private final RuntimeSettings settings;
    private RemotingServer nameServer;
    private NameServerRegistration registration;
    /** Which broker a consumer pulls from next: a slow one to a slave, a caught-up one back to the master. */
    private PullSteering steering;
    /** A slave's copy of its master's topics, groups and offsets; null on a master or without name servers. */
    private MetadataFollower follower;
    // set while starting, read by close(), which may run on a shutdown hook's thread
    private volatile BrokerMetrics metrics;
    // set while starting, read by close()
    private volatile ConsoleServer console;
    private TimerService timerService;
    private ScheduleService scheduleService;
    private AgentRunner timerRunner;
    private ReplicationRole replication;
    /** Read by metrics scrapes too. */
    private volatile StreamListener streams;
    /** What a SYNC_MASTER's store waits on, published by the HA master once it runs. */
    private final SlaveConfirmations confirmations;
    private final TrafficCounters traffic;
    private final RoleStart roleStart;

    private BrokerContext(BrokerConfig config, Clock clock, RoleStart roleStart) {
        this.config = config;
        this.roleStart = roleStart;
        this.brokerPort = config.listenPort() == 0 ? freePort() : config.listenPort();
        this.clock = clock;
        this.errors = new BrokerHealth(new DistinctErrorLog(clock, 256,
            (role, error) -> LOG.error("{} failed (logged once, counted after)", role, error)),
            status -> LOG.error("broker {} is {}", config.brokerName(), status.describe()));
        this.filters = new SubscriptionFilters(config.enablePropertyFilter(), config.filterLimits());
        this.traffic = config.metrics().enabled() ? TrafficCounters.counting() : TrafficCounters.DISABLED;
        // Apache RocketMQ's tables are read and checked before the store opens: one that cannot be carried over changes nothing
        RocketMqImport fromRocketMq = RocketMqImport.read(config.storeRoot());
        fromRocketMq.setAsideRocketMqIndex();
        TagsCodeRule tagsCodeRule = TimerTopic.tagsCodeRule(ScheduleTopic.tagsCodeRule(config.delayLevels()));
        this.store = roleStart.cutLogAt() == RoleStart.NO_CUT
            ? MessageStore.open(storeConfig(config), new NioFileIo(), clock, errors, tagsCodeRule)
            : MessageStore.openCutAt(storeConfig(config), new NioFileIo(), clock, errors, tagsCodeRule,
                roleStart.cutLogAt());
        errors.watch(store::failure);
        this.metadata = openMetadata(store);
        if (!fromRocketMq.isEmpty()) {
            fromRocketMq.apply(new MasterMetadata(metadata.topics(), metadata.offsets(), metadata.groups(),
                ScheduleService.OFFSET_GROUP, ScheduleTopic.NAME, config.topicLimits(), config.maxSubscriptionGroups()),
                store.recoveryReport());
        }
        UserBootstrap.createConfiguredUsers(config.auth(), metadata.users());
        this.acls = openAcls(store);
        this.settings = openSettings(config, store);
        this.authorizer = new Authorizer(config.authorization(), acls, userDirectory(metadata), config.clusterName());
        if (!store.recoveryReport().skippedQueuePaths().isEmpty()) {
            LOG.warn("left alone in the consume-queue directory, naming no queue: {}", store.recoveryReport().skippedQueuePaths());
        }
        this.confirmations = ReplicationRole.awaitSlaves(config.replication(), store);
        store.start(); // each store thread sleeps until its next work: an idle broker barely wakes
        this.timeouts = startScheduler("apogee-timeouts");
        this.background = startScheduler("apogee-background");
        background.repeat(this::persistMetadata, PERSIST_INTERVAL_MILLIS, PERSIST_INTERVAL_MILLIS);
    }

    /** The broker's tables from the store's metadata directory; a file that does not load closes the store. */
    private static BrokerMetadata openMetadata(MessageStore store) {
        try {
            return BrokerMetadata.open(MetadataFiles.of(store));
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    /** The config changed at run time over {@code config}; a kept change that does not load closes the store. */
    private static RuntimeSettings openSettings(BrokerConfig config, MessageStore store) {
        try {
            return RuntimeSettings.open(config, MetadataFiles.of(store));
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    /** The ACLs from the store's metadata directory; a file that does not load closes the store. */
    private static AclStore openAcls(MessageStore store) {
        try {
            return AclStore.open(MetadataFiles.of(store));
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    /**
     * A scheduler on its own runner thread named {@code name}. On close, pending tasks are dropped but a running one
     * finishes: the runner unparks rather than interrupts, because an interrupted force would fence the data directory.
     */
    private SchedulerAgent startScheduler(String name) {
        SchedulerAgent agent = new SchedulerAgent(name, clock, errors);
        AgentRunner runner = new AgentRunner(agent, new DeadlineIdleStrategy(agent, MAX_SCHEDULER_PARK_NANOS), errors);
        runner.start();
        schedulerRunners.add(runner);
        return agent;
    }

    /**
     * Opens the store, wires the processors and binds the listeners.
     *
     * @throws InterruptedException if interrupted while binding
     * @throws UncheckedIOException if the broker address does not resolve
     */
    public static BrokerContext start(BrokerConfig config, Clock clock) throws InterruptedException {
        return start(config, clock, RoleStart.CLASSIC);
    }

    /** Like {@link #start(BrokerConfig, Clock)}, with what controller mode adds to the start ({@link RoleStart}). */
    static BrokerContext start(BrokerConfig config, Clock clock, RoleStart roleStart) throws InterruptedException {
        BrokerContext context = new BrokerContext(config, clock, roleStart);
        try {
            roleStart.beforeListen().accept(context);
            context.listen(clock);
        } catch (InterruptedException | RuntimeException e) {
            context.close();
            throw e;
        }
        return context;
    }

    private void listen(Clock clock) throws InterruptedException {
        // before any port opens: a slave's store refuses sends from its first request on
        replication = ReplicationRole.start(config.replication(), store, confirmations, clock, errors, config.bindAddress(),
            config.brokerIp(), metadata.users()::get, config.auth().innerClient(), config.controllerMode().enabled());
        steering = new PullSteering(config.replication().slaveReadEnable(), !replication.isMaster(),
            PullSteering.inMemoryBytes(totalMemoryBytes(), config.replication().inMemoryPercent()), metadata.groups()::get);
        byte[] ip = resolve(config.brokerIp());
        HostAddress storeHost = HostAddress.of(ip, brokerPort);
        TopicRegistry topics = new TopicRegistry(metadata.topics(), config.autoCreateTopicEnable(),
            config.defaultTopicQueueNums(), config.clusterName(), config.brokerName(), config.topicLimits());
        ConsumerGroups groups = new ConsumerGroups(metadata.groups(), config.maxSubscriptionGroups());
        ConsumerOffsets offsets = new ConsumerOffsets(metadata.offsets());
        BrokerIdentity identity = new BrokerIdentity(config.clusterName(), config.brokerName(), config.brokerIp() + ':' + brokerPort);
        UniqueKeyGenerator keys = UniqueKeyGenerator.forThisProcess(ip, clock);
        ScheduleTopic schedule = new ScheduleTopic(config.delayLevels(), storeHost);
        topics.createIfAbsent(ScheduleTopic.NAME, config.delayLevels().count(), Permission.READ_WRITE);
        TimerTopic timer = new TimerTopic(storeHost);
        RebalanceLocks queueLocks = new RebalanceLocks(clock, config.rebalanceLockMaxLiveMillis());
        timeouts.repeat(queueLocks::sweep, config.rebalanceLockMaxLiveMillis(), config.rebalanceLockMaxLiveMillis());
        topics.createIfAbsent(TimerTopic.NAME, 1, Permission.READ_WRITE);
        // the store's hand-over never blocks: sends run on the I/O thread that read them, one processor per thread
        // (each with its own detours, whose properties reader is single-threaded)
        ProcessorFamily send = family(ProcessorFamily.onIoThreads("send", () -> {
            SendCopies copies = new SendCopies(store, storeHost, config.clusterName(), keys);
            Detours detours = new Detours(
                new DeadLetterDetour(copies, metadata.groups(), topics, queueLocks),
                new DelayLevelDetour(copies, schedule),
                new TimerDetour(copies, timer, clock, config.timerMaxDelayMillis(), config.timerWheelEnable()));
            return new SendProcessor(store, topics, storeHost, config.clusterName(), config.maxMessageSize(), keys)
                .detours(detours).traffic(traffic);
        }));
        ProcessorFamily sendBack = family(ProcessorFamily.of("send-back", new SendBackProcessor(store, topics,
            metadata.groups(), schedule, storeHost), QUEUE_CAPACITY));
        scheduleService = new ScheduleService(store, metadata.offsets(), schedule, clock);
        timerService = new TimerService(store, timer, clock, TimerService.DEFAULT_CAPACITY);
        if (replication.isMaster()) {
            // a slave's log holds only its master's bytes: the services that write copies run on the master alone
            scheduleService.start(startScheduler("apogee-schedule"));
            timerService.start(startScheduler("apogee-timer"));
            // kept so that close writes the timer checkpoint only once no tick can run any more
            timerRunner = schedulerRunners.getLast();
        }
        ProcessorFamily locks = family(ProcessorFamily.of("lock", new LockProcessor(queueLocks), QUEUE_CAPACITY));
        ProcessorFamily pull = pullFamily(topics, groups, offsets);
        ProcessorFamily offset = family(ProcessorFamily.of("offset", new OffsetProcessor(store, offsets, metadata.groups(),
            metadata.topics()), QUEUE_CAPACITY));
        ProcessorSwitch adminProcessors = new ProcessorSwitch();
        ClientDirectory clients = new ClientDirectory();
        RuntimeStats stats = new RuntimeStats(store, metadata.offsets(), clock);
        timeouts.repeat(stats::sample, STATS_SAMPLE_MILLIS, STATS_SAMPLE_MILLIS);
        ProcessorFamily admin = adminFamily(adminProcessors, topics, groups, offsets, clients, identity, stats);
        TransactionLog transactions = new TransactionLog(store, topics, storeHost, clock);
        transactions.load();
        if (config.metrics().enabled()) {
            metrics = BrokerMetrics.start(config.metrics(), new MetricsSources(config.clusterName(), config.brokerName(),
                clock, store, metadata, clients, traffic, transactions::halfMessages, transactions.commits(),
                transactions.rollbacks(), timerService::status, replication.acks(),
                () -> streams));
        }
        // the broker's own topics are written above and here, at once; clients' creations are written behind their threads
        topics.writeBehind(background::execute);
        groups.writeBehind(background::execute);
        adminProcessors.add(new EndTransactionProcessor(transactions), EndTransactionProcessor.CODES);
        if (replication.isMaster()) {
            background.repeat(new TransactionChecker(transactions, clients, clock, settings::transactionTimeoutMillis,
                settings::transactionCheckMax, config.transactionCheckRunMaxMillis()), config.transactionCheckIntervalMillis(),
                config.transactionCheckIntervalMillis());
        }
        ProcessorFamily query = family(ProcessorFamily.of("query", new MessageQueryProcessor(store, clock),
            QUEUE_CAPACITY));
        RequestRouter router = new RequestRouter()
            .route(send, SendProcessor.CODES)
            .route(sendBack, SendBackProcessor.CODES)
            .route(locks, LockProcessor.CODES)
            .route(pull, PullProcessor.CODES)
            .route(offset, OffsetProcessor.CODES)
            .route(query, MessageQueryProcessor.CODES)
            .route(admin, adminProcessors.codes());
        // both ports serve one certificate
        ServerTls tls = config.tls().serverTls(config.tlsDirectory());
        RequestDispatcher brokerDispatcher = brokerDispatcher(router);
        RemotingServer broker = RemotingServer.start(config.serverTransport("apogee-broker-io", 2, tls),
            brokerDispatcher, config.bindAddress(), brokerPort);
        servers.add(broker);
        LOG.info("broker {} of cluster {} listening on {}, published as {} ({})", config.brokerName(),
            config.clusterName(), broker.address(), config.brokerIp(), broker.isNativeTransport() ? "epoll" : "nio");
        startFastPort(brokerDispatcher, tls);
        if (config.nameServerPort() > 0) {
            // the embedded name server answers only what a name server answers: a SEND through it is refused
            RequestRouter nameServerRouter = new RequestRouter(new ExchangePool(NAME_SERVER_SPARE_EXCHANGES))
                .route(admin, NameServerCodes.of(adminProcessors.codes()));
            nameServer = RemotingServer.start(config.serverTransport("apogee-namesrv-io", 1, tls),
                nameServerDispatcher(nameServerRouter), config.bindAddress(), config.nameServerPort());
            servers.add(nameServer);
            LOG.info("name server listening on {}", nameServer.address());
        }
        if (config.streams() != null) {
            streams = StreamListener.start(config.streams(), tls, config.tls(), config.storeRoot(), streamUsers(),
                StreamAuthorization.of(authorizer), clock, config.flushDiskType() == FlushDiskType.SYNC_FLUSH);
        }
        if (!config.nameServerAddresses().isEmpty()) {
            registerWithNameServers(identity, topics, clock);
        }
        if (config.console() != null) {
            console = ConsoleServer.start(config.console(), new ConsoleSources(new ConsoleSources.BrokerIdentity(
                config.clusterName(), config.brokerName(), identity.address(), config.replication().role().name(),
                RuntimeStats.VERSION_DESC), store, topics, metadata.groups(), metadata.offsets(), offsets, clients, stats,
                metadata.users()::get, authorizer, config.auth().enabled(), clock), timeouts);
        }
    }

    /**
     * Registers with the name servers of namesrvAddr; a slave also learns its master from their answers, for its HA
     * client, its metadata follower and its pull steering.
     */
    private void registerWithNameServers(BrokerIdentity identity, TopicRegistry topics, Clock clock) {
        registration = new NameServerRegistration(config.nameServerAddresses(), identity, topics, clock, background,
            config.registerPeriodMillis(), new RemotingClient(transport("apogee-register-io", 1)
                .withClientTls(config.registrationTls()), RequestDispatcher.IGNORE),
            config.splitRegistrationSize());
        if (config.auth().innerClient() != null) {
            registration.signedWith(new RequestSigner(config.auth().innerClient()));
        }
        if (!replication.isMaster()) {
            follower = new MetadataFollower(background, config.replication().metadataSyncMillis(),
                new RemotingClient(transport("apogee-follow-io", 1).withClientTls(config.registrationTls()),
                    RequestDispatcher.IGNORE),
                config.auth().innerClient() == null ? null : new RequestSigner(config.auth().innerClient()),
                new MasterMetadata(metadata.topics(), metadata.offsets(), metadata.groups(),
                    ScheduleService.OFFSET_GROUP, ScheduleTopic.NAME, config.topicLimits(), config.maxSubscriptionGroups()));
            follower.start();
        }
        registration.replication(replication.brokerId(), replication.haAddress(), (master, ha) -> {
            replication.masterAt(ha);
            steering.masterOnline(master != null && !master.isEmpty());
            if (follower != null) {
                follower.masterAt(master);
            }
        });
        topics.onCreated(registration::topicsChanged);
        registration.start();
        LOG.info("registering with name servers {} every {} ms{}", config.nameServerAddresses(),
            config.registerPeriodMillis(), config.registrationTls() == null ? "" : " over TLS");
    }

    /**
     * The broker port's requests: straight to the router, or through the gates that are on: authentication (every
     * code but its whitelist must be signed), then authorization (the signer's ACL must allow what the code needs).
     */
    private RequestDispatcher brokerDispatcher(RequestRouter router) {
        RequestDispatcher dispatcher = router;
        if (authorizer.enabled()) {
            LOG.info("authorization on: requests need what their user's ACL allows");
            dispatcher = new AuthorizationGate(authorizer, dispatcher);
        }
        AuthSettings auth = config.auth();
        if (!auth.enabled()) {
            return dispatcher;
        }
        LOG.info("authentication on: requests must be signed, except codes {}", auth.whitelist());
        return AuthenticationGate.allBut(auth.whitelist(), new Authenticator(metadata.users()::get), dispatcher);
    }

    /**
     * RocketMQ's second broker port, {@code listenPort - 2} (its "fast" or VIP channel), serving the same requests: a
     * RocketMQ slave copies its master's tables through it ({@code MixAll.brokerVIPChannel}), as do clients with
     * {@code vipChannelEnabled}. One I/O thread. A port that cannot be bound is logged and left out: the main port
     * serves everything, and a test's free port may sit next to another's.
     */
    private void startFastPort(RequestDispatcher dispatcher, ServerTls tls) throws InterruptedException {
        int port = brokerPort - FAST_PORT_OFFSET;
        if (port <= 0) {
            return;
        }
        try {
            RemotingServer fast = RemotingServer.start(config.serverTransport("apogee-broker-fast-io", 1, tls), dispatcher,
                config.bindAddress(), port);
            servers.add(fast);
            LOG.info("broker's fast port (listenPort - 2, RocketMQ's VIP channel) listening on {}", fast.address());
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) { // Netty's bind throws BindException unchecked
            LOG.warn("broker's fast port {} (listenPort - 2, RocketMQ's VIP channel) not served: {}; a RocketMQ slave of"
                + " this broker cannot copy its topics and offsets", port, e.toString());
        }
    }

    /**
     * Who logs in to the stream protocol: with authentication on, the broker's enabled ACL users by their passwords, so
     * that one user table serves both protocols; otherwise the fixed {@code streamUsers}.
     */
    private StreamUsers streamUsers() {
        if (!config.auth().enabled()) {
            return StreamUsers.of(config.streams().server().users());
        }
        LOG.info("authentication on: stream clients log in as the broker's users, not streamUsers");
        return username -> {
            User user = metadata.users().get(username);
            return user != null && user.enabled() ? user.password() : null;
        };
    }

    /** What authorization knows of the users authentication keeps: whether one exists, and whether it is a super user. */
    private static UserDirectory userDirectory(BrokerMetadata metadata) {
        return username -> {
            User user = metadata.users().get(username);
            if (user == null) {
                return null;
            }
            return user.isSuper() ? UserDirectory.UserKind.SUPER : UserDirectory.UserKind.NORMAL;
        };
    }

    /**
     * The embedded name server's requests. As a RocketMQ name server, it answers routes to anyone; with authentication
     * on, a broker's registration must be signed by a user of this broker.
     */
    private RequestDispatcher nameServerDispatcher(RequestRouter router) {
        if (!config.auth().enabled()) {
            return router;
        }
        return AuthenticationGate.only(AuthenticationGate.REGISTRATIONS, new Authenticator(metadata.users()::get), router);
    }

    /** Pulls run on the I/O thread that read them, like sends: a read never blocks, and a held pull resumes there. */
    private ProcessorFamily pullFamily(TopicRegistry topics, ConsumerGroups groups, ConsumerOffsets offsets) {
        if (!replication.servesPulls()) {
            return family(ProcessorFamily.of("pull", ReplicationRole.pullRejection(), QUEUE_CAPACITY));
        }
        HeldPullLimits heldLimits = new HeldPullLimits(config.maxHeldPullsPerConnection(), config.maxHeldPulls());
        return family(ProcessorFamily.onIoThreads("pull", () -> new PullProcessor(store, topics, groups, offsets,
            filters, settings::suspendMaxMillis, timeouts, heldLimits, config.rangePullLimits(), steering)
            .traffic(traffic)));
    }

    /**
     * The admin family: clients, the name-server role, topic admin and deletion, KV config, statistics and consumer
     * info, each for its codes.
     */
    private ProcessorFamily adminFamily(ProcessorSwitch processors, TopicRegistry topics, ConsumerGroups groups,
        ConsumerOffsets offsets, ClientDirectory directory, BrokerIdentity identity, RuntimeStats stats) {
        ProcessorFamily admin = family(ProcessorFamily.of("admin", processors, QUEUE_CAPACITY));
        ClientProcessor clients = new ClientProcessor(groups, directory, topics, filters,
            task -> admin.executor().execute(task), clock, config.channelExpiredMillis());
        long sweep = Math.clamp(config.channelExpiredMillis() / 4, MIN_EXPIRY_SWEEP_MILLIS, MAX_EXPIRY_SWEEP_MILLIS);
        timeouts.repeat(() -> {
            try {
                admin.executor().execute(clients::expireSilent);
            } catch (RejectedExecutionException e) {
                LOG.debug("admin queue full or closing: the next sweep expires silent clients");
            }
        }, sweep, sweep);
        processors.add(clients, ClientProcessor.CODES)
            .add(new NameServerProcessor(topics, () -> identity), NameServerProcessor.CODES)
            .add(new TopicAdminProcessor(metadata.topics(), clock, config.topicLimits(), store::prepareQueueFiles),
                TopicAdminProcessor.CODES)
            .add(new KvConfigProcessor(config.storeRoot().resolve("config").resolve(KvConfigProcessor.FILE_NAME),
                new NioFileIo(), config.kvConfigLimits()),
                KvConfigProcessor.CODES)
            .add(new BrokerStatsProcessor(store, metadata.offsets(), topics, directory, stats, config.brokerName(),
                () -> new DeliveryStatus(timerService.status(), scheduleService.skipped(), timerService.skipped()),
                errors::status, () -> replication.figures(store, clock)),
                BrokerStatsProcessor.CODES)
            .add(new ConsumerInfoProcessor(directory, metadata.offsets()), ConsumerInfoProcessor.CODES)
            .add(new TopicDeletionProcessor(topics, metadata.offsets(), store), TopicDeletionProcessor.CODES)
            .add(new TopicConfigProcessor(topics), TopicConfigProcessor.CODES)
            .add(replication.statusProcessor(store), HaStatusProcessor.CODES)
            .add(roleStart.epochCache() == null ? epochCacheRefusal() : roleStart.epochCache().apply(store),
                EpochCacheProcessor.CODES)
            .add(roleStart.roleNotice() == null ? exchange -> exchange.reply(ResponseCode.SUCCESS, null)
                : roleStart.roleNotice(), RoleChangeNoticeProcessor.CODES)
            .add(new OffsetExportProcessor(metadata.offsets(), ScheduleService.OFFSET_GROUP, ScheduleTopic.NAME, clock),
                OffsetExportProcessor.CODES)
            .add(new TimerCheckpointProcessor(timerService), TimerCheckpointProcessor.CODES)
            .add(new MessageRequestModeProcessor(), MessageRequestModeProcessor.CODES)
            .add(new BrokerConfigProcessor(settings), BrokerConfigProcessor.CODES)
            .add(new SubscriptionGroupProcessor(metadata.groups(), groups, metadata.offsets(), clock),
                SubscriptionGroupProcessor.CODES)
            .add(new ProducerConnectionProcessor(directory), ProducerConnectionProcessor.CODES)
            .add(new BrokerConsumeStatsProcessor(store, metadata.groups(), metadata.offsets(), topics, directory, stats,
                config.brokerName(), identity.address()), BrokerConsumeStatsProcessor.CODES)
            .add(new CleanExpiredQueueProcessor(), CleanExpiredQueueProcessor.CODES)
            .add(new BrokerStatsDataProcessor(stats), BrokerStatsDataProcessor.CODES)
            .add(new ConsumerCallProcessor(directory, store, metadata.topics(), metadata.groups(), config.brokerName()),
                ConsumerCallProcessor.CODES)
            .add(new ResetOffsetProcessor(store, metadata.topics(), metadata.groups(), offsets, config.brokerName(),
                () -> !replication.isMaster()), ResetOffsetProcessor.CODES)
            .add(new UserAdminProcessor(metadata.users(), authorizer::invalidate,
                username -> acls.remove("User:" + username)), UserAdminProcessor.CODES)
            .add(new AclAdminProcessor(new AclAdmin(acls, userDirectory(metadata))), AclAdminProcessor.CODES);
        return admin;
    }

    /** RocketMQ's answer to GET_BROKER_EPOCH_CACHE outside controller mode. */
    private static Processor epochCacheRefusal() {
        return exchange -> exchange.reply(ResponseCode.SYSTEM_ERROR, "this request only for controllerMode");
    }

    private ProcessorFamily family(ProcessorFamily family) {
        families.add(family);
        return family;
    }

    /** The broker's port. */
    public int brokerPort() {
        return brokerPort;
    }

    /** The broker's listening address as bound ({@code bindAddress}), or null once closed before listening. */
    public InetSocketAddress brokerAddress() {
        return servers.isEmpty() ? null : servers.getFirst().address();
    }

    /** The embedded name server's port, or 0 when there is none. */
    public int nameServerPort() {
        return nameServer == null ? 0 : nameServer.port();
    }

    /** The console's HTTP port, or 0 when the broker serves no console. */
    public int consolePort() {
        ConsoleServer served = console;
        return served == null ? 0 : served.port();
    }

    /** The port of RabbitMQ's stream protocol, or 0 when the broker does not serve it. */
    public int streamPort() {
        return streams == null ? 0 : streams.port();
    }

    /** The TLS port of RabbitMQ's stream protocol, or 0 when the broker does not serve it with TLS. */
    public int streamTlsPort() {
        return streams == null ? 0 : streams.tlsPort();
    }

    /** The open client connections of the broker port. */
    public Set<Peer> connections() {
        return servers.isEmpty() ? Set.of() : servers.getFirst().peers();
    }

    /** The data directory. */
    public Path dataDirectory() {
        return config.storeRoot();
    }

    /** The broker's state, as brokerStatus shows it. */
    public BrokerHealth health() {
        return errors;
    }

    /** The scheduler of short tasks that must run on time: held-pull timeouts, statistics, client expiry sweeps. */
    Scheduler timeoutScheduler() {
        return timeouts;
    }

    /** The scheduler of tasks that may take long: metadata persistence, transaction checks, name-server registration. */
    Scheduler backgroundScheduler() {
        return background;
    }

    /** What a master's slaves acknowledged (SYNC_MASTER's wait); null on a slave. */
    public ReplicaAcks replicaAcks() {
        return replication.acks();
    }

    /**
     * A master's sync-state set: with {@code allAckSlaves} (the members but the master; null when
     * allAckInSyncStateSet is off) a SYNC_MASTER's send waits for all of them; while not {@code enough}
     * (minInSyncReplicas), sends are refused. Any thread.
     */
    void syncStateSet(Set<Long> allAckSlaves, boolean enough) {
        if (allAckSlaves != null) {
            confirmations.requireAll(allAckSlaves);
        }
        store.enoughReplicas(enough);
    }

    /** A master's slaves as its HA port sees them now; none on a slave. Any thread. */
    public List<SlaveStatus> slaves() {
        return replication.slaves();
    }

    /** A master's "host:haPort", where its slaves connect; empty for a slave. */
    public String haAddress() {
        return replication.haAddress();
    }

    /** The store (for tests and tools in this process). */
    public MessageStore store() {
        return store;
    }

    /** The check of requests against the ACLs, for the request path's authorization hook. */
    public Authorizer authorizer() {
        return authorizer;
    }

    /** The ACLs authorization checks against. */
    public AclStore acls() {
        return acls;
    }

    /** The topic, group and offset tables (for tests and tools in this process). */
    public BrokerMetadata metadata() {
        return metadata;
    }

    private void persistMetadata() {
        try {
            metadata.persist();
        } catch (RuntimeException e) {
            LOG.warn("could not persist the metadata", e);
        }
    }

    /**
     * Stops listening, drains the processors, stops the agents and closes the store cleanly. Idempotent. Each agent
     * and scheduler gets {@link AgentRunner#DEFAULT_STOP_MILLIS} to stop; one that has not is logged with its stack,
     * and nothing it may use is closed under it (the store then recovers on its next start).
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        if (follower != null) {
            follower.close();
        }
        if (registration != null) {
            registration.close();
        }
        servers.forEach(RemotingServer::close);
        if (console != null) {
            console.close(); // frees its port; its thread reads the tables, so it stops before they are persisted
        }
        if (streams != null) {
            streams.close(); // its own files: flushed and unmapped before the store closes
        }
        if (metrics != null) {
            metrics.close(); // frees the endpoint's port; its callbacks read nothing once closed
        }
        families.forEach(ProcessorFamily::close);
        boolean stopped = true;
        for (AgentRunner runner : schedulerRunners) {
            stopped &= runner.stop();
        }
        if (timerService != null && timerRunner != null) {
            if (timerRunner.hasStopped()) {
                timerService.close();
            } else {
                LOG.warn("the timer service still runs; its checkpoint is not written");
            }
        }
        if (!stopped) {
            // a task still running may be writing to the store: closing it now would unmap files under that task
            LOG.error("broker {}: a scheduled task has not stopped (its stack is logged above); the store is left open"
                + " and its next start recovers", config.brokerName());
            return;
        }
        // nothing changes the tables any more: written now, while the store's disk is open (a fenced one takes no write)
        if (store.failure() == null) {
            persistMetadata();
        }
        if (replication != null) {
            replication.close(); // a slave appends no more, a master lends no more segments
        }
        store.close(); // stops the agents first
        LOG.info("broker {} stopped; data in {}", config.brokerName(), config.storeRoot());
    }

    /** The machine's memory, as RocketMQ sizes the reach of reads from memory by it. */
    private static long totalMemoryBytes() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
            .getTotalMemorySize();
    }

    private static StoreConfig storeConfig(BrokerConfig config) {
        FlushMode mode = config.flushDiskType() == FlushDiskType.SYNC_FLUSH ? FlushMode.SYNC : FlushMode.ASYNC;
        int segment = config.commitLogFileSize();
        int maxRecord = (int) Math.min((long) config.maxMessageSize() + RECORD_HEADROOM, segment - StoredRecord.BLANK_LENGTH);
        CommitLogConfig log = new CommitLogConfig(segment, maxRecord, CommitLogConfig.DEFAULT_RING_CAPACITY,
            CommitLogConfig.DEFAULT_MAX_BATCH, mode, CommitLogConfig.DEFAULT_FLUSH_INTERVAL_MILLIS,
            CommitLogConfig.DEFAULT_FLUSH_MIN_DIRTY_PAGES, false, CommitLogConfig.DEFAULT_SYNC_FLUSH_TIMEOUT_MILLIS);
        return StoreConfig.defaults(config.storeRoot(), mode).withCommitLog(log)
            .withIndex(config.indexSlots(), config.indexEntries())
            .withRetention(RetentionConfig.defaults().withReservedHours(config.fileReservedHours()))
            .withMaxMappedQueueFiles(config.maxMappedQueueFiles());
    }

    private static TransportConfig transport(String threadPrefix, int ioThreads) {
        return TransportConfig.builder().ioThreads(ioThreads).threadNamePrefix(threadPrefix).build();
    }

    private static byte[] resolve(String host) {
        try {
            return InetAddress.getByName(host).getAddress();
        } catch (IOException e) {
            throw new UncheckedIOException("brokerIP1 does not resolve: " + host, e);
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port", e);
        }
    }
}
