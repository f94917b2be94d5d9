package io.apogee.broker.server;

import io.apogee.broker.auth.AuthSettings;
import io.apogee.broker.auth.authorization.AuthorizationSettings;
import io.apogee.broker.console.ConsoleSettings;
import io.apogee.broker.failover.ControllerMode;
import io.apogee.broker.filter.SqlLimits;
import io.apogee.broker.group.ConsumerGroups;
import io.apogee.broker.metrics.MetricsSettings;
import io.apogee.broker.namesrv.KvConfigLimits;
import io.apogee.broker.pull.HeldPullLimits;
import io.apogee.broker.pull.RangePullLimits;
import io.apogee.broker.schedule.DelayLevels;
import io.apogee.broker.send.SendProcessor;
import io.apogee.broker.topic.TopicLimits;
import io.apogee.store.StoreConfig;
import io.apogee.transport.TransportConfig;
import io.apogee.transport.tls.ClientTls;
import io.apogee.transport.tls.ServerTls;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;

/**
 * Everything the broker is configured with, read once at start-up from a properties file that uses RocketMQ's own
 * {@code broker.conf} names. Each key is declared once in {@link #KEYS}, with its type, default, range and description;
 * the parser reads it from there and {@code docs/configuration.md} is generated from it ({@link ConfigurationDoc}).
 * Every key is known, every value parsed and range-checked here: an unknown key or a bad value is a
 * {@link BrokerConfigException} naming the key, so start-up stops before anything is opened.
 *
 * <p>Immutable; safe for any thread.
 */
public final class BrokerConfig {
    private static final int MAX_PORT = 65_535;
    private static final int MIN_SEGMENT_SIZE = 1 << 20;
    private static final int MAX_QUEUES = 1024;
    private static final int MAX_QUEUE_ID = 1 << 16;
    private static final int MIN_REGISTER_PERIOD_MILLIS = 1_000;
    private static final int MAX_REGISTER_PERIOD_MILLIS = 60_000;
    private static final int MAX = Integer.MAX_VALUE;
    private static final String DEFAULT_NAME_SERVER_PORT = "9876";
    private static final String MILLIS = "ms";

