package io.apogee.transport;

import io.apogee.common.time.Clock;
import io.apogee.common.time.SystemClock;
import io.apogee.transport.tls.ClientTls;
import io.apogee.transport.tls.ServerTls;
import io.apogee.wire.frame.FrameLayout;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;

import java.util.Objects;

/**
 * The settings of one client or server: threads, frame limit, connect timeout, connections per address, write
 * buffer water marks, the shortest gap between timeout sweeps, the buffer allocator and the clock that deadlines are read from;
 * and a server's limits on what its clients may hold: connections, idle time, header size, and memory for frames
 * not yet complete. Immutable and thread-safe; made with {@link #builder()}, every value checked when built.
 *
 * <p>The {@code *_SETTING} constants name each limit as the broker's config does; refusals quote them, so an
 * operator reading a remark or a log line knows which key to raise.
 */
public final class TransportConfig {
    /** The setting of {@link #serverMaxConnections()}. */
    public static final String MAX_CONNECTIONS_SETTING = "serverMaxConnections";
    /** The setting of {@link #serverMaxConnectionsPerIp()}. */
    public static final String MAX_CONNECTIONS_PER_IP_SETTING = "serverMaxConnectionsPerIp";
    /** The setting of {@link #idleTimeoutSeconds()}, RocketMQ's name. */
    public static final String IDLE_TIMEOUT_SETTING = "serverChannelMaxIdleTimeSeconds";
    /** The setting of {@link #maxPartialFrameBytesPerConnection()}. */
    public static final String PARTIAL_FRAME_BYTES_PER_CONNECTION_SETTING = "serverMaxPartialFrameBytesPerConnection";
    /** The setting of {@link #maxPartialFrameBytes()}. */
    public static final String PARTIAL_FRAME_BYTES_SETTING = "serverMaxPartialFrameBytes";
    /** The setting of {@link #maxHeaderSize()}. */
    public static final String MAX_HEADER_SIZE_SETTING = "remotingMaxHeaderSize";
    /** The setting of {@link #maxExtFields()}. */
    public static final String MAX_EXT_FIELDS_SETTING = "remotingMaxExtFields";
    /** The default of {@link #serverMaxConnections()}. */
    public static final int DEFAULT_MAX_CONNECTIONS = 10_000;
    /** The default of {@link #serverMaxConnectionsPerIp()}. */
    public static final int DEFAULT_MAX_CONNECTIONS_PER_IP = 1_000;
    /** The default of {@link #idleTimeoutSeconds()}, RocketMQ's. */
    public static final int DEFAULT_IDLE_TIMEOUT_SECONDS = 120;
    /** The default of {@link #maxPartialFrameBytes()}: 128 MiB. */
    public static final long DEFAULT_MAX_PARTIAL_FRAME_BYTES = 128L << 20;
    /** The default of {@link #maxHeaderSize()}: 256 KiB, room for a send's 32 KiB of properties many times over. */
    public static final int DEFAULT_MAX_HEADER_SIZE = 256 * 1024;
    /** The default of {@link #maxExtFields()}. */
    public static final int DEFAULT_MAX_EXT_FIELDS = 1_024;

    private final int ioThreads;
    private final boolean preferNative;
    private final int maxFrameSize;
    private final int connectTimeoutMillis;
    private final int connectionsPerAddress;
    private final int writeBufferLowWaterMark;
    private final int writeBufferHighWaterMark;
    private final int timeoutSweepMillis;
    private final ByteBufAllocator allocator;
    private final Clock clock;
    private final String threadNamePrefix;
    private final int serverMaxConnections;
    private final int serverMaxConnectionsPerIp;
    private final int idleTimeoutSeconds;
    private final int maxPartialFrameBytesPerConnection;
    private final long maxPartialFrameBytes;
    private final int maxHeaderSize;
    private final int maxExtFields;
    private final ServerTls serverTls;
    private final ClientTls clientTls;

