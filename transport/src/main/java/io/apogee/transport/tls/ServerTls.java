package io.apogee.transport.tls;

import io.netty.channel.ChannelHandler;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.function.Consumer;
import javax.net.ssl.SSLException;

/**
 * A server port's TLS: its {@link TlsMode} and, unless disabled, the context its handshakes use (the JDK's TLS
 * provider, the port's certificate, and what it asks of client certificates). Immutable and thread-safe; every
 * connection of the port gets a {@link #modeHandler} of its own.
 */
public final class ServerTls {
    private final TlsMode mode;
    private final SslContext context;
    private final ServerCertificate certificate;

    private ServerTls(TlsMode mode, SslContext context, ServerCertificate certificate) {
        this.mode = mode;
        this.context = context;
        this.certificate = certificate;
    }

    /** A port that takes plaintext only and closes a connection that opens with a TLS handshake. */
    public static ServerTls disabled() {
        return new ServerTls(TlsMode.DISABLED, null, null);
    }

    /**
     * A port in {@code mode} (permissive or enforcing) serving {@code certificate}. With {@code clientAuth} other than
     * NONE a client certificate is asked for; it is checked against {@code trustCertPath} (PEM), or, when that is null,
     * any client certificate is accepted, as RocketMQ does with {@code tls.server.authClient=false}.
     *
     * @throws UncheckedIOException if the certificate, key or trusted certificates cannot be read
     */
    public static ServerTls of(TlsMode mode, ServerCertificate certificate, ClientAuthMode clientAuth, Path trustCertPath) {
        if (mode == TlsMode.DISABLED) {
            return disabled();
        }
        try {
            SslContextBuilder builder = SslContextBuilder.forServer(certificate.certPath().toFile(),
                    certificate.keyPath().toFile(), certificate.keyPassword())
                .sslProvider(SslProvider.JDK)
                .clientAuth(ClientAuth.valueOf(clientAuth.name()));
            if (trustCertPath == null) {
                builder.trustManager(InsecureTrustManagerFactory.INSTANCE);
            } else {
                builder.trustManager(trustCertPath.toFile());
            }
            return new ServerTls(mode, builder.build(), certificate);
        } catch (SSLException | IllegalArgumentException e) {
            throw new UncheckedIOException(new IOException("cannot use the TLS certificate " + certificate.certPath()
                + " with the key " + certificate.keyPath() + ": " + e.getMessage(), e));
        }
    }

    /** The port's mode. */
    public TlsMode mode() {
        return mode;
    }

    /**
     * The context of this port's handshakes, or null when TLS is disabled: for a listener that takes TLS only, such as
     * the stream protocol's TLS port, which needs no {@link #modeHandler}.
     */
    public SslContext context() {
        return context;
    }

    /** The certificate served, or null when TLS is disabled. */
    public ServerCertificate certificate() {
        return certificate;
    }

    /**
     * The first handler of a new connection: it looks at the first byte, then leaves the pipeline or becomes the
     * connection's SSL handler. A connection the mode refuses is closed and described to {@code refusals}.
     */
    public ChannelHandler modeHandler(Consumer<String> refusals) {
        return new TlsModeHandler(mode, context, refusals);
    }

    /** The name of the mode handler in a connection's pipeline. */
    public static String handlerName() {
        return TlsModeHandler.NAME;
    }
}