    static final ConfigKey<Integer> LISTEN_PORT = ConfigKey.integer("listenPort", 10911, 0, MAX_PORT)
        .doc("The port that clients and admin tools connect to. 0 picks a free port.");
    static final ConfigKey<String> BROKER_IP = ConfigKey.of("brokerIP1", "string", "127.0.0.1",
            "an IP address or a host name that resolves", Function.identity())
        .unlikeRocketMq("RocketMQ's default is the machine's first non-loopback address.")
        .doc("The address published in routes and written into each record as its store host.");
    static final ConfigKey<String> BIND_ADDRESS = ConfigKey.of("bindAddress", "string", "0.0.0.0",
            "an IP address or a host name of this machine", Function.identity())
        .doc("The local address the listeners bind: 0.0.0.0 listens on every interface, 127.0.0.1 on loopback only."
            + " It applies to the broker's port and to the embedded name server's.");
    static final ConfigKey<String> BROKER_NAME = ConfigKey.name("brokerName", "broker-a")
        .unlikeRocketMq("RocketMQ's default is the machine's host name.")
        .doc("The broker's name in routes. Brokers sharing a name server need different names.");
    static final ConfigKey<String> CLUSTER_NAME = ConfigKey.name("brokerClusterName", "DefaultCluster")
        .doc("The cluster's name in routes and cluster info, and the CLUSTER property of stored messages.");
    static final ConfigKey<Path> STORE_ROOT = ConfigKey.of("storePathRootDir", "path", null, "a directory path", Path::of)
        .computedDefault("`~/apogee/store`")
        .unlikeRocketMq("RocketMQ's default is `~/store`.")
        .doc("The data directory: commit log, consume queues, message index, checkpoint and metadata.");
    static final ConfigKey<FlushDiskType> FLUSH_DISK_TYPE = ConfigKey.choice("flushDiskType", FlushDiskType.class,
            FlushDiskType.ASYNC_FLUSH)
        .doc("When a send is acknowledged. ASYNC_FLUSH: once written to the mapped log, forced in the background."
            + " SYNC_FLUSH: once forced to the disk.");
    static final ConfigKey<Boolean> AUTO_CREATE_TOPIC = ConfigKey.bool("autoCreateTopicEnable", true)
        .doc("Publishes the route of TBW102 and creates an unknown topic on its first send, as RocketMQ does.");
    static final ConfigKey<Integer> DEFAULT_QUEUES = ConfigKey.integer("defaultTopicQueueNums", 8, 1, MAX_QUEUES)
        .doc("The queues of TBW102, and so the most queues a topic created on its first send gets.");
    static final ConfigKey<Integer> FILE_RESERVED_TIME = ConfigKey.integer("fileReservedTime", 72, 1, MAX).unit("hours")
        .doc("How long a full commit-log file is kept before retention deletes it.");
    static final ConfigKey<Integer> MAX_MESSAGE_SIZE = ConfigKey.integer("maxMessageSize", 4 << 20, 1, 1 << 30)
        .unit("bytes")
        .doc("The largest message body a send may carry; a larger one is refused with MESSAGE_ILLEGAL. It must be at"
            + " most half of mappedFileSizeCommitLog.");
    static final ConfigKey<Integer> SUSPEND_MAX = ConfigKey.integer("brokerSuspendMaxTimeMillis", 15_000, 0, MAX)
        .unit(MILLIS)
        .apogeeOnly("RocketMQ's broker holds a pull as long as the request asks; brokerSuspendMaxTimeMillis is the name"
            + " of that client setting.")
        .doc("The longest a long-polling pull is held waiting for new messages. A pull asking for longer is answered"
            + " after this time.");
    static final ConfigKey<Integer> CHANNEL_EXPIRED = ConfigKey.integer("channelExpiredTimeout", 120_000, 1, MAX)
        .unit(MILLIS)
        .doc("How long a client may stay silent (no heartbeat) before its connection is closed and its groups are told.");
    static final ConfigKey<Boolean> PROPERTY_FILTER = ConfigKey.bool("enablePropertyFilter", false)
        .doc("Filters by SQL92 expressions (MessageSelector.bySql). When false, such subscriptions are refused, as"
            + " RocketMQ refuses them.");
    static final ConfigKey<Integer> FILTER_MAX_LENGTH = ConfigKey.integer(SqlLimits.MAX_LENGTH_KEY,
            SqlLimits.DEFAULT_MAX_LENGTH, 1, 1 << 20).unit("characters")
        .apogeeOnly("RocketMQ compiles an SQL92 expression of any length.")
        .doc("The longest SQL92 subscription expression compiled; a longer one is refused as a bad expression is.");
    static final ConfigKey<Integer> FILTER_MAX_DEPTH = ConfigKey.integer(SqlLimits.MAX_DEPTH_KEY,
            SqlLimits.DEFAULT_MAX_DEPTH, 1, 1_000)
        .apogeeOnly("RocketMQ's parser recurses as deep as the expression nests.")
        .doc("How deep an SQL92 subscription expression may nest (parentheses, NOT, signs, conditions compared as"
            + " values); a deeper one is refused as a bad expression is. An AND or OR chain counts as one level.");
    static final ConfigKey<Integer> NAME_SERVER_PORT = ConfigKey.integer("namesrvListenPort", 9876, 0, MAX_PORT)
        .computedDefault("9876; 0 when namesrvAddr is set")
        .apogeeOnly("RocketMQ always runs its name server as a process of its own.")
        .doc("The port of the name server embedded in the broker; 0 starts none. The broker's own port answers route"
            + " requests either way.");
    static final ConfigKey<List<String>> NAME_SERVER_ADDRESSES = ConfigKey.of("namesrvAddr", "list", "",
            "`host:port` entries separated by `;`", BrokerConfig::addresses)
        .unlikeRocketMq("RocketMQ also reads it from the NAMESRV_ADDR environment variable; Apogee reads only the file.")
        .doc("Separate name servers to register with. When set, no embedded name server starts unless namesrvListenPort"
            + " is given.");
    static final ConfigKey<Integer> REGISTER_PERIOD = ConfigKey.integer("registerNameServerPeriod", 30_000,
            MIN_REGISTER_PERIOD_MILLIS, MAX_REGISTER_PERIOD_MILLIS).unit(MILLIS)
        .unlikeRocketMq("RocketMQ clamps the value to 10000..60000 instead of refusing it.")
        .doc("The time between registrations with the name servers of namesrvAddr. The broker also registers whenever a"
            + " topic is created.");
    static final ConfigKey<Integer> COMMIT_LOG_FILE_SIZE = ConfigKey.integer("mappedFileSizeCommitLog", 1 << 30,
            MIN_SEGMENT_SIZE, MAX).unit("bytes")
        .doc("The size of each commit-log file. A file is mapped whole, and a message never spans two files.");
    static final ConfigKey<Integer> INDEX_SLOTS = ConfigKey.integer("maxHashSlotNum", 5_000_000, 1, MAX)
        .doc("Hash slots per message-index file, the index of message keys and unique keys.");
    static final ConfigKey<Integer> INDEX_ENTRIES = ConfigKey.integer("maxIndexNum", 20_000_000, 1, MAX)
        .doc("Entries per message-index file: the most keys one file holds.");
    static final ConfigKey<DelayLevels> DELAY_LEVELS = ConfigKey.of("messageDelayLevel", "list of durations",
            DelayLevels.DEFAULT, "durations separated by spaces, each a positive number with a unit of s, m, h or d",
            DelayLevels::parse)
        .doc("The delay of each level, level 1 first, for delayed messages and consumer retries. The default is"
            + " RocketMQ's 18 levels.");
    static final ConfigKey<Integer> REBALANCE_LOCK = ConfigKey.integer("rebalanceLockMaxLiveTime", 60_000, 1, MAX)
        .unit(MILLIS)
        .rocketMqCalls("rocketmq.broker.rebalance.lockMaxLiveTime", "A JVM system property in RocketMQ, not a"
            + " broker.conf key.")
        .doc("How long an orderly consumer's queue lock lives without renewal.");
    static final ConfigKey<Integer> TRANSACTION_CHECK_INTERVAL = ConfigKey.integer("transactionCheckInterval", 30_000, 1,
            MAX).unit(MILLIS)
        .doc("The time between checks of unresolved transactional half messages.");
    static final ConfigKey<Integer> TRANSACTION_TIMEOUT = ConfigKey.integer("transactionTimeOut", 6_000, 0, MAX)
        .unit(MILLIS)
        .doc("How long a half message waits unresolved before its producer is asked for the outcome.");
    static final ConfigKey<Integer> TRANSACTION_CHECK_MAX = ConfigKey.integer("transactionCheckMax", 15, 1, MAX)
        .doc("How many times one half message is checked before it is rolled back.");
    static final ConfigKey<Integer> TRANSACTION_CHECK_BUDGET = ConfigKey.integer("transactionCheckRunMaxMillis", 1_000, 1,
            MAX).unit(MILLIS)
        .apogeeOnly("RocketMQ bounds the check of each queue to a fixed 60 s. Its transactionCheckMaxTimeInMs is"
            + " another thing: how long a half message is checked at all.")
        .doc("The longest one run of the transaction check may take; the next run"
            + " goes on where it stopped. The check shares its thread with the metadata persistence and the name-server"
            + " registration.");
    static final ConfigKey<Boolean> TIMER_WHEEL = ConfigKey.bool("timerWheelEnable", true)
        .doc("Accepts timer messages (TIMER_DELIVER_MS, TIMER_DELAY_SEC, TIMER_DELAY_MS). When false they are refused"
            + " with SYSTEM_ERROR.");
    static final ConfigKey<Integer> TIMER_MAX_DELAY = ConfigKey.integer("timerMaxDelaySec", 259_200, 1, MAX)
        .unit("seconds")
        .doc("The longest delay a timer message may ask for (3 days by default). A longer one is refused with"
            + " MESSAGE_ILLEGAL.");
    static final ConfigKey<Integer> MAX_HELD_PULLS = ConfigKey.integer(HeldPullLimits.PER_CONNECTION_SETTING,
            HeldPullLimits.DEFAULT_PER_CONNECTION, 1, MAX)
        .apogeeOnly("RocketMQ sets no limit.")
        .doc("The most long-polling pulls one connection may have held at once. One more is answered SYSTEM_BUSY. A"
            + " push consumer holds one per queue it consumes.");
    static final ConfigKey<Integer> MAX_HELD_PULLS_TOTAL = ConfigKey.integer(HeldPullLimits.TOTAL_SETTING,
            HeldPullLimits.DEFAULT_TOTAL, 1, MAX)
        .apogeeOnly("RocketMQ sets no limit.")
        .doc("The most long-polling pulls the broker holds at once, over every connection, so that a client with many"
            + " connections cannot hold more. One more is answered SYSTEM_BUSY, naming this key.");
    static final ConfigKey<Integer> RANGE_PULL_MAX_MESSAGES = ConfigKey.integer(RangePullLimits.MAX_MESSAGES_SETTING,
            RangePullLimits.DEFAULT_MAX_MESSAGES, RangePullLimits.SMALLEST_MAX_MESSAGES, RangePullLimits.LARGEST_MAX_MESSAGES)
        .apogeeOnly("RocketMQ answers a pull with at most 32 messages from memory (maxTransferCountOnMessageInMemory).")
        .doc("The most messages one pull of Apogee's client (a range pull, sysFlag bit 1024) is answered with. Other"
            + " pulls get at most 256.");
    static final ConfigKey<Integer> RANGE_PULL_MAX_BYTES = ConfigKey.integer(RangePullLimits.MAX_BYTES_SETTING,
            RangePullLimits.DEFAULT_MAX_BYTES, 1, 64 << 20).unit("bytes")
        .apogeeOnly("RocketMQ answers a pull with at most 256 KiB from memory (maxTransferBytesOnMessageInMemory).")
        .doc("The most bytes one pull of Apogee's client (a range pull) is answered with; at least one message always"
            + " goes. Other pulls get at most 256 KiB.");
    static final ConfigKey<Integer> MAX_MAPPED_QUEUE_FILES = ConfigKey.integer(
            SendProcessor.MAX_MAPPED_QUEUE_FILES_SETTING, StoreConfig.DEFAULT_MAX_MAPPED_QUEUE_FILES, 1, MAX)
        .apogeeOnly("RocketMQ maps every consume-queue file it holds.")
        .doc("The most consume-queue files mapped at once. Past it the least recently used idle queues let go of their"
            + " mappings and map them again when next used. A send to a queue whose file cannot be mapped (every mapping"
            + " busy, or the system refused one) is answered SYSTEM_ERROR naming this key; other queues go on. A fixed"
            + " default: half of Linux's default vm.max_map_count (65530), the rest left for commit-log segments, index"
            + " files and the JVM. Raise both together.");
    static final ConfigKey<Integer> MAX_QUEUES_PER_TOPIC = ConfigKey.integer(TopicLimits.MAX_QUEUES_KEY,
            TopicLimits.DEFAULT_MAX_QUEUES, 1, MAX_QUEUE_ID)
        .apogeeOnly("RocketMQ accepts any queue count.")
        .doc("The most read or write queues a topic may have. UPDATE_AND_CREATE_TOPIC asking for more is refused with"
            + " INVALID_PARAMETER; a topic created on its first send gets at most this many.");
    static final ConfigKey<Integer> MAX_TOPICS = ConfigKey.integer(TopicLimits.MAX_TOPICS_KEY,
            TopicLimits.DEFAULT_MAX_TOPICS, 1, MAX)
        .apogeeOnly("RocketMQ has no limit.")
        .doc("The most topics the broker holds, retry and dead-letter topics included. Past it a new topic is refused:"
            + " UPDATE_AND_CREATE_TOPIC with SYSTEM_ERROR, a send with TOPIC_NOT_EXIST, a new group's heartbeat with"
            + " SUBSCRIPTION_GROUP_NOT_EXIST. The broker's own topics and dead-letter topics are still made.");
    static final ConfigKey<Integer> MAX_GROUPS = ConfigKey.integer(ConsumerGroups.MAX_GROUPS_KEY,
            ConsumerGroups.DEFAULT_MAX_GROUPS, 1, MAX)
        .apogeeOnly("RocketMQ has no limit.")
        .doc("The most subscription groups the broker holds. A heartbeat or pull that would create one more is refused"
            + " with SUBSCRIPTION_GROUP_NOT_EXIST.");
    static final ConfigKey<Integer> BROKER_ID = ConfigKey.integer("brokerId", 0, 0, MAX)
        .doc("0 for a master; a slave's id (1 and up) in its master's group, the brokers sharing a brokerName."
            + " brokerRole=SLAVE needs one above 0, a master needs 0.");
    static final ConfigKey<BrokerRole> BROKER_ROLE = ConfigKey.choice("brokerRole", BrokerRole.class,
            BrokerRole.ASYNC_MASTER)
        .unlikeRocketMq("SYNC_MASTER always waits for a slave. RocketMQ 5.4.0's acknowledges at once while"
            + " inSyncReplicas is 1, its default outside controller mode.")
        .doc("ASYNC_MASTER: takes sends and serves slaves on haListenPort. SYNC_MASTER: the same, but acknowledges a send"
            + " only once a slave confirmed its records, else answers FLUSH_SLAVE_TIMEOUT (slaveTimeout) or"
            + " SLAVE_NOT_AVAILABLE (no slave, or one haMaxGapNotInSync behind); the message is stored either way."
            + " SLAVE: copies the commit log"
            + " of its master (haMasterAddress, or the one the name servers name), refuses sends with"
            + " SERVICE_NOT_AVAILABLE and serves pulls when slaveReadEnable is on. See docs/replication.md.");
    static final ConfigKey<Integer> HA_LISTEN_PORT = ConfigKey.integer("haListenPort", 10_912, 0, MAX_PORT)
        .computedDefault("listenPort + 1; 0 (a free port) when listenPort is 0")
        .doc("The port a master's slaves connect to, for RocketMQ's classic HA protocol. 0 picks a free port.");
    static final ConfigKey<String> HA_MASTER_ADDRESS = ConfigKey.of("haMasterAddress", "string", "",
            "`host:port` of the master's haListenPort, or empty", BrokerConfig::optionalAddress)
        .doc("A slave's master, at its HA port. Empty: the master the name servers of namesrvAddr name in their answer"
            + " to the slave's registration.");
    static final ConfigKey<Integer> HA_HEARTBEAT = ConfigKey.integer("haSendHeartbeatInterval", 5_000, 1, MAX)
        .unit(MILLIS)
        .doc("How often a slave reports its commit-log offset to its master when nothing new arrived, and how often the"
            + " master sends an empty frame to an idle slave.");
    static final ConfigKey<Integer> HA_BATCH = ConfigKey.integer("haTransferBatchSize", 32_768, 1, 16 << 20)
        .unit("bytes")
        .doc("The most commit-log bytes in one frame from a master to a slave.");
    static final ConfigKey<Integer> SLAVE_TIMEOUT = ConfigKey.integer("slaveTimeout", 3_000, 1, MAX)
        .unit(MILLIS)
        .doc("SYNC_MASTER: how long after its write a send waits for a slave's confirmation before it is answered"
            + " FLUSH_SLAVE_TIMEOUT (the message stays stored).");
    static final ConfigKey<Integer> HA_MAX_GAP = ConfigKey.integer("haMaxGapNotInSync", 256 << 20, 1, MAX)
        .unit("bytes")
        .doc("SYNC_MASTER: a send whose end is this far or further past what the best slave confirmed is answered"
            + " SLAVE_NOT_AVAILABLE at once, as when no slave is connected (the message stays stored).");
    static final ConfigKey<Boolean> HA_AUTHENTICATION = ConfigKey.bool("haAuthenticationEnabled", false)
        .computedDefault("authenticationEnabled")
        .apogeeOnly("RocketMQ's HA port takes any slave.")
        .doc("A master serves only slaves that sign as one of its enabled super users; a slave signs with its"
            + " innerClientAuthenticationCredentials. Only Apogee brokers speak it: turn it off to pair with a RocketMQ"
            + " broker. See docs/replication.md.");
    static final ConfigKey<Integer> METADATA_SYNC = ConfigKey.integer("slaveMetadataSyncInterval", 10_000, 100, MAX)
        .unit(MILLIS)
        .apogeeOnly("RocketMQ's slave copies every 10 s (its SlaveSynchronize).")
        .doc("How often a slave copies its master's topics, subscription groups, consumer offsets and delay-level"
            + " progress from the master the name servers name.");
    static final ConfigKey<Integer> IN_MEMORY_RATIO = ConfigKey.integer("accessMessageInMemoryMaxRatio", 40, 0, 100)
        .unit("percent")
        .doc("With slaveReadEnable on a master: a consumer whose last message read lies more than this share of the"
            + " machine's memory behind the log's end is told to pull from its group's whichBrokerWhenConsumeSlowly"
            + " (a slave) next.");
    static final ConfigKey<Integer> FALL_BEHIND_ALARM = ConfigKey.integer("haFallBehindAlarmMillis", 60_000, 1, MAX)
        .unit(MILLIS)
        .apogeeOnly("RocketMQ reports no slave that falls behind.")
        .doc("A master logs a slave whose oldest missing record is this old, and counts it in brokerStatus's"
            + " haFallingBehindSlaveNum, until it catches up.");
    static final ConfigKey<Boolean> SLAVE_READ = ConfigKey.bool("slaveReadEnable", false)
        .doc("Whether a slave answers pulls. When off, a pull to a slave is answered SYSTEM_BUSY, as RocketMQ's slave"
            + " rejects it.");
    static final ConfigKey<Boolean> SPLIT_REGISTRATION = ConfigKey.bool("enableSplitRegistration", true)
        .unlikeRocketMq("RocketMQ's default is false.")
        .doc("Sends a table of splitRegistrationSize topics or more to the name servers of namesrvAddr in several"
            + " REGISTER_BROKER requests, so that no body nears the frame limit however many topics there are.");
    static final ConfigKey<Integer> SPLIT_REGISTRATION_SIZE = ConfigKey.integer("splitRegistrationSize", 800, 1, MAX)
        .doc("The topics in one REGISTER_BROKER request of a split registration.");

