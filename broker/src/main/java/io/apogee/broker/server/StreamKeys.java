package io.apogee.broker.server;

import io.apogee.streams.server.StreamServerConfig;
import io.apogee.streams.server.StreamTls;
import io.apogee.transport.tls.TlsMode;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The keys of RabbitMQ's stream protocol in {@code broker.conf}: whether the broker serves it, on which ports (plaintext,
 * and TLS with the broker's certificate), the frame and heartbeat it offers, its users and the size of its segment
 * files. See docs/streams.md.
 *
 * <p>Immutable; safe for any thread.
 */
final class StreamKeys {
    private static final int MAX = Integer.MAX_VALUE;
    private static final int MAX_PORT = 65_535;
    private static final String NOTE = "A RabbitMQ setting; RocketMQ has no stream protocol.";
    /** The chunk header's bytes plus the segment file header's: a frame of frame max must fit in one segment. */
    private static final int SEGMENT_OVERHEAD = 48 + 8;
    /** The TLS port of settings without one. */
    static final int NO_TLS = -1;

    static final ConfigKey<Boolean> ENABLED = ConfigKey.bool("streamEnable", true)
        .apogeeOnly(NOTE)
        .doc("Whether the broker serves RabbitMQ's stream protocol on streamListenPort, with its streams under"
            + " `<storePathRootDir>/streams`.");
    static final ConfigKey<Integer> LISTEN_PORT = ConfigKey.integer("streamListenPort", StreamServerConfig.DEFAULT_PORT, 0,
            MAX_PORT)
        .computedDefault("5552; 0 (a free port) when listenPort is 0")
        .apogeeOnly("RabbitMQ's `stream.listeners.tcp.1`.")
        .doc("The port of RabbitMQ's stream protocol. 0 picks a free port.");
    static final ConfigKey<Boolean> TLS_ENABLED = ConfigKey.bool("streamTlsEnable", true)
        .computedDefault("true; false when tls.server.mode is disabled")
        .apogeeOnly("RabbitMQ's `stream.listeners.ssl.1`, which RabbitMQ leaves unset.")
        .doc("Whether the stream protocol also listens with TLS only on streamTlsListenPort, with the certificate of"
            + " the tls.server keys (the generated one without tls.server.certPath). SASL EXTERNAL is served there when"
            + " tls.server.need.client.auth asks for client certificates and tls.server.authClient checks them. true"
            + " needs tls.server.mode other than disabled. streamListenPort stays plaintext.");
    static final ConfigKey<Integer> TLS_LISTEN_PORT = ConfigKey.integer("streamTlsListenPort", StreamTls.DEFAULT_PORT, 0,
            MAX_PORT)
        .computedDefault("5551; 0 (a free port) when listenPort or streamListenPort is 0")
        .apogeeOnly("RabbitMQ's `stream.listeners.ssl.1`.")
        .doc("The TLS port of RabbitMQ's stream protocol, with streamTlsEnable. 0 picks a free port.");
    static final ConfigKey<Integer> FRAME_MAX = ConfigKey.integer("streamFrameMax", StreamServerConfig.DEFAULT_MAX_FRAME_SIZE,
            StreamServerConfig.INITIAL_MAX_FRAME_SIZE, MAX).unit("bytes")
        .apogeeOnly("RabbitMQ's `stream.frame_max`.")
        .doc("The largest frame a stream client may send after open, offered in tune; a larger one closes the"
            + " connection with FRAME_TOO_LARGE. Before open the bound is 8192 bytes.");
    static final ConfigKey<Integer> HEARTBEAT = ConfigKey.integer("streamHeartbeat",
            StreamServerConfig.DEFAULT_HEARTBEAT_SECONDS, 0, MAX).unit("seconds")
        .apogeeOnly("RabbitMQ's `stream.heartbeat`.")
        .doc("The heartbeat offered in tune: the broker sends a heartbeat frame to a connection it wrote nothing to for"
            + " that long. 0 sends none. A connection it read nothing from for two intervals of the heartbeat the"
            + " client answered in tune is closed; a client answering 0 is never closed for silence.");
    static final ConfigKey<Map<String, String>> USERS = ConfigKey.of("streamUsers", "list", "guest:guest",
            "`user:password` pairs separated by `,`", StreamKeys::parseUsers)
        .apogeeOnly("RabbitMQ keeps its users in its own database.")
        .doc("The users stream clients authenticate as with SASL PLAIN. The default is RabbitMQ's guest user; set your"
            + " own on a broker others can reach. With `authenticationEnabled=true` the broker's enabled ACL users log"
            + " in instead, by their passwords, and this key is not used.");
    static final ConfigKey<Integer> SEGMENT_SIZE = ConfigKey.integer("streamMaxSegmentSizeBytes", 500_000_000, 1 << 20,
            MAX).unit("bytes")
        .apogeeOnly("RabbitMQ's stream argument `stream-max-segment-size-bytes`, whose default this is.")
        .doc("The size of each segment file of a stream. A chunk never spans two segments.");

