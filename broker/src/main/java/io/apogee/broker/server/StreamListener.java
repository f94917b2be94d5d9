package io.apogee.broker.server;

import io.apogee.common.time.Clock;
import io.apogee.store.file.DiskFence;
import io.apogee.store.file.FencedIo;
import io.apogee.store.file.NioFileIo;
import io.apogee.streams.log.StreamRegistry;
import io.apogee.streams.server.StreamServer;
import java.nio.file.Path;

/**
 * The broker's side of RabbitMQ's stream protocol: the streams under {@code <storeRoot>/streams} and the listener
 * serving them. It owns both, and closes the listener before the streams.
 *
 * <p>Thread-safe: {@link #close()} is idempotent and may be called from any thread.
 */
final class StreamListener implements AutoCloseable {
    static final String DIRECTORY = "streams";

    private final StreamRegistry registry;
    private final StreamServer server;

    private StreamListener(StreamRegistry registry, StreamServer server) {
        this.registry = registry;
        this.server = server;
    }

    /** Opens the streams and starts listening. */
    static StreamListener start(StreamKeys.StreamSettings settings, Path storeRoot, Clock clock) throws InterruptedException {
        StreamRegistry registry = StreamRegistry.open(new FencedIo(new NioFileIo(), new DiskFence()),
            storeRoot.resolve(DIRECTORY), settings.segmentSize(), clock);
        try {
            return new StreamListener(registry, StreamServer.start(settings.server(), registry));
        } catch (InterruptedException | RuntimeException e) {
            registry.close();
            throw e;
        }
    }

    /** The port bound. */
    int port() {
        return server.port();
    }

    @Override
    public synchronized void close() {
        server.close();
        registry.close();
    }
}
