package io.apogee.transport;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.WriteBufferWaterMark;

import java.net.InetSocketAddress;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The server end of the remoting protocol, generic over a {@link RequestDispatcher}: it accepts connections,
 * frames them, and hands every request to the dispatcher with the {@link Peer} to answer on (and to send requests
 * of its own to, such as NOTIFY_CONSUMER_IDS_CHANGED). A connection whose answers back up past the high water mark
 * is not read from until they drain (see {@link Peer#whenWritable}). Requests it sends time out through
 * {@link RequestTimeouts}, armed only while some wait. Owns its event loops; {@link #close()} stops
 * them. Thread-safe.
 */
public final class RemotingServer implements AutoCloseable {
    private final EventLoops loops;
    private final Channel serverChannel;
    private final Set<Peer> peers = ConcurrentHashMap.newKeySet();
    private final AtomicInteger opaques = new AtomicInteger();
    private final RequestTimeouts timeouts;
    private final RemotingChannelInitializer initializer;

    private RemotingServer(TransportConfig config, RequestDispatcher dispatcher, String host, int port) throws InterruptedException {
        this.loops = EventLoops.create(config.ioThreads(), config.preferNative(), config.threadNamePrefix());
        this.timeouts = new RequestTimeouts(peers, config.clock(),
            (task, delayNanos) -> loops.group().schedule(task, delayNanos, TimeUnit.NANOSECONDS),
            TimeUnit.MILLISECONDS.toNanos(config.timeoutSweepMillis()));
        this.initializer = new RemotingChannelInitializer(config, dispatcher, opaques::getAndIncrement, peers, timeouts,
            true);
        try {
            ServerBootstrap bootstrap = new ServerBootstrap()
                .group(loops.group())
                .channel(loops.serverChannelClass())
                .option(ChannelOption.SO_REUSEADDR, true)
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.ALLOCATOR, config.allocator())
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK,
                    new WriteBufferWaterMark(config.writeBufferLowWaterMark(), config.writeBufferHighWaterMark()))
                .childOption(ChannelOption.MESSAGE_SIZE_ESTIMATOR, FrameSizeEstimator.INSTANCE)
                .childHandler(initializer);
            this.serverChannel = bootstrap.bind(host, port).sync().channel();
        } catch (InterruptedException | RuntimeException e) {
            loops.close();
            throw e;
        }
    }

    /**
     * Binds a server to {@code host}:{@code port} (0 picks a free port; see {@link #port()}).
     *
     * @throws InterruptedException if interrupted while binding
     */
    public static RemotingServer start(TransportConfig config, RequestDispatcher dispatcher, String host, int port)
        throws InterruptedException {
        return new RemotingServer(config, dispatcher, host, port);
    }

    /** The address and port the server listens on, as bound (the wildcard address when it listens on every one). */
    public InetSocketAddress address() {
        return (InetSocketAddress) serverChannel.localAddress();
    }

    /** The port the server listens on. */
    public int port() {
        return ((InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    /** True when the native epoll transport is in use. */
    public boolean isNativeTransport() {
        return loops.isNative();
    }

    /** The open connections. */
    public Set<Peer> peers() {
        return Set.copyOf(peers);
    }

    /** The bytes that all connections hold now for frames not yet complete. */
    public long partialFrameBytes() {
        return initializer.partialFrameBytes();
    }

    /** Stops accepting, closes every connection and stops the event loops. */
    @Override
    public void close() {
        timeouts.close();
        serverChannel.close().awaitUninterruptibly();
        for (Peer peer : peers) {
            peer.close();
        }
        loops.close();
    }
}