    /** Every key of {@code broker.conf}, in the order the docs list them. */
    static final List<ConfigKey<?>> KEYS = List.of(LISTEN_PORT, BROKER_IP, BIND_ADDRESS, BROKER_NAME, CLUSTER_NAME, STORE_ROOT,
        FLUSH_DISK_TYPE, AUTO_CREATE_TOPIC, DEFAULT_QUEUES, FILE_RESERVED_TIME, MAX_MESSAGE_SIZE, SUSPEND_MAX,
        CHANNEL_EXPIRED, PROPERTY_FILTER, FILTER_MAX_LENGTH, FILTER_MAX_DEPTH,
        NAME_SERVER_PORT, NAME_SERVER_ADDRESSES, REGISTER_PERIOD, COMMIT_LOG_FILE_SIZE,
        INDEX_SLOTS, INDEX_ENTRIES, DELAY_LEVELS, REBALANCE_LOCK, TRANSACTION_CHECK_INTERVAL, TRANSACTION_TIMEOUT,
        TRANSACTION_CHECK_MAX, TRANSACTION_CHECK_BUDGET, TIMER_WHEEL, TIMER_MAX_DELAY, MAX_QUEUES_PER_TOPIC, MAX_TOPICS,
        MAX_GROUPS, MAX_MAPPED_QUEUE_FILES, SPLIT_REGISTRATION, SPLIT_REGISTRATION_SIZE, TransportKeys.MAX_CONNECTIONS,
        TransportKeys.MAX_CONNECTIONS_PER_IP, TransportKeys.IDLE_TIMEOUT, TransportKeys.PARTIAL_FRAME_BYTES_PER_CONNECTION,
        TransportKeys.PARTIAL_FRAME_BYTES, TransportKeys.MAX_HEADER_SIZE, TransportKeys.MAX_EXT_FIELDS, MAX_HELD_PULLS,
        MAX_HELD_PULLS_TOTAL, RANGE_PULL_MAX_MESSAGES, RANGE_PULL_MAX_BYTES,
        KvConfigKeys.MAX_NAMESPACE, KvConfigKeys.MAX_KEY, KvConfigKeys.MAX_VALUE, KvConfigKeys.MAX_TABLE,
        AuthKeys.ENABLED, AuthKeys.PROVIDER_KEY, AuthKeys.METADATA_PROVIDER_KEY, AuthKeys.STRATEGY_KEY, AuthKeys.WHITELIST,
        AuthKeys.INIT_USER, AuthKeys.INNER_CREDENTIALS, AuthorizationKeys.ENABLED, AuthorizationKeys.PROVIDER,
        AuthorizationKeys.METADATA_PROVIDER, AuthorizationKeys.WHITELIST,
        TlsKeys.MODE, TlsKeys.CERT_PATH, TlsKeys.KEY_PATH, TlsKeys.KEY_PASSWORD, TlsKeys.NEED_CLIENT_AUTH,
        TlsKeys.AUTH_CLIENT, TlsKeys.TRUST_CERT_PATH, TlsKeys.TEST_MODE, TlsKeys.CLIENT_ENABLE, TlsKeys.CLIENT_AUTH_SERVER,
        TlsKeys.CLIENT_TRUST_CERT_PATH, TlsKeys.CLIENT_CERT_PATH, TlsKeys.CLIENT_KEY_PATH, TlsKeys.CLIENT_KEY_PASSWORD,
        BROKER_ID, BROKER_ROLE, HA_LISTEN_PORT, HA_MASTER_ADDRESS, HA_HEARTBEAT, HA_BATCH,
        SLAVE_TIMEOUT, HA_MAX_GAP, HA_AUTHENTICATION, METADATA_SYNC, SLAVE_READ,
        IN_MEMORY_RATIO, FALL_BEHIND_ALARM, StreamKeys.ENABLED, StreamKeys.LISTEN_PORT, StreamKeys.TLS_ENABLED,
        StreamKeys.TLS_LISTEN_PORT, StreamKeys.FRAME_MAX,
        StreamKeys.HEARTBEAT, StreamKeys.USERS, StreamKeys.SEGMENT_SIZE, StreamKeys.FLUSH_INTERVAL, MetricsKeys.EXPORTER, MetricsKeys.HOST,
        MetricsKeys.PORT, ConsoleKeys.ENABLED, ConsoleKeys.HOST, ConsoleKeys.PORT, ControllerModeKeys.ENABLED,
        ControllerModeKeys.ADDRESSES, ControllerModeKeys.SYNC_BROKER_METADATA,
        ControllerModeKeys.HEARTBEAT_INTERVAL, ControllerModeKeys.HEARTBEAT_TIMEOUT, ControllerModeKeys.CHECK_SYNC_STATE_SET,
        ControllerModeKeys.MAX_NOT_CATCHUP, ControllerModeKeys.ALL_ACK, ControllerModeKeys.MIN_IN_SYNC);

