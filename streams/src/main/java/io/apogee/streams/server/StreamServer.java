package io.apogee.streams.server;

import io.apogee.streams.log.StreamFlusher;
import io.apogee.streams.log.StreamRegistry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.ToIntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The listeners of RabbitMQ's stream protocol: a plaintext port and, when TLS is given, a TLS port, on one Netty event
 * loop group. Each connection gets a frame decoder and a {@link StreamConnection}, behind a TLS handler on the TLS port.
 * Both ports serve the streams of one {@link StreamRegistry} and share consumer groups. It does not own the registry.
 * What each user may do is asked of one {@link StreamPermissions}; when they change, every open connection decides its
 * publishers and subscriptions again.
 *
 * <p>Thread-safe: {@link #close()} may be called from any thread, more than once.
 */
public final class StreamServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StreamServer.class);
    private static final long QUIET_MILLIS = 0;
    private static final long CLOSE_TIMEOUT_MILLIS = 5_000;
    /** RocketMQ's {@code flushIntervalCommitLog}, the streams' force interval unless the broker gives its own. */
    public static final Duration DEFAULT_FLUSH_INTERVAL = Duration.ofMillis(500);

    private final EventLoopGroup group;
    private final Channel listener;
    private final Channel tlsListener;
    private final Connections connections;

    private StreamServer(EventLoopGroup group, Channel listener, Channel tlsListener, Connections connections) {
        this.group = group;
        this.listener = listener;
        this.tlsListener = tlsListener;
        this.connections = connections;
    }

    /**
     * Binds the port of {@code config} and serves {@code registry}.
     *
     * @throws InterruptedException if interrupted while binding
     */
    public static StreamServer start(StreamServerConfig config, StreamRegistry registry) throws InterruptedException {
        return start(config, null, registry);
    }

    /**
     * Binds the port of {@code config}, and the TLS port of {@code tls} unless it is null, and serves {@code registry}.
     *
     * @throws InterruptedException if interrupted while binding
     */
    public static StreamServer start(StreamServerConfig config, StreamTls tls, StreamRegistry registry)
        throws InterruptedException {
        return start(config, tls, registry, StreamUsers.of(config.users()));
    }

    /**
     * As {@link #start(StreamServerConfig, StreamTls, StreamRegistry)}, logging in the users of {@code users} in place
     * of the config's: the broker's ACL users when its authentication is on.
     *
     * @throws InterruptedException if interrupted while binding
     */
    public static StreamServer start(StreamServerConfig config, StreamTls tls, StreamRegistry registry, StreamUsers users)
        throws InterruptedException {
        return start(config, tls, registry, users, StreamPermissions.ALL);
    }

    /**
     * As {@link #start(StreamServerConfig, StreamTls, StreamRegistry, StreamUsers)}, asking {@code permissions} what each
     * user may do: the broker's ACL 2.0 policies when its authorization is on.
     *
     * @throws InterruptedException if interrupted while binding
     */
    public static StreamServer start(StreamServerConfig config, StreamTls tls, StreamRegistry registry, StreamUsers users,
        StreamPermissions permissions) throws InterruptedException {
        return start(config, tls, registry, users, permissions, false, DEFAULT_FLUSH_INTERVAL);
    }

    /**
     * As {@link #start(StreamServerConfig, StreamTls, StreamRegistry, StreamUsers, StreamPermissions)}, forcing the
     * streams every {@code flushInterval} and, with {@code syncFlush}, before each publish is confirmed: the broker's
     * {@code flushDiskType} and {@code flushIntervalCommitLog}.
     *
     * @throws InterruptedException if interrupted while binding
     */
    public static StreamServer start(StreamServerConfig config, StreamTls tls, StreamRegistry registry, StreamUsers users,
        StreamPermissions permissions, boolean syncFlush, Duration flushInterval) throws InterruptedException {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(config.ioThreads(), new DefaultThreadFactory("apogee-streams-io"),
            NioIoHandler.newFactory());
        ConsumerGroups groups = new ConsumerGroups();
        ChannelGroup connections = new DefaultChannelGroup("apogee-stream-connections", GlobalEventExecutor.INSTANCE);
        permissions.onChange(() -> connections.forEach(StreamServer::permissionsChanged));
        StreamFlusher flusher = new StreamFlusher(registry::logs, syncFlush, flushInterval);
        try {
            Connections shared = new Connections(permissions, registry, groups, connections, new StreamTraffic(),
                flusher);
            Channel listener = bind(group, config, config.port(), null, new Sasl(users, false), shared);
            Channel tlsListener = tls == null ? null
                : bind(group, config, tls.port(), tls, new Sasl(users, tls.saslExternal()), shared);
            return new StreamServer(group, listener, tlsListener, shared);
        } catch (InterruptedException | RuntimeException e) {
            flusher.close();
            group.shutdownGracefully(QUIET_MILLIS, CLOSE_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
            throw e;
        }
    }

    /**
     * What the connections of both listeners share: the permissions, the streams, the groups, the open channels, the
     * count of what they moved, and the flusher of the streams.
     */
    private record Connections(StreamPermissions permissions, StreamRegistry registry, ConsumerGroups groups,
        ChannelGroup open, StreamTraffic traffic, StreamFlusher flusher) {
    }

    /** Has the connection of {@code channel} decide its publishers and subscriptions again, on its event loop. */
    private static void permissionsChanged(Channel channel) {
        StreamConnection connection = channel.pipeline().get(StreamConnection.class);
        if (connection != null) {
            channel.eventLoop().execute(connection::permissionsChanged);
        }
    }

    private static Channel bind(EventLoopGroup group, StreamServerConfig config, int port, StreamTls tls, Sasl sasl,
        Connections shared) throws InterruptedException {
        int[] boundPort = new int[1];
        ServerBootstrap bootstrap = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childOption(ChannelOption.MESSAGE_SIZE_ESTIMATOR, PendingBytesEstimator.INSTANCE)
            .childHandler(new ChannelInitializer<SocketChannel>() {
                @Override
                protected void initChannel(SocketChannel channel) {
                    if (tls != null) {
                        channel.pipeline().addLast("stream-tls", tls.context().newHandler(channel.alloc()));
                    }
                    StreamFrameDecoder decoder = new StreamFrameDecoder(StreamServerConfig.INITIAL_MAX_FRAME_SIZE);
                    channel.pipeline().addLast("stream-frames", decoder)
                        .addLast("stream-connection", new StreamConnection(config, boundPort[0], sasl, shared.permissions(),
                            shared.registry(), shared.groups(), decoder, shared.traffic(), shared.flusher()));
                    shared.open().add(channel);
                }
            });
        Channel listener = bootstrap.bind(config.bindAddress(), port).sync().channel();
        boundPort[0] = ((InetSocketAddress) listener.localAddress()).getPort();
        LOG.info("stream protocol listening on {}{}, advertised as {}:{}", listener.localAddress(),
            tls == null ? "" : tls.saslExternal() ? " with TLS and SASL EXTERNAL" : " with TLS", config.advertisedHost(),
            boundPort[0]);
        return listener;
    }

    /** The plaintext port bound. */
    public int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    /** The TLS port bound, or 0 when there is none. */
    public int tlsPort() {
        return tlsListener == null ? 0 : ((InetSocketAddress) tlsListener.localAddress()).getPort();
    }

    /** The messages its connections have received, confirmed and delivered since it started. */
    public StreamTraffic traffic() {
        return connections.traffic();
    }

    /** The publishers declared on its open connections now. */
    public int publishers() {
        return sum(StreamConnection::publishers);
    }

    /** The subscriptions open on its connections now. */
    public int consumers() {
        return sum(StreamConnection::consumers);
    }

    private int sum(ToIntFunction<StreamConnection> count) {
        int sum = 0;
        for (Channel channel : connections.open()) {
            StreamConnection connection = channel.pipeline().get(StreamConnection.class);
            if (connection != null) {
                sum += count.applyAsInt(connection);
            }
        }
        return sum;
    }

    /** Stops listening and closes every connection. */
    @Override
    public void close() {
        listener.close().syncUninterruptibly();
        if (tlsListener != null) {
            tlsListener.close().syncUninterruptibly();
        }
        connections.flusher().close(); // before the event loops stop: the confirms it still holds are sent
        group.shutdownGracefully(QUIET_MILLIS, CLOSE_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS).syncUninterruptibly();
    }
}
