package io.apogee.streams.server;

import java.util.Map;
import java.util.Objects;

/**
 * The settings of the stream protocol's listener.
 *
 * <p>Immutable; safe for any thread.
 *
 * @param bindAddress      the local address to bind (0.0.0.0 for every interface)
 * @param port             the port; 0 picks a free one
 * @param advertisedHost   the host clients are told to connect to, in metadata and the open response
 * @param maxFrameSize     the largest frame taken, in bytes, size field included; offered in tune
 * @param heartbeatSeconds the heartbeat offered in tune; 0 for none
 * @param users            user name to password, for SASL PLAIN
 * @param ioThreads        event-loop threads serving connections
 */
public record StreamServerConfig(String bindAddress, int port, String advertisedHost, int maxFrameSize,
    int heartbeatSeconds, Map<String, String> users, int ioThreads) {
    /** The port RabbitMQ listens on for the stream protocol. */
    public static final int DEFAULT_PORT = 5552;
    /** The largest frame before open, as RabbitMQ's default initial frame max. */
    public static final int INITIAL_MAX_FRAME_SIZE = 8192;
    /** RabbitMQ's default frame max, 1 MiB. */
    public static final int DEFAULT_MAX_FRAME_SIZE = 1_048_576;
    /** RabbitMQ's default heartbeat. */
    public static final int DEFAULT_HEARTBEAT_SECONDS = 60;

    /** Checks the values and copies the users. */
    public StreamServerConfig {
        Objects.requireNonNull(bindAddress, "bindAddress");
        Objects.requireNonNull(advertisedHost, "advertisedHost");
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be 0..65535: " + port);
        }
        if (maxFrameSize < INITIAL_MAX_FRAME_SIZE) {
            throw new IllegalArgumentException("maxFrameSize must be at least " + INITIAL_MAX_FRAME_SIZE + ": " + maxFrameSize);
        }
        if (heartbeatSeconds < 0 || ioThreads < 1) {
            throw new IllegalArgumentException("heartbeat must be >= 0 and ioThreads >= 1");
        }
        users = Map.copyOf(users);
    }
}
