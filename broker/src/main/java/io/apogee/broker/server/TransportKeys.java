package io.apogee.broker.server;

import io.apogee.transport.TransportConfig;
import io.apogee.wire.frame.FrameLayout;

/**
 * The limits a server port sets on its clients, as settings, declared once for both files that start a server:
 * {@code broker.conf} (the broker's port and its embedded name server's) and {@code namesrv.conf}.
 *
 * <p>Immutable; safe for any thread.
 */
final class TransportKeys {
    private static final int MAX = Integer.MAX_VALUE;

    static final ConfigKey<Integer> MAX_CONNECTIONS = ConfigKey.integer(TransportConfig.MAX_CONNECTIONS_SETTING,
            TransportConfig.DEFAULT_MAX_CONNECTIONS, 1, MAX)
        .apogeeOnly("RocketMQ sets no limit.")
        .doc("The most client connections the port keeps open. One more is closed at accept, and logged at most"
            + " once per 10 s.");
    static final ConfigKey<Integer> MAX_CONNECTIONS_PER_IP = ConfigKey.integer(TransportConfig.MAX_CONNECTIONS_PER_IP_SETTING,
            TransportConfig.DEFAULT_MAX_CONNECTIONS_PER_IP, 1, MAX)
        .apogeeOnly("RocketMQ sets no limit.")
        .doc("The most connections from one IP address. A client uses one or two per broker; one more is closed at"
            + " accept.");
    static final ConfigKey<Integer> IDLE_TIMEOUT = ConfigKey.integer(TransportConfig.IDLE_TIMEOUT_SETTING,
            TransportConfig.DEFAULT_IDLE_TIMEOUT_SECONDS, 0, MAX).unit("seconds")
        .unlikeRocketMq("RocketMQ counts the time without reads or writes; Apogee counts the time the client sent"
            + " nothing.")
        .doc("How long a connection may send nothing before it is closed; 0 never closes one. Clients send heartbeats"
            + " every 30 s, so they are not affected.");
    static final ConfigKey<Integer> PARTIAL_FRAME_BYTES_PER_CONNECTION = ConfigKey.integer(
            TransportConfig.PARTIAL_FRAME_BYTES_PER_CONNECTION_SETTING, FrameLayout.DEFAULT_MAX_FRAME_SIZE, 1, MAX)
        .unit("bytes")
        .apogeeOnly("RocketMQ sets no limit but the frame size.")
        .doc("The most bytes one connection may hold for a frame not yet complete. A connection past it is closed.");
    static final ConfigKey<Integer> PARTIAL_FRAME_BYTES = ConfigKey.integer(TransportConfig.PARTIAL_FRAME_BYTES_SETTING,
            (int) TransportConfig.DEFAULT_MAX_PARTIAL_FRAME_BYTES, 1, MAX).unit("bytes")
        .apogeeOnly("RocketMQ sets no limit.")
        .doc("The most bytes all connections together may hold for frames not yet complete. A connection whose bytes"
            + " would pass it is closed; the others are not touched.");
    static final ConfigKey<Integer> MAX_HEADER_SIZE = ConfigKey.integer(TransportConfig.MAX_HEADER_SIZE_SETTING,
            TransportConfig.DEFAULT_MAX_HEADER_SIZE, 1, FrameLayout.MAX_HEADER_LENGTH).unit("bytes")
        .apogeeOnly("RocketMQ sets no limit but the frame size.")
        .doc("The largest request header decoded. A request with a larger one is answered SYSTEM_ERROR, naming this key.");
    static final ConfigKey<Integer> MAX_EXT_FIELDS = ConfigKey.integer(TransportConfig.MAX_EXT_FIELDS_SETTING,
            TransportConfig.DEFAULT_MAX_EXT_FIELDS, 1, MAX)
        .apogeeOnly("RocketMQ sets no limit.")
        .doc("The most ext fields decoded per request header. A request with more is answered SYSTEM_ERROR, naming"
            + " this key.");

    private TransportKeys() {
    }

    /** The limits {@code values} set, as a builder still to be given its threads. */
    static TransportConfig.Builder limits(ConfigValues values) {
        return TransportConfig.builder()
            .serverMaxConnections(values.get(MAX_CONNECTIONS), values.get(MAX_CONNECTIONS_PER_IP))
            .idleTimeoutSeconds(values.get(IDLE_TIMEOUT))
            .maxPartialFrameBytes(values.get(PARTIAL_FRAME_BYTES_PER_CONNECTION), values.get(PARTIAL_FRAME_BYTES))
            .headerLimits(values.get(MAX_HEADER_SIZE), values.get(MAX_EXT_FIELDS));
    }
}
