package io.apogee.broker.server;

import io.apogee.broker.metrics.StreamFigures;
import io.apogee.common.time.Clock;
import io.apogee.store.file.DiskFence;
import io.apogee.store.file.FencedIo;
import io.apogee.store.file.NioFileIo;
import io.apogee.streams.log.StreamRegistry;
import io.apogee.streams.server.StreamPermissions;
import io.apogee.streams.server.StreamServer;
import io.apogee.streams.server.StreamTls;
import io.apogee.streams.server.StreamUsers;
import io.apogee.transport.tls.ClientAuthMode;
import io.apogee.transport.tls.ServerTls;
import java.nio.file.Path;

/**
 * The broker's side of RabbitMQ's stream protocol: the streams under {@code <storeRoot>/streams} and the listeners
 * serving them, the TLS one with the broker's certificate. It owns both, and closes the listeners before the streams.
 * It gives the metrics the server's figures.
 *
 * <p>Thread-safe: {@link #close()} is idempotent and may be called from any thread.
 */
final class StreamListener implements AutoCloseable, StreamFigures {
    static final String DIRECTORY = "streams";

    private final StreamRegistry registry;
    private final StreamServer server;

    private StreamListener(StreamRegistry registry, StreamServer server) {
        this.registry = registry;
        this.server = server;
    }

    /**
     * Opens the streams and starts listening; on the TLS port with {@code serverTls}, the RocketMQ ports' TLS, whose
     * {@code tls} settings say whether client certificates are asked for and checked. Clients log in as one of
     * {@code users}, and may do what {@code permissions} allows. The streams are forced as the commit log is: every
     * flush interval of the settings, and with {@code syncFlush} before each publish is confirmed.
     */
    static StreamListener start(StreamKeys.StreamSettings settings, ServerTls serverTls, TlsSettings tls, Path storeRoot,
        StreamUsers users, StreamPermissions permissions, Clock clock, boolean syncFlush) throws InterruptedException {
        StreamTls streamTls = null;
        if (settings.tls()) {
            // a certificate names its user only when it is asked for and checked against trusted ones
            boolean external = tls.clientAuth() != ClientAuthMode.NONE && tls.trustCertPath() != null;
            streamTls = new StreamTls(settings.tlsPort(), serverTls.context(), external);
        }
        StreamRegistry registry = StreamRegistry.open(new FencedIo(new NioFileIo(), new DiskFence()),
            storeRoot.resolve(DIRECTORY), settings.segmentSize(), clock);
        try {
            return new StreamListener(registry, StreamServer.start(settings.server(), streamTls, registry, users,
                permissions, syncFlush, settings.flushInterval()));
        } catch (InterruptedException | RuntimeException e) {
            registry.close();
            throw e;
        }
    }

    /** The listeners' server: its traffic and open publishers and consumers, for the metrics. */
    StreamServer server() {
        return server;
    }

    @Override
    public long messagesReceived() {
        return server.traffic().messagesReceived();
    }

    @Override
    public long messagesConfirmed() {
        return server.traffic().messagesConfirmed();
    }

    @Override
    public long messagesDelivered() {
        return server.traffic().messagesDelivered();
    }

    @Override
    public int publishers() {
        return server.publishers();
    }

    @Override
    public int consumers() {
        return server.consumers();
    }

    /** The plaintext port bound. */
    int port() {
        return server.port();
    }

    /** The TLS port bound, or 0 when there is none. */
    int tlsPort() {
        return server.tlsPort();
    }

    @Override
    public synchronized void close() {
        server.close();
        registry.close();
    }
}