    /** Keys whose values are secrets (a password, credentials): never shown by GET_BROKER_CONFIG. */
    static final List<ConfigKey<?>> SECRET_KEYS = List.of(TlsKeys.KEY_PASSWORD, AuthKeys.INIT_USER,
        AuthKeys.INNER_CREDENTIALS);

    private final int listenPort;
    private final TlsSettings tls;
    private final ClientTls registrationTls;
    private final String brokerIp;
    private final String bindAddress;
    private final String brokerName;
    private final String clusterName;
    private final Path storeRoot;
    private final FlushDiskType flushDiskType;
    private final boolean autoCreateTopicEnable;
    private final int defaultTopicQueueNums;
    private final int fileReservedHours;
    private final int maxMessageSize;
    private final long suspendMaxMillis;
    private final long channelExpiredMillis;
    private final boolean enablePropertyFilter;
    private final SqlLimits filterLimits;
    private final KvConfigLimits kvConfigLimits;
    private final int nameServerPort;
    private final List<String> nameServerAddresses;
    private final int registerPeriodMillis;
    private final int commitLogFileSize;
    private final int indexSlots;
    private final int indexEntries;
    private final DelayLevels delayLevels;
    private final int rebalanceLockMaxLiveMillis;
    private final int transactionCheckIntervalMillis;
    private final int transactionTimeoutMillis;
    private final int transactionCheckMax;
    private final int transactionCheckRunMaxMillis;
    private final boolean timerWheelEnable;
    private final int timerMaxDelaySec;
    private final TransportConfig.Builder serverLimits;
    private final int maxHeldPullsPerConnection;
    private final int maxHeldPulls;
    private final RangePullLimits rangePullLimits;
    private final int maxMappedQueueFiles;
    private final TopicLimits topicLimits;
    private final int maxSubscriptionGroups;
    private final int splitRegistrationSize;
    private final AuthSettings auth;
    private final AuthorizationSettings authorization;
    private final Replication replication;
    private final StreamKeys.StreamSettings streams;
    private final MetricsSettings metrics;
    private final ConsoleSettings console;
    private final ControllerMode controllerMode;
    private final Map<String, String> texts;
    /** The file's keys as read: a broker in controller mode derives the config of each role from them. */
    private final Properties source;

