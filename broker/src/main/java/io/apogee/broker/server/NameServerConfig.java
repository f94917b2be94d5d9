package io.apogee.broker.server;

import io.apogee.broker.auth.AuthSettings;
import io.apogee.broker.console.ConsoleSettings;
import io.apogee.broker.namesrv.KvConfigLimits;
import io.apogee.broker.namesrv.RegisterBodyReader;
import io.apogee.controller.server.ControllerConfig;
import io.apogee.transport.TransportConfig;
import io.apogee.transport.tls.ServerTls;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Function;

/**
 * The stand-alone name server's config, read once at start-up from a properties file that uses RocketMQ's own
 * {@code namesrv.conf} names where they apply. Each key is declared once in {@link #KEYS}, which the parser and
 * {@code docs/configuration.md} ({@link ConfigurationDoc}) both use. An unknown key or a bad value is a
 * {@link BrokerConfigException} naming the key. Immutable; safe for any thread.
 */
public final class NameServerConfig {
    private static final int MAX_PORT = 65_535;
    private static final int MAX = Integer.MAX_VALUE;
    private static final String MILLIS = "ms";

    static final ConfigKey<Integer> LISTEN_PORT = ConfigKey.integer("listenPort", 9876, 0, MAX_PORT)
        .doc("The port that brokers and clients connect to. 0 picks a free port.");
    static final ConfigKey<String> BIND_ADDRESS = ConfigKey.of("bindAddress", "string", "0.0.0.0",
            "an IP address or a host name of this machine", Function.identity())
        .doc("The local address the listeners bind: 0.0.0.0 listens on every interface, 127.0.0.1 on loopback only.");
    static final ConfigKey<Path> KV_CONFIG_PATH = ConfigKey.of("kvConfigPath", "path", null, "a file path", Path::of)
        .computedDefault("`~/namesrv/kvConfig.json`")
        .doc("The JSON file the KV config (such as order-topic configs) is kept in. It is replaced atomically on every change.");
    static final ConfigKey<Integer> SCAN_INTERVAL = ConfigKey.integer("scanNotActiveBrokerInterval", 5_000, 1, MAX)
        .unit(MILLIS)
        .doc("The time between sweeps for brokers that have gone silent.");
    static final ConfigKey<Integer> BROKER_EXPIRED = ConfigKey.integer("brokerChannelExpiredTime", 120_000, 1, MAX)
        .unit(MILLIS)
        .apogeeOnly("RocketMQ fixes this time at 120 s in its code.")
        .doc("How long a broker may stay silent before it leaves the routes, unless its registration names a timeout of"
            + " its own.");
    static final ConfigKey<Integer> MAX_INFLATED = ConfigKey.integer(RegisterBodyReader.MAX_INFLATED_SETTING,
            RegisterBodyReader.DEFAULT_MAX_INFLATED_BYTES, 1, MAX).unit("bytes")
        .apogeeOnly("RocketMQ inflates a compressed registration without a limit.")
        .doc("The most bytes a compressed REGISTER_BROKER body may inflate to. A larger one is answered SYSTEM_ERROR,"
            + " naming this key.");
    static final ConfigKey<Boolean> CONTROLLER_IN_NAMESRV = ConfigKey.bool("enableControllerInNamesrv", false)
        .doc("Whether the process also runs a replica of the failover controller, on the name server's port. The same"
            + " file then takes the controller's keys (controllerDLegerPeers, controllerDLegerSelfId,"
            + " controllerStorePath and the rest of docs/controller.md), except listenPort and listenHost: the"
            + " controller answers on the name server's port and address.");

    /** Every key of {@code namesrv.conf}, in the order the docs list them. */
    static final List<ConfigKey<?>> KEYS = List.of(LISTEN_PORT, BIND_ADDRESS, KV_CONFIG_PATH, SCAN_INTERVAL, BROKER_EXPIRED,
        MAX_INFLATED, KvConfigKeys.MAX_NAMESPACE, KvConfigKeys.MAX_KEY, KvConfigKeys.MAX_VALUE, KvConfigKeys.MAX_TABLE,
        TransportKeys.MAX_CONNECTIONS, TransportKeys.MAX_CONNECTIONS_PER_IP, TransportKeys.IDLE_TIMEOUT,
        TransportKeys.PARTIAL_FRAME_BYTES_PER_CONNECTION, TransportKeys.PARTIAL_FRAME_BYTES, TransportKeys.MAX_HEADER_SIZE,
        TransportKeys.MAX_EXT_FIELDS, AuthKeys.NAME_SERVER_ENABLED, AuthKeys.NAME_SERVER_USER,
        AuthKeys.NAME_SERVER_CREDENTIALS, CONTROLLER_IN_NAMESRV, ConsoleKeys.ENABLED, ConsoleKeys.NAME_SERVER_HOST,
        ConsoleKeys.PORT, TlsKeys.MODE, TlsKeys.CERT_PATH, TlsKeys.KEY_PATH, TlsKeys.KEY_PASSWORD,
        TlsKeys.NEED_CLIENT_AUTH, TlsKeys.AUTH_CLIENT, TlsKeys.TRUST_CERT_PATH, TlsKeys.TEST_MODE);

    private final int listenPort;
    private final String bindAddress;
    private final Path kvConfigPath;
    private final KvConfigLimits kvConfigLimits;
    private final int scanIntervalMillis;
    private final int brokerExpiredMillis;
    private final int maxInflatedBytes;
    private final TransportConfig.Builder serverLimits;
    private final AuthSettings auth;
    private final TlsSettings tls;
    private final ControllerConfig controller;
    private final ConsoleSettings console;