    private TransportConfig(Builder builder) {
        this.ioThreads = builder.ioThreads;
        this.preferNative = builder.preferNative;
        this.maxFrameSize = builder.maxFrameSize;
        this.connectTimeoutMillis = builder.connectTimeoutMillis;
        this.connectionsPerAddress = builder.connectionsPerAddress;
        this.writeBufferLowWaterMark = builder.writeBufferLowWaterMark;
        this.writeBufferHighWaterMark = builder.writeBufferHighWaterMark;
        this.timeoutSweepMillis = builder.timeoutSweepMillis;
        this.allocator = builder.allocator;
        this.clock = builder.clock;
        this.threadNamePrefix = builder.threadNamePrefix;
        this.serverMaxConnections = builder.serverMaxConnections;
        this.serverMaxConnectionsPerIp = builder.serverMaxConnectionsPerIp;
        this.idleTimeoutSeconds = builder.idleTimeoutSeconds;
        this.maxPartialFrameBytesPerConnection = builder.maxPartialFrameBytesPerConnection == 0
            ? maxFrameSize : builder.maxPartialFrameBytesPerConnection;
        this.maxPartialFrameBytes = builder.maxPartialFrameBytes;
        this.maxHeaderSize = builder.maxHeaderSize;
        this.maxExtFields = builder.maxExtFields;
        this.serverTls = builder.serverTls;
        this.clientTls = builder.clientTls;
    }

    private TransportConfig(TransportConfig base, ClientTls clientTls) {
        this.ioThreads = base.ioThreads;
        this.preferNative = base.preferNative;
        this.maxFrameSize = base.maxFrameSize;
        this.connectTimeoutMillis = base.connectTimeoutMillis;
        this.connectionsPerAddress = base.connectionsPerAddress;
        this.writeBufferLowWaterMark = base.writeBufferLowWaterMark;
        this.writeBufferHighWaterMark = base.writeBufferHighWaterMark;
        this.timeoutSweepMillis = base.timeoutSweepMillis;
        this.allocator = base.allocator;
        this.clock = base.clock;
        this.threadNamePrefix = base.threadNamePrefix;
        this.serverMaxConnections = base.serverMaxConnections;
        this.serverMaxConnectionsPerIp = base.serverMaxConnectionsPerIp;
        this.idleTimeoutSeconds = base.idleTimeoutSeconds;
        this.maxPartialFrameBytesPerConnection = base.maxPartialFrameBytesPerConnection;
        this.maxPartialFrameBytes = base.maxPartialFrameBytes;
        this.maxHeaderSize = base.maxHeaderSize;
        this.maxExtFields = base.maxExtFields;
        this.serverTls = base.serverTls;
        this.clientTls = clientTls;
    }

    /** These settings, connecting with {@code tls} (null: in plaintext). */
    public TransportConfig withClientTls(ClientTls tls) {
        return new TransportConfig(this, tls);
    }

    /** A builder holding the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** The defaults: one I/O thread, native epoll where available, 16 MiB frames, 3 s connect timeout. */
    public static TransportConfig defaults() {
        return builder().build();
    }

    /** Event-loop threads. */
    public int ioThreads() {
        return ioThreads;
    }

    /** Whether native epoll is used where it is available (NIO otherwise). */
    public boolean preferNative() {
        return preferNative;
    }

    /** The largest frame accepted or sent, its 4 length bytes included. */
    public int maxFrameSize() {
        return maxFrameSize;
    }

    /** How long a connection attempt may take. */
    public int connectTimeoutMillis() {
        return connectTimeoutMillis;
    }

    /** Connections a client keeps to each address, used round-robin. */
    public int connectionsPerAddress() {
        return connectionsPerAddress;
    }

    /** Below this many queued bytes a backed-up channel becomes writable again. */
    public int writeBufferLowWaterMark() {
        return writeBufferLowWaterMark;
    }

    /** Above this many queued bytes a channel stops being writable and callers wait. */
    public int writeBufferHighWaterMark() {
        return writeBufferHighWaterMark;
    }