    private BrokerConfig(Properties source, ConfigValues values, Path defaultStoreRoot) {
        this.source = source;
        this.listenPort = values.get(LISTEN_PORT);
        this.brokerIp = values.get(BROKER_IP);
        this.bindAddress = values.get(BIND_ADDRESS);
        this.brokerName = values.get(BROKER_NAME);
        this.clusterName = values.get(CLUSTER_NAME);
        this.storeRoot = values.get(STORE_ROOT, defaultStoreRoot.toString());
        this.flushDiskType = values.get(FLUSH_DISK_TYPE);
        this.autoCreateTopicEnable = values.get(AUTO_CREATE_TOPIC);
        this.defaultTopicQueueNums = values.get(DEFAULT_QUEUES);
        this.fileReservedHours = values.get(FILE_RESERVED_TIME);
        this.maxMessageSize = values.get(MAX_MESSAGE_SIZE);
        this.suspendMaxMillis = values.get(SUSPEND_MAX);
        this.channelExpiredMillis = values.get(CHANNEL_EXPIRED);
        this.enablePropertyFilter = values.get(PROPERTY_FILTER);
        this.filterLimits = new SqlLimits(values.get(FILTER_MAX_LENGTH), values.get(FILTER_MAX_DEPTH));
        this.kvConfigLimits = KvConfigKeys.limits(values);
        this.nameServerAddresses = values.get(NAME_SERVER_ADDRESSES);
        // a separate name server replaces the embedded one unless a port is asked for: both would want 9876
        this.nameServerPort = values.get(NAME_SERVER_PORT, nameServerAddresses.isEmpty() ? DEFAULT_NAME_SERVER_PORT : "0");
        this.registerPeriodMillis = values.get(REGISTER_PERIOD);
        this.commitLogFileSize = values.get(COMMIT_LOG_FILE_SIZE);
        this.indexSlots = values.get(INDEX_SLOTS);
        this.indexEntries = values.get(INDEX_ENTRIES);
        this.delayLevels = values.get(DELAY_LEVELS);
        this.rebalanceLockMaxLiveMillis = values.get(REBALANCE_LOCK);
        this.transactionCheckIntervalMillis = values.get(TRANSACTION_CHECK_INTERVAL);
        this.transactionTimeoutMillis = values.get(TRANSACTION_TIMEOUT);
        this.transactionCheckMax = values.get(TRANSACTION_CHECK_MAX);
        this.transactionCheckRunMaxMillis = values.get(TRANSACTION_CHECK_BUDGET);
        this.timerWheelEnable = values.get(TIMER_WHEEL);
        this.timerMaxDelaySec = values.get(TIMER_MAX_DELAY);
        this.serverLimits = TransportKeys.limits(values);
        this.tls = TlsKeys.settings(values);
        this.registrationTls = TlsKeys.clientTls(values);
        this.maxHeldPullsPerConnection = values.get(MAX_HELD_PULLS);
        this.maxHeldPulls = values.get(MAX_HELD_PULLS_TOTAL);
        this.rangePullLimits = new RangePullLimits(values.get(RANGE_PULL_MAX_MESSAGES), values.get(RANGE_PULL_MAX_BYTES));
        this.maxMappedQueueFiles = values.get(MAX_MAPPED_QUEUE_FILES);
        this.topicLimits = new TopicLimits(values.get(MAX_TOPICS), values.get(MAX_QUEUES_PER_TOPIC));
        this.maxSubscriptionGroups = values.get(MAX_GROUPS);
        int splitSize = values.get(SPLIT_REGISTRATION_SIZE);
        this.splitRegistrationSize = values.get(SPLIT_REGISTRATION) ? splitSize : 0;
        this.auth = AuthKeys.settings(values);
        this.authorization = AuthorizationKeys.settings(values);
        this.replication = replication(values, listenPort, auth);
        this.streams = StreamKeys.settings(values, bindAddress, brokerIp, listenPort, tls.mode());
        this.metrics = MetricsKeys.settings(values, brokerIp);
        this.console = ConsoleKeys.settings(values, brokerIp);
        this.controllerMode = ControllerModeKeys.settings(values);
        if (maxMessageSize > commitLogFileSize / 2) {
            throw new BrokerConfigException("maxMessageSize", "must be at most half of mappedFileSizeCommitLog ("
                + commitLogFileSize + "): " + maxMessageSize);
        }
        values.finish();
        Map<String, String> read = new LinkedHashMap<>();
        for (ConfigKey<?> key : KEYS) {
            if (!SECRET_KEYS.contains(key)) {
                read.put(key.name(), values.text(key));
            }
        }
        this.texts = Collections.unmodifiableMap(read);
    }

