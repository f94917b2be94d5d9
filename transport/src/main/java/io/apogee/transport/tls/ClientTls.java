package io.apogee.transport.tls;

import io.netty.channel.Channel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import javax.net.ssl.SSLException;

/**
 * A client's TLS: the JDK's provider, trusting either the server certificates of one PEM file (a pinned self-signed
 * certificate or a CA) or, in test mode, any server, as RocketMQ's client does with {@code tls.test.mode.enable}; and,
 * for a server that asks for one ({@code tls.server.need.client.auth}), a client certificate of its own. Host names
 * are not checked against the certificate, as RocketMQ's client does not check them. Immutable and thread-safe.
 */
public final class ClientTls {
    private static final String SSL_NAME = "ssl";

    private final SslContext context;
    /** The trusted server certificates, or null for any: kept to build a copy that presents a certificate. */
    private final Path trustCertPath;

    private ClientTls(SslContext context, Path trustCertPath) {
        this.context = context;
        this.trustCertPath = trustCertPath;
    }

    /** A client that trusts any server certificate: encryption without authentication, for tests. */
    public static ClientTls trustingAnyServer() {
        return build(builder(null), null);
    }

    /**
     * A client that trusts the certificates in {@code trustCertPath} (PEM).
     *
     * @throws UncheckedIOException if the file cannot be read
     */
    public static ClientTls trusting(Path trustCertPath) {
        return build(builder(trustCertPath), trustCertPath);
    }

    /**
     * This client, presenting the certificate chain of {@code certPath} with the PKCS#8 key of {@code keyPath}
     * (encrypted with {@code keyPassword}, or null) when a server asks (RocketMQ's {@code tls.client.certPath},
     * {@code tls.client.keyPath}, {@code tls.client.keyPassword}).
     *
     * @throws UncheckedIOException if the certificate or the key cannot be read
     */
    public ClientTls presenting(Path certPath, Path keyPath, String keyPassword) {
        try {
            return build(builder(trustCertPath).keyManager(certPath.toFile(), keyPath.toFile(), keyPassword),
                trustCertPath);
        } catch (IllegalArgumentException e) {
            throw new UncheckedIOException(new IOException("cannot read the client certificate " + certPath + " or its key "
                + keyPath, e));
        }
    }

    private static SslContextBuilder builder(Path trustCertPath) {
        if (trustCertPath == null) {
            return SslContextBuilder.forClient().trustManager(InsecureTrustManagerFactory.INSTANCE);
        }
        try {
            return SslContextBuilder.forClient().trustManager(trustCertPath.toFile());
        } catch (IllegalArgumentException e) {
            throw new UncheckedIOException(new IOException("cannot read trusted certificates from " + trustCertPath, e));
        }
    }

    private static ClientTls build(SslContextBuilder builder, Path trustCertPath) {
        try {
            return new ClientTls(builder.sslProvider(SslProvider.JDK).endpointIdentificationAlgorithm(null).build(),
                trustCertPath);
        } catch (SSLException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Puts a new connection's SSL handler first in its pipeline, followed by a {@link FlushBatcher}: the frames of one
     * flush are then encrypted together rather than one TLS record each.
     */
    public void addFirstHandlers(Channel channel) {
        channel.pipeline().addLast(SSL_NAME, context.newHandler(channel.alloc()))
            .addLast(FlushBatcher.NAME, new FlushBatcher());
    }
}