    /**
     * The shortest time between two sweeps for timed-out requests: a sweep comes at the earliest deadline pending,
     * and only while requests wait, but never sooner than this after the last one.
     */
    public int timeoutSweepMillis() {
        return timeoutSweepMillis;
    }

    /** The allocator of frame buffers. */
    public ByteBufAllocator allocator() {
        return allocator;
    }

    /** The clock whose monotonic nanoseconds request deadlines are read from. */
    public Clock clock() {
        return clock;
    }

    /** The prefix of event-loop thread names. */
    public String threadNamePrefix() {
        return threadNamePrefix;
    }

    /** A server's most open connections; one more is closed at accept. */
    public int serverMaxConnections() {
        return serverMaxConnections;
    }

    /** A server's most open connections from one IP address; one more is closed at accept. */
    public int serverMaxConnectionsPerIp() {
        return serverMaxConnectionsPerIp;
    }

    /** Seconds a server connection may send nothing before it is closed; 0 never closes one. */
    public int idleTimeoutSeconds() {
        return idleTimeoutSeconds;
    }

    /** The most bytes of frames not yet complete that one connection may hold; the frame limit unless set. */
    public int maxPartialFrameBytesPerConnection() {
        return maxPartialFrameBytesPerConnection;
    }

    /** The most bytes of frames not yet complete that all connections of a server may hold together. */
    public long maxPartialFrameBytes() {
        return maxPartialFrameBytes;
    }

    /** The largest header a server decodes; a request with a larger one is answered with an error. */
    public int maxHeaderSize() {
        return maxHeaderSize;
    }

    /** The most ext fields a server decodes per header; a request with more is answered with an error. */
    public int maxExtFields() {
        return maxExtFields;
    }

    /** A server's TLS, or null for plaintext only with no look at a connection's first byte. */
    public ServerTls serverTls() {
        return serverTls;
    }

    /** A client's TLS, or null for plaintext. */
    public ClientTls clientTls() {
        return clientTls;
    }

    /** Collects settings for a {@link TransportConfig}. Not thread-safe: one thread builds. */
    public static final class Builder {
        private int ioThreads = 1;
        private boolean preferNative = true;
        private int maxFrameSize = FrameLayout.DEFAULT_MAX_FRAME_SIZE;
        private int connectTimeoutMillis = 3000;
        private int connectionsPerAddress = 1;
        private int writeBufferLowWaterMark = 512 * 1024;
        private int writeBufferHighWaterMark = 1024 * 1024;
        private int timeoutSweepMillis = 10;
        private ByteBufAllocator allocator = PooledByteBufAllocator.DEFAULT;
        private Clock clock = SystemClock.INSTANCE;
        private String threadNamePrefix = "apogee-io";
        private int serverMaxConnections = DEFAULT_MAX_CONNECTIONS;
        private int serverMaxConnectionsPerIp = DEFAULT_MAX_CONNECTIONS_PER_IP;
        private int idleTimeoutSeconds = DEFAULT_IDLE_TIMEOUT_SECONDS;
        /** 0: the frame limit. */
        private int maxPartialFrameBytesPerConnection;
        private long maxPartialFrameBytes = DEFAULT_MAX_PARTIAL_FRAME_BYTES;
        private int maxHeaderSize = DEFAULT_MAX_HEADER_SIZE;
        private int maxExtFields = DEFAULT_MAX_EXT_FIELDS;
        private ServerTls serverTls;
        private ClientTls clientTls;

        private Builder() {
        }

        /** Event-loop threads, at least 1. */
        public Builder ioThreads(int value) {
            this.ioThreads = positive("ioThreads", value);
            return this;
        }

        /** Whether to use native epoll where available. */
        public Builder preferNative(boolean value) {
            this.preferNative = value;
            return this;
        }

        /** The frame limit, the 4 length bytes included. */
        public Builder maxFrameSize(int value) {
            if (value < FrameLayout.PREFIX_SIZE) {
                throw new IllegalArgumentException("maxFrameSize must be at least " + FrameLayout.PREFIX_SIZE + ": " + value);
            }
            this.maxFrameSize = value;
            return this;
        }