    /**
     * Every key but the {@linkplain #SECRET_KEYS secret ones} with the text it has, the file's or the default's, in the
     * order of {@link #KEYS}: what GET_BROKER_CONFIG shows of the start-up config.
     */
    Map<String, String> texts() {
        return texts;
    }

    /**
     * The config of {@code properties}, with {@code defaultStoreRoot} as the data directory unless
     * {@code storePathRootDir} is given.
     *
     * @throws BrokerConfigException naming the first unknown key or bad value
     */
    public static BrokerConfig of(Properties properties, Path defaultStoreRoot) {
        Properties source = new Properties();
        source.putAll(properties);
        return new BrokerConfig(source, new ConfigValues(properties, KEYS), defaultStoreRoot);
    }

    /**
     * This config with the role the controller gave: {@code role} with {@code brokerId} (0 for a master), on
     * {@code port}, and the store root this config resolved. Controller mode's way to start each role.
     */
    public BrokerConfig withRole(BrokerRole role, long brokerId, int port) {
        Properties changed = new Properties();
        changed.putAll(source);
        changed.setProperty(BROKER_ROLE.name(), role.name());
        changed.setProperty(BROKER_ID.name(), Long.toString(brokerId));
        changed.setProperty(LISTEN_PORT.name(), Integer.toString(port));
        changed.setProperty(STORE_ROOT.name(), storeRoot.toString());
        return of(changed, storeRoot);
    }