    static final ConfigKey<Integer> FLUSH_INTERVAL = ConfigKey.integer("streamFlushIntervalMillis", 500, 0, MAX)
        .unit("milliseconds")
        .apogeeOnly("RabbitMQ's osiris never forces its segments to the device (it relies on replication); 0 does the"
            + " same.")
        .doc("With flushDiskType=ASYNC_FLUSH, how often each stream appended to is forced to the device, as"
            + " flushIntervalCommitLog (500 ms) forces the commit log. 0 leaves the writing back to the operating system."
            + " With SYNC_FLUSH every publish is confirmed once forced, whatever this is.");

    private StreamKeys() {
    }

    /**
     * The stream settings of {@code values}; null when the protocol is off. {@code tlsMode} is the broker's
     * tls.server.mode, which the TLS port follows.
     */
    static StreamSettings settings(ConfigValues values, String bindAddress, String advertisedHost, int listenPort,
        TlsMode tlsMode) {
        boolean enabled = values.get(ENABLED);
        int port = values.get(LISTEN_PORT, listenPort == 0 ? "0" : Integer.toString(StreamServerConfig.DEFAULT_PORT));
        boolean tls = values.get(TLS_ENABLED, Boolean.toString(tlsMode != TlsMode.DISABLED));
        int tlsPort = values.get(TLS_LISTEN_PORT, listenPort == 0 || port == 0 ? "0"
            : Integer.toString(StreamTls.DEFAULT_PORT));
        if (tls && tlsMode == TlsMode.DISABLED) {
            throw new BrokerConfigException(TLS_ENABLED.name(), "needs TLS, and tls.server.mode is disabled");
        }
        if (tls && port != 0 && port == tlsPort) {
            throw new BrokerConfigException(TLS_LISTEN_PORT.name(), "must differ from " + LISTEN_PORT.name() + ": " + port);
        }
        int frameMax = values.get(FRAME_MAX);
        int heartbeat = values.get(HEARTBEAT);
        Map<String, String> users = values.get(USERS);
        int segmentSize = values.get(SEGMENT_SIZE);
        if ((long) frameMax + SEGMENT_OVERHEAD > segmentSize) {
            throw new BrokerConfigException(FRAME_MAX.name(), "must leave " + SEGMENT_OVERHEAD + " bytes of "
                + SEGMENT_SIZE.name() + " (" + segmentSize + "): " + frameMax);
        }
        Duration flushInterval = Duration.ofMillis(values.get(FLUSH_INTERVAL));
        if (!enabled) {
            return null;
        }
        int ioThreads = Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
        return new StreamSettings(new StreamServerConfig(bindAddress, port, advertisedHost, frameMax, heartbeat, users,
            ioThreads), tls ? tlsPort : NO_TLS, segmentSize, flushInterval);
    }

    private static Map<String, String> parseUsers(String text) {
        Map<String, String> users = new LinkedHashMap<>();
        for (String pair : text.split(",", -1)) {
            int colon = pair.indexOf(':');
            if (colon < 1) {
                throw new BrokerConfigException(USERS.name(), "each entry must be user:password");
            }
            users.put(pair.substring(0, colon).strip(), pair.substring(colon + 1));
        }
        return users;
    }

    /**
     * The listener's settings, its TLS port, and the segment size and flush interval of the streams it serves.
     *
     * @param server        the plaintext listener and what both listeners share
     * @param tlsPort       the TLS port (0 for a free one), or {@link #NO_TLS}
     * @param segmentSize   the size of each segment file
     * @param flushInterval how often the streams are forced with ASYNC_FLUSH; zero for never on a timer
     */
    record StreamSettings(StreamServerConfig server, int tlsPort, int segmentSize, Duration flushInterval) {
        /** Whether the protocol listens with TLS too. */
        boolean tls() {
            return tlsPort != NO_TLS;
        }
    }
}