        /** The connect timeout in milliseconds, at least 1. */
        public Builder connectTimeoutMillis(int value) {
            this.connectTimeoutMillis = positive("connectTimeoutMillis", value);
            return this;
        }

        /** Connections per address, at least 1. */
        public Builder connectionsPerAddress(int value) {
            this.connectionsPerAddress = positive("connectionsPerAddress", value);
            return this;
        }

        /** The write buffer water marks in bytes; {@code low <= high}. */
        public Builder writeBufferWaterMarks(int low, int high) {
            positive("low water mark", low);
            if (high < low) {
                throw new IllegalArgumentException("high water mark " + high + " below low water mark " + low);
            }
            this.writeBufferLowWaterMark = low;
            this.writeBufferHighWaterMark = high;
            return this;
        }

        /** The shortest time between two timeout sweeps, in milliseconds, at least 1. */
        public Builder timeoutSweepMillis(int value) {
            this.timeoutSweepMillis = positive("timeoutSweepMillis", value);
            return this;
        }

        /** The buffer allocator. */
        public Builder allocator(ByteBufAllocator value) {
            this.allocator = Objects.requireNonNull(value, "allocator");
            return this;
        }

        /** The clock of request deadlines (its monotonic nanoseconds). */
        public Builder clock(Clock value) {
            this.clock = Objects.requireNonNull(value, "clock");
            return this;
        }

        /** The prefix of event-loop thread names. */
        public Builder threadNamePrefix(String value) {
            this.threadNamePrefix = Objects.requireNonNull(value, "threadNamePrefix");
            return this;
        }

        /** A server's most open connections in total and from one IP address, each at least 1. */
        public Builder serverMaxConnections(int total, int perIp) {
            this.serverMaxConnections = positive(MAX_CONNECTIONS_SETTING, total);
            this.serverMaxConnectionsPerIp = positive(MAX_CONNECTIONS_PER_IP_SETTING, perIp);
            return this;
        }

        /** Seconds a server connection may send nothing before it is closed; 0 for never. */
        public Builder idleTimeoutSeconds(int value) {
            if (value < 0) {
                throw new IllegalArgumentException(IDLE_TIMEOUT_SETTING + " must not be negative: " + value);
            }
            this.idleTimeoutSeconds = value;
            return this;
        }

        /** The bytes of frames not yet complete that one connection, and all together, may hold; each at least 1. */
        public Builder maxPartialFrameBytes(int perConnection, long total) {
            this.maxPartialFrameBytesPerConnection = positive(PARTIAL_FRAME_BYTES_PER_CONNECTION_SETTING, perConnection);
            if (total < 1) {
                throw new IllegalArgumentException(PARTIAL_FRAME_BYTES_SETTING + " must be positive: " + total);
            }
            this.maxPartialFrameBytes = total;
            return this;
        }

        /** The largest header and the most ext fields a server decodes per request; each at least 1. */
        public Builder headerLimits(int maxHeaderBytes, int maxFields) {
            this.maxHeaderSize = positive(MAX_HEADER_SIZE_SETTING, maxHeaderBytes);
            this.maxExtFields = positive(MAX_EXT_FIELDS_SETTING, maxFields);
            return this;
        }

        /** A server's TLS mode and context; null (the default) leaves its connections' pipelines as they are. */
        public Builder serverTls(ServerTls value) {
            this.serverTls = value;
            return this;
        }

        /** A client's TLS; null (the default) connects in plaintext. */
        public Builder clientTls(ClientTls value) {
            this.clientTls = value;
            return this;
        }

        /** The settings. */
        public TransportConfig build() {
            return new TransportConfig(this);
        }

        private static int positive(String name, int value) {
            if (value < 1) {
                throw new IllegalArgumentException(name + " must be positive: " + value);
            }
            return value;
        }
    }
}
