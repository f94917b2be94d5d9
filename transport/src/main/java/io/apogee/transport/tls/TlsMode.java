package io.apogee.transport.tls;

/**
 * What a server port does with TLS, as RocketMQ's {@code tls.server.mode} names it. Immutable.
 */
public enum TlsMode {
    /** Plaintext only: a connection opening with a TLS handshake is closed. */
    DISABLED,
    /** Both: the first byte of a connection tells a TLS handshake (0x16) from plaintext. */
    PERMISSIVE,
    /** TLS only: a connection opening with anything but a TLS handshake is closed. */
    ENFORCING
}
