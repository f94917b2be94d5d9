package io.apogee.transport.tls;

/**
 * Whether a TLS server asks its clients for a certificate, as RocketMQ's {@code tls.server.need.client.auth} names it.
 * Immutable.
 */
public enum ClientAuthMode {
    /** No client certificate is asked for. */
    NONE,
    /** A client certificate is asked for; a client without one is served. */
    OPTIONAL,
    /** A client without a certificate is refused at the handshake. */
    REQUIRE
}
