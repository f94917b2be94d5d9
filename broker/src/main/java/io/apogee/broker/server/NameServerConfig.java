package io.apogee.broker.server;

import java.nio.file.Path;
import java.util.Properties;

/**
 * The stand-alone name server's config, read once at start-up from a properties file that uses RocketMQ's own
 * {@code namesrv.conf} names where they apply. An unknown key or a bad value is a {@link BrokerConfigException} naming
 * the key. Immutable; safe for any thread.
 *
 * <pre>
 *  key                          default                    meaning
 *  listenPort                   9876                       the port brokers and clients connect to (0: any free port)
 *  kvConfigPath                 ~/namesrv/kvConfig.json    the KV config file (order-topic configs)
 *  scanNotActiveBrokerInterval  5000                       ms between sweeps for silent brokers
 *  brokerChannelExpiredTime     120000                     ms a broker may stay silent, unless its registration
 *                                                          names a timeout of its own
 * </pre>
 */
public final class NameServerConfig {
    private static final int MAX_PORT = 65_535;

    private final int listenPort;
    private final Path kvConfigPath;
    private final int scanIntervalMillis;
    private final int brokerExpiredMillis;

    private NameServerConfig(BrokerConfig.Values values, Path home) {
        this.listenPort = values.integer("listenPort", "9876", 0, MAX_PORT);
        this.kvConfigPath = values.parse("kvConfigPath", home.resolve("namesrv").resolve("kvConfig.json").toString(), Path::of);
        this.scanIntervalMillis = values.integer("scanNotActiveBrokerInterval", "5000", 1, Integer.MAX_VALUE);
        this.brokerExpiredMillis = values.integer("brokerChannelExpiredTime", "120000", 1, Integer.MAX_VALUE);
        values.rejectUnknown();
    }

    /**
     * The config of {@code properties}, with the KV config under {@code home} unless {@code kvConfigPath} is given.
     *
     * @throws BrokerConfigException naming the first unknown key or bad value
     */
    public static NameServerConfig of(Properties properties, Path home) {
        return new NameServerConfig(new BrokerConfig.Values(properties, ""), home);
    }

    /**
     * The config in the properties file {@code file} (UTF-8).
     *
     * @throws BrokerConfigException naming the first unknown key or bad value, or the file when it cannot be read
     */
    public static NameServerConfig load(Path file, Path home) {
        return of(BrokerConfig.read(file), home);
    }

    /** The port; 0 picks a free one. */
    public int listenPort() {
        return listenPort;
    }

    /** The KV config file. */
    public Path kvConfigPath() {
        return kvConfigPath;
    }

    /** Milliseconds between sweeps for silent brokers. */
    public int scanIntervalMillis() {
        return scanIntervalMillis;
    }

    /** Milliseconds a broker may stay silent unless it names its own timeout. */
    public int brokerExpiredMillis() {
        return brokerExpiredMillis;
    }
}