    /**
     * The config in the properties file {@code file} (UTF-8).
     *
     * @throws BrokerConfigException naming the first unknown key or bad value, or the file when it cannot be read
     */
    public static BrokerConfig load(Path file, Path defaultStoreRoot) {
        return of(ConfigValues.read(file), defaultStoreRoot);
    }

    /** The broker's port; 0 picks a free one. */
    public int listenPort() {
        return listenPort;
    }

    /** The address published in routes and written into records as the store host. */
    public String brokerIp() {
        return brokerIp;
    }

    /** The local address the listeners bind (0.0.0.0 for every interface). */
    public String bindAddress() {
        return bindAddress;
    }

    /** The broker's name. */
    public String brokerName() {
        return brokerName;
    }

    /** The cluster's name. */
    public String clusterName() {
        return clusterName;
    }

    /** The authentication settings. */
    public AuthSettings auth() {
        return auth;
    }

    /** The data directory. */
    public Path storeRoot() {
        return storeRoot;
    }

    /** When sends are acknowledged relative to the disk. */
    public FlushDiskType flushDiskType() {
        return flushDiskType;
    }

    /** Whether TBW102 is published and unknown topics are created on first send. */
    public boolean autoCreateTopicEnable() {
        return autoCreateTopicEnable;
    }

    /** TBW102's queue count. */
    public int defaultTopicQueueNums() {
        return defaultTopicQueueNums;
    }

    /** Hours a commit-log file is kept. */
    public int fileReservedHours() {
        return fileReservedHours;
    }

    /** The largest message body accepted. */
    public int maxMessageSize() {
        return maxMessageSize;
    }

    /** The longest a pull is held. */
    public long suspendMaxMillis() {
        return suspendMaxMillis;
    }

    /** How long a client may go without a heartbeat before its connection is closed and its groups told. */
    public long channelExpiredMillis() {
        return channelExpiredMillis;
    }

    /** Whether SQL92 subscriptions are filtered (RocketMQ's default: off, and such subscriptions are refused). */
    public boolean enablePropertyFilter() {
        return enablePropertyFilter;
    }

    /** The bounds of an SQL92 subscription expression. */
    public SqlLimits filterLimits() {
        return filterLimits;
    }

    /** The bounds of the embedded name server's KV config. */
    public KvConfigLimits kvConfigLimits() {
        return kvConfigLimits;
    }

    /** Milliseconds between checks of unresolved transactional half messages. */
    public int transactionCheckIntervalMillis() {
        return transactionCheckIntervalMillis;
    }

    /** Milliseconds a half message waits unresolved before its producer is asked for the outcome. */
    public int transactionTimeoutMillis() {
        return transactionTimeoutMillis;
    }

    /** How many times one half message is checked before it is rolled back. */
    public int transactionCheckMax() {
        return transactionCheckMax;
    }

    /** Milliseconds one run of the transaction check may take at most. */
    public int transactionCheckRunMaxMillis() {
        return transactionCheckRunMaxMillis;
    }

    /** Whether timer messages are accepted. */
    public boolean timerWheelEnable() {
        return timerWheelEnable;
    }

    /** The longest delay a timer message may ask for, in milliseconds. */
    public long timerMaxDelayMillis() {
        return timerMaxDelaySec * 1_000L;
    }

    /** The most topics, and the most queues per topic. */
    public TopicLimits topicLimits() {
        return topicLimits;
    }

    /** The most subscription groups. */
    public int maxSubscriptionGroups() {
        return maxSubscriptionGroups;
    }

    /** The topics per REGISTER_BROKER request of a split registration; 0 when registrations are not split. */
    public int splitRegistrationSize() {
        return splitRegistrationSize;
    }

    /** Whether requests are checked against ACLs, and which codes never are. */
    public AuthorizationSettings authorization() {
        return authorization;
    }

    /** The embedded name server's port, 0 for none. */
    public int nameServerPort() {
        return nameServerPort;
    }

    /** The separate name servers to register with ("host:port" each), empty for none. */
    public List<String> nameServerAddresses() {
        return nameServerAddresses;
    }

