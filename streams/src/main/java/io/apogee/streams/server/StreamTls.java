package io.apogee.streams.server;

import io.netty.handler.ssl.SslContext;
import java.util.Objects;

/**
 * The stream protocol's TLS listener, as RabbitMQ's {@code stream.listeners.ssl.1}: every connection on its port
 * starts with a TLS handshake; a plaintext one is closed by the handshake's failure.
 *
 * <p>Immutable; safe for any thread.
 *
 * @param port         the port; 0 picks a free one
 * @param context      the server side of the handshakes: certificate, key and what is asked of client certificates
 * @param saslExternal whether SASL EXTERNAL is served: only when the handshake asks for client certificates and
 *                     checks them against trusted ones, as a certificate then names its user
 */
public record StreamTls(int port, SslContext context, boolean saslExternal) {
    /** The port RabbitMQ listens on for the stream protocol over TLS. */
    public static final int DEFAULT_PORT = 5551;

    /** Checks the values. */
    public StreamTls {
        Objects.requireNonNull(context, "context");
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("port must be 0..65535: " + port);
        }
        if (!context.isServer()) {
            throw new IllegalArgumentException("a server context is needed");
        }
    }
}
