package io.apogee.streams.server;

import io.apogee.common.time.SystemClock;
import io.apogee.store.file.DiskFence;
import io.apogee.store.file.FencedIo;
import io.apogee.store.file.NioFileIo;
import io.apogee.streams.log.StreamRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/** A stream registry in a test directory served on a free port, as the broker wires them. Close it to stop both. */
final class StreamFixture implements AutoCloseable {
    static final int SEGMENT_SIZE = 4 << 20;

    final StreamRegistry registry;
    final StreamServer server;

    private StreamFixture(StreamRegistry registry, StreamServer server) {
        this.registry = registry;
        this.server = server;
    }

    static StreamFixture start(Path dir) throws InterruptedException {
        return start(dir, false, StreamServer.DEFAULT_FLUSH_INTERVAL);
    }

    /** As {@link #start(Path)}, the streams forced every {@code flushInterval} and, with {@code syncFlush}, per publish. */
    static StreamFixture start(Path dir, boolean syncFlush, Duration flushInterval) throws InterruptedException {
        StreamRegistry registry = StreamRegistry.open(new FencedIo(new NioFileIo(), new DiskFence()), dir, SEGMENT_SIZE,
            SystemClock.INSTANCE);
        StreamServerConfig config = new StreamServerConfig("127.0.0.1", 0, "127.0.0.1",
            StreamServerConfig.DEFAULT_MAX_FRAME_SIZE, StreamServerConfig.DEFAULT_HEARTBEAT_SECONDS,
            Map.of("guest", "guest"), 1);
        return new StreamFixture(registry, StreamServer.start(config, null, registry, StreamUsers.of(config.users()),
            StreamPermissions.ALL, syncFlush, flushInterval));
    }

    int port() {
        return server.port();
    }

    @Override
    public void close() {
        server.close();
        registry.close();
    }
}