    private NameServerConfig(ConfigValues values, Map<String, String> controllerKeys, Path home) {
        this.listenPort = values.get(LISTEN_PORT);
        this.bindAddress = values.get(BIND_ADDRESS);
        this.console = ConsoleKeys.nameServerSettings(values, bindAddress);
        this.kvConfigPath = values.get(KV_CONFIG_PATH, home.resolve("namesrv").resolve("kvConfig.json").toString());
        this.scanIntervalMillis = values.get(SCAN_INTERVAL);
        this.brokerExpiredMillis = values.get(BROKER_EXPIRED);
        this.kvConfigLimits = KvConfigKeys.limits(values);
        this.maxInflatedBytes = values.get(MAX_INFLATED);
        this.serverLimits = TransportKeys.limits(values);
        this.auth = AuthKeys.nameServerSettings(values);
        this.tls = TlsKeys.settings(values);
        this.controller = values.get(CONTROLLER_IN_NAMESRV) ? controllerConfig(controllerKeys) : null;
        values.finish();
    }

    /**
     * The hosted controller's settings: its own keys, the keys it shares with the name server (authentication), and
     * the name server's address in place of listenHost.
     */
    private ControllerConfig controllerConfig(Map<String, String> controllerKeys) {
        Map<String, String> settings = new HashMap<>(controllerKeys);
        settings.put("listenHost", bindAddress);
        settings.put("listenPort", Integer.toString(listenPort));
        try {
            return ControllerConfig.parse(settings);
        } catch (IllegalArgumentException e) {
            throw new BrokerConfigException(CONTROLLER_IN_NAMESRV.name(), "the controller's settings: " + e.getMessage());
        }
    }

    /**
     * Splits off the keys only the controller reads, when {@code enableControllerInNamesrv} is on; otherwise they stay,
     * and are refused as unknown. The keys both read stay in {@code properties} and are copied.
     */
    private static Map<String, String> controllerKeys(Properties properties) {
        Map<String, String> keys = new HashMap<>();
        if (!Boolean.parseBoolean(properties.getProperty(CONTROLLER_IN_NAMESRV.name(), "false").strip())) {
            return keys;
        }
        Set<String> nameServerKeys = new HashSet<>();
        KEYS.forEach(key -> nameServerKeys.add(key.name()));
        for (String key : ControllerConfig.KEYS) {
            String value = properties.getProperty(key);
            if (value == null) {
                continue;
            }
            if (key.equals("listenHost")) {
                throw new BrokerConfigException(key, "the controller in the name server listens on bindAddress");
            }
            keys.put(key, value);
            if (!nameServerKeys.contains(key)) {
                properties.remove(key);
            }
        }
        return keys;
    }

    /**
     * The config of {@code properties}, with the KV config under {@code home} unless {@code kvConfigPath} is given.
     *
     * @throws BrokerConfigException naming the first unknown key or bad value
     */
    public static NameServerConfig of(Properties properties, Path home) {
        Properties own = new Properties();
        own.putAll(properties);
        Map<String, String> controllerKeys = controllerKeys(own);
        return new NameServerConfig(new ConfigValues(own, KEYS), controllerKeys, home);
    }

    /**
     * The config in the properties file {@code file} (UTF-8).
     *
     * @throws BrokerConfigException naming the first unknown key or bad value, or the file when it cannot be read
     */
    public static NameServerConfig load(Path file, Path home) {
        return of(ConfigValues.read(file), home);
    }

    /** The port; 0 picks a free one. */
    public int listenPort() {
        return listenPort;
    }

    /** The local address the listener binds (0.0.0.0 for every interface). */
    public String bindAddress() {
        return bindAddress;
    }

    /** The KV config file. */
    public Path kvConfigPath() {
        return kvConfigPath;
    }

    /** The bounds of the KV config. */
    public KvConfigLimits kvConfigLimits() {
        return kvConfigLimits;
    }

    /** Milliseconds between sweeps for silent brokers. */
    public int scanIntervalMillis() {
        return scanIntervalMillis;
    }

    /** The most bytes a compressed registration body may inflate to. */
    public int maxInflatedBytes() {
        return maxInflatedBytes;
    }

    /**
     * The transport settings of the name server's port: the limits on its clients from this config and its TLS
     * ({@code tls}, from {@link #tls()}), with {@code ioThreads} event loops named after {@code threadPrefix}.
     */
    public TransportConfig serverTransport(String threadPrefix, int ioThreads, ServerTls tls) {
        return serverLimits.ioThreads(ioThreads).threadNamePrefix(threadPrefix).serverTls(tls).build();
    }

    /** The port's TLS settings. */
    public TlsSettings tls() {
        return tls;
    }

    /** The directory the generated TLS certificate is kept in: the KV config file's. */
    public Path tlsDirectory() {
        return kvConfigPath.toAbsolutePath().getParent();
    }

    /** The authentication settings: whether registrations must be signed, and by whom. */
    public AuthSettings auth() {
        return auth;
    }

    /** Where the console of this name server listens ({@code consoleEnable}), or null when it is off. */
    public ConsoleSettings console() {
        return console;
    }

    /** The settings of the controller replica this process also runs ({@code enableControllerInNamesrv}), or null. */
    public ControllerConfig controller() {
        return controller;
    }

    /** Milliseconds a broker may stay silent unless it names its own timeout. */
    public int brokerExpiredMillis() {
        return brokerExpiredMillis;
    }
}
