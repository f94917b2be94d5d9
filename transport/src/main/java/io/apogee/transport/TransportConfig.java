package io.apogee.transport;

import io.apogee.common.time.Clock;
import io.apogee.common.time.SystemClock;
import io.apogee.wire.frame.FrameLayout;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;

import java.util.Objects;

/**
 * The settings of one client or server: threads, frame limit, connect timeout, connections per address, write
 * buffer water marks, the timeout sweep period, the buffer allocator and the clock that deadlines are read from.
 * Immutable and thread-safe; made with {@link #builder()}, every value checked when built.
 */
public final class TransportConfig {
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

    /** How often pending requests are checked against their deadline. */
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

        /** The timeout sweep period in milliseconds, at least 1. */
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