    /** Milliseconds between registrations with the separate name servers. */
    public int registerPeriodMillis() {
        return registerPeriodMillis;
    }

    /** Bytes per commit-log file. */
    public int commitLogFileSize() {
        return commitLogFileSize;
    }

    /** Hash slots per message-index file. */
    public int indexSlots() {
        return indexSlots;
    }

    /** Entries per message-index file. */
    public int indexEntries() {
        return indexEntries;
    }

    /** The delay of each level, for delayed messages and retries. */
    public DelayLevels delayLevels() {
        return delayLevels;
    }

    /** Milliseconds an orderly consumer's queue lock lives without renewal. */
    public int rebalanceLockMaxLiveMillis() {
        return rebalanceLockMaxLiveMillis;
    }

    /**
     * The transport settings of a server port: the limits on its clients from this config and the ports' TLS
     * ({@code tls}, from {@link #tls()}), with {@code ioThreads} event loops named after {@code threadPrefix}.
     */
    public TransportConfig serverTransport(String threadPrefix, int ioThreads, ServerTls tls) {
        return serverLimits.ioThreads(ioThreads).threadNamePrefix(threadPrefix).serverTls(tls).build();
    }

    /** The TLS settings of both ports. */
    public TlsSettings tls() {
        return tls;
    }

    /** The TLS of the registrations with separate name servers, or null for plaintext. */
    public ClientTls registrationTls() {
        return registrationTls;
    }

    /** The directory the generated TLS certificate is kept in: the store's config directory. */
    public Path tlsDirectory() {
        return storeRoot.resolve("config");
    }

    /** The most pulls one connection may have held at once. */
    public int maxHeldPullsPerConnection() {
        return maxHeldPullsPerConnection;
    }

    /** The most pulls the broker may have held at once, over every connection. */
    public int maxHeldPulls() {
        return maxHeldPulls;
    }

    /** The caps of a pull of Apogee's client (a range pull). */
    public RangePullLimits rangePullLimits() {
        return rangePullLimits;
    }

    /** The most consume-queue files the store maps at once. */
    public int maxMappedQueueFiles() {
        return maxMappedQueueFiles;
    }

    private static Replication replication(ConfigValues values, int listenPort, AuthSettings auth) {
        BrokerRole role = values.get(BROKER_ROLE);
        long brokerId = values.get(BROKER_ID);
        if (role == BrokerRole.SLAVE && brokerId == 0) {
            throw new BrokerConfigException("brokerId", "a slave (brokerRole=SLAVE) needs a brokerId above 0");
        }
        if (role != BrokerRole.SLAVE && brokerId != 0) {
            throw new BrokerConfigException("brokerId", "a master (brokerRole=" + role + ") needs brokerId 0: " + brokerId);
        }
        int haPort = values.get(HA_LISTEN_PORT, listenPort == 0 ? "0" : Integer.toString(listenPort + 1));
        boolean authenticated = values.get(HA_AUTHENTICATION, Boolean.toString(auth.enabled()));
        if (authenticated && role == BrokerRole.SLAVE && auth.innerClient() == null) {
            throw new BrokerConfigException("haAuthenticationEnabled", "a slave signs its replication connection with"
                + " innerClientAuthenticationCredentials, which are not set");
        }
        return new Replication(role, brokerId, haPort, values.get(HA_MASTER_ADDRESS), values.get(HA_HEARTBEAT),
            values.get(HA_BATCH), values.get(SLAVE_READ), values.get(SLAVE_TIMEOUT), values.get(HA_MAX_GAP),
            authenticated, values.get(METADATA_SYNC), values.get(IN_MEMORY_RATIO), values.get(FALL_BEHIND_ALARM));
    }

    /** The settings of RabbitMQ's stream protocol; null when the broker does not serve it. */
    StreamKeys.StreamSettings streams() {
        return streams;
    }

    /** The replication settings: role, id, HA port, master and frame sizes. */
    public Replication replication() {
        return replication;
    }

    /** Where the console listens, or null when the broker serves none. */
    public ConsoleSettings console() {
        return console;
    }

    /** Whether the controller decides the role, and how the broker talks to it. */
    public ControllerMode controllerMode() {
        return controllerMode;
    }

    /** Where the metrics go: the exporter and the Prometheus endpoint's address. */
    public MetricsSettings metrics() {
        return metrics;
    }

    /** An empty text, or a "host:port" with a port in range. */
    private static String optionalAddress(String text) {
        return text.isEmpty() ? text : addresses(text).getFirst();
    }

    /** "host:port;host:port" as a list; each port must be a number in range. */
    static List<String> addresses(String text) {
        if (text.isEmpty()) {
            return List.of();
        }
        List<String> addresses = Arrays.stream(text.split(";")).map(String::trim).filter(part -> !part.isEmpty()).toList();
        for (String address : addresses) {
            int colon = address.lastIndexOf(':');
            int port = Integer.parseInt(address.substring(colon + 1));
            if (colon <= 0 || port < 1 || port > MAX_PORT) {
                throw new IllegalArgumentException(address);
            }
        }
        return addresses;
    }

    @Override
    public String toString() {
        return "BrokerConfig{listenPort=" + listenPort + ", brokerIP1=" + brokerIp + ", brokerName=" + brokerName
            + ", brokerClusterName=" + clusterName + ", storePathRootDir=" + storeRoot + ", flushDiskType=" + flushDiskType
            + ", autoCreateTopicEnable=" + autoCreateTopicEnable + ", enablePropertyFilter=" + enablePropertyFilter
            + ", namesrvListenPort=" + nameServerPort
            + ", namesrvAddr=" + String.join(";", nameServerAddresses) + '}';
    }
}
