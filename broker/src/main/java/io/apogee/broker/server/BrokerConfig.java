package io.apogee.broker.server;

import io.apogee.broker.schedule.DelayLevels;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Everything the broker is configured with, read once at start-up from a properties file that uses RocketMQ's own
 * {@code broker.conf} names. Every key is known, every value parsed and range-checked here: an unknown key or a bad
 * value is a {@link BrokerConfigException} naming the key, so start-up stops before anything is opened.
 *
 * <p>Immutable; safe for any thread.
 *
 * <pre>
 *  key                         default              meaning
 *  listenPort                  10911                the broker's client port (0: any free port)
 *  brokerIP1                   127.0.0.1            the address published in routes and written as store host
 *  brokerName                  broker-a             the broker's name in routes
 *  brokerClusterName           DefaultCluster       the cluster's name in routes, and the CLUSTER property
 *  storePathRootDir            (given by the caller) the data directory
 *  flushDiskType               ASYNC_FLUSH          ASYNC_FLUSH or SYNC_FLUSH
 *  autoCreateTopicEnable       true                 publish TBW102 and create topics on first send
 *  defaultTopicQueueNums       8                    TBW102's queues, the most an auto-created topic gets
 *  fileReservedTime            72                   hours a commit-log file is kept
 *  maxMessageSize              4194304              the largest message body accepted, bytes
 *  brokerSuspendMaxTimeMillis  15000                the longest a pull is held waiting for messages
 *  channelExpiredTimeout       120000               ms a client may stay silent (no heartbeat) before it is dropped
 *  enablePropertyFilter        false                filter by SQL92 expressions (MessageSelector.bySql)
 *  namesrvListenPort           9876 (0 with         the embedded name server's port; 0 for none (the broker port
 *                              namesrvAddr)         still answers route requests)
 *  namesrvAddr                 (empty)              separate name servers to register with, "host:port;host:port"
 *  registerNameServerPeriod    30000                milliseconds between registrations with namesrvAddr
 *  mappedFileSizeCommitLog     1073741824           bytes per commit-log file
 *  maxHashSlotNum              5000000              hash slots per message-index file
 *  maxIndexNum                 20000000             entries per message-index file
 *  messageDelayLevel           1s 5s 10s 30s 1m ... the delay of each level (s, m, h, d), RocketMQ's 18 by default
 *                              2h
 *  rebalanceLockMaxLiveTime    60000                milliseconds an orderly consumer's queue lock lives unrenewed
 *                                                   (RocketMQ's rocketmq.broker.rebalance.lockMaxLiveTime)
 *  transactionCheckInterval    30000                ms between checks of unresolved transactional half messages
 *  transactionTimeOut          6000                 ms a half message waits unresolved before its producer is asked
 *  transactionCheckMax         15                   checks of one half message before it is rolled back
 *  timerWheelEnable            true                 accept timer messages (TIMER_DELIVER_MS, TIMER_DELAY_SEC/MS)
 *  timerMaxDelaySec            259200               the longest delay a timer message may ask for, seconds (3 days)
 * </pre>
 */
public final class BrokerConfig {
    private static final int MAX_PORT = 65_535;
    private static final int MIN_SEGMENT_SIZE = 1 << 20;
    private static final int MAX_QUEUES = 1024;
    private static final int MIN_REGISTER_PERIOD_MILLIS = 1_000;
    private static final int MAX_REGISTER_PERIOD_MILLIS = 60_000;
    private static final String DEFAULT_NAME_SERVER_PORT = "9876";

    private final int listenPort;
    private final String brokerIp;
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
    private final boolean timerWheelEnable;
    private final int timerMaxDelaySec;

    private BrokerConfig(Values values) {
        this.listenPort = values.integer("listenPort", "10911", 0, MAX_PORT);
        this.brokerIp = values.text("brokerIP1", "127.0.0.1");
        this.brokerName = values.name("brokerName", "broker-a");
        this.clusterName = values.name("brokerClusterName", "DefaultCluster");
        this.storeRoot = values.parse("storePathRootDir", values.defaultStoreRoot, Path::of);
        this.flushDiskType = values.parse("flushDiskType", FlushDiskType.ASYNC_FLUSH.name(),
            text -> FlushDiskType.valueOf(text.toUpperCase(Locale.ROOT)));
        this.autoCreateTopicEnable = values.bool("autoCreateTopicEnable", "true");
        this.defaultTopicQueueNums = values.integer("defaultTopicQueueNums", "8", 1, MAX_QUEUES);
        this.fileReservedHours = values.integer("fileReservedTime", "72", 1, Integer.MAX_VALUE);
        this.maxMessageSize = values.integer("maxMessageSize", Integer.toString(4 << 20), 1, 1 << 30);
        this.suspendMaxMillis = values.integer("brokerSuspendMaxTimeMillis", "15000", 0, Integer.MAX_VALUE);
        this.channelExpiredMillis = values.integer("channelExpiredTimeout", "120000", 1, Integer.MAX_VALUE);
        this.enablePropertyFilter = values.bool("enablePropertyFilter", "false");
        this.nameServerAddresses = values.parse("namesrvAddr", "", BrokerConfig::addresses);
        // a separate name server replaces the embedded one unless a port is asked for: both would want 9876
        this.nameServerPort = values.integer("namesrvListenPort", nameServerAddresses.isEmpty() ? DEFAULT_NAME_SERVER_PORT : "0",
            0, MAX_PORT);
        this.registerPeriodMillis = values.integer("registerNameServerPeriod", "30000", MIN_REGISTER_PERIOD_MILLIS,
            MAX_REGISTER_PERIOD_MILLIS);
        this.commitLogFileSize = values.integer("mappedFileSizeCommitLog", Integer.toString(1 << 30), MIN_SEGMENT_SIZE,
            Integer.MAX_VALUE);
        this.indexSlots = values.integer("maxHashSlotNum", "5000000", 1, Integer.MAX_VALUE);
        this.indexEntries = values.integer("maxIndexNum", "20000000", 1, Integer.MAX_VALUE);
        this.delayLevels = values.parse("messageDelayLevel", DelayLevels.DEFAULT, DelayLevels::parse);
        this.rebalanceLockMaxLiveMillis = values.integer("rebalanceLockMaxLiveTime", "60000", 1, Integer.MAX_VALUE);
        this.transactionCheckIntervalMillis = values.integer("transactionCheckInterval", "30000", 1, Integer.MAX_VALUE);
        this.transactionTimeoutMillis = values.integer("transactionTimeOut", "6000", 0, Integer.MAX_VALUE);
        this.transactionCheckMax = values.integer("transactionCheckMax", "15", 1, Integer.MAX_VALUE);
        this.timerWheelEnable = values.bool("timerWheelEnable", "true");
        this.timerMaxDelaySec = values.integer("timerMaxDelaySec", "259200", 1, Integer.MAX_VALUE);
        if (maxMessageSize > commitLogFileSize / 2) {
            throw new BrokerConfigException("maxMessageSize", "must be at most half of mappedFileSizeCommitLog ("
                + commitLogFileSize + "): " + maxMessageSize);
        }
        values.rejectUnknown();
    }

    /**
     * The config of {@code properties}, with {@code defaultStoreRoot} as the data directory unless
     * {@code storePathRootDir} is given.
     *
     * @throws BrokerConfigException naming the first unknown key or bad value
     */
    public static BrokerConfig of(Properties properties, Path defaultStoreRoot) {
        return new BrokerConfig(new Values(properties, defaultStoreRoot.toString()));
    }

    /**
     * The config in the properties file {@code file} (UTF-8).
     *
     * @throws BrokerConfigException naming the first unknown key or bad value, or the file when it cannot be read
     */
    public static BrokerConfig load(Path file, Path defaultStoreRoot) {
        return of(read(file), defaultStoreRoot);
    }

    /** The properties file {@code file} (UTF-8); a file that cannot be read is a {@link BrokerConfigException}. */
    static Properties read(Path file) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException | IllegalArgumentException e) {
            throw new BrokerConfigException(file.toString(), "cannot read the config file: " + e.getMessage());
        }
        return properties;
    }

    /** The broker's port; 0 picks a free one. */
    public int listenPort() {
        return listenPort;
    }

    /** The address published in routes and written into records as the store host. */
    public String brokerIp() {
        return brokerIp;
    }

    /** The broker's name. */
    public String brokerName() {
        return brokerName;
    }

    /** The cluster's name. */
    public String clusterName() {
        return clusterName;
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

    /** Whether timer messages are accepted. */
    public boolean timerWheelEnable() {
        return timerWheelEnable;
    }

    /** The longest delay a timer message may ask for, in milliseconds. */
    public long timerMaxDelayMillis() {
        return timerMaxDelaySec * 1_000L;
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

    /** "host:port;host:port" as a list; each port must be a number in range. */
    private static List<String> addresses(String text) {
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

    /** The raw values, read key by key; remembers which keys were read to reject the others. */
    static final class Values {
        private final Map<String, String> raw = new HashMap<>();
        private final Set<String> known = new TreeSet<>();
        private final String defaultStoreRoot;

        Values(Properties properties, String defaultStoreRoot) {
            for (String key : properties.stringPropertyNames()) {
                raw.put(key.trim(), properties.getProperty(key).trim());
            }
            this.defaultStoreRoot = defaultStoreRoot;
        }

        <T> T parse(String key, String fallback, Function<String, T> parser) {
            known.add(key);
            String value = raw.getOrDefault(key, fallback);
            try {
                return parser.apply(value);
            } catch (RuntimeException e) {
                throw new BrokerConfigException(key, "bad value '" + value + "'");
            }
        }

        String text(String key, String fallback) {
            return parse(key, fallback, Function.identity());
        }

        String name(String key, String fallback) {
            String value = text(key, fallback);
            if (!value.matches("[a-zA-Z0-9_-]{1,127}")) {
                throw new BrokerConfigException(key, "must be 1 to 127 letters, digits, '_' or '-': '" + value + "'");
            }
            return value;
        }

        int integer(String key, String fallback, int min, int max) {
            int value = parse(key, fallback, Integer::parseInt);
            if (value < min || value > max) {
                throw new BrokerConfigException(key, "must be " + min + ".." + max + ": " + value);
            }
            return value;
        }

        boolean bool(String key, String fallback) {
            return parse(key, fallback, text -> switch (text.toLowerCase(Locale.ROOT)) {
                case "true" -> true;
                case "false" -> false;
                default -> throw new IllegalArgumentException(text);
            });
        }

        void rejectUnknown() {
            for (String key : new TreeSet<>(raw.keySet())) {
                if (!known.contains(key)) {
                    throw new BrokerConfigException(key, "unknown key (known: " + String.join(", ", known) + ")");
                }
            }
        }
    }
}
