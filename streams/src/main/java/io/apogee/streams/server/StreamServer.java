package io.apogee.streams.server;

import io.apogee.streams.log.StreamRegistry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The listener of RabbitMQ's stream protocol: one Netty server whose connections each get a frame decoder and a
 * {@link StreamConnection}, serving the streams of one {@link StreamRegistry}. It does not own the registry.
 *
 * <p>Thread-safe: {@link #close()} may be called from any thread, more than once.
 */
public final class StreamServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(StreamServer.class);
    private static final long QUIET_MILLIS = 0;
    private static final long CLOSE_TIMEOUT_MILLIS = 5_000;

    private final EventLoopGroup group;
    private final Channel listener;

    private StreamServer(EventLoopGroup group, Channel listener) {
        this.group = group;
        this.listener = listener;
    }

    /**
     * Binds the port of {@code config} and serves {@code registry}.
     *
     * @throws InterruptedException if interrupted while binding
     */
    public static StreamServer start(StreamServerConfig config, StreamRegistry registry) throws InterruptedException {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(config.ioThreads(), new DefaultThreadFactory("apogee-streams-io"),
            NioIoHandler.newFactory());
        ConsumerGroups groups = new ConsumerGroups();
        try {
            int[] boundPort = new int[1];
            ServerBootstrap bootstrap = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        StreamFrameDecoder decoder = new StreamFrameDecoder(StreamServerConfig.INITIAL_MAX_FRAME_SIZE);
                        channel.pipeline().addLast("stream-frames", decoder)
                            .addLast("stream-connection", new StreamConnection(config, boundPort[0], registry, groups, decoder));
                    }
                });
            Channel listener = bootstrap.bind(config.bindAddress(), config.port()).sync().channel();
            boundPort[0] = ((InetSocketAddress) listener.localAddress()).getPort();
            LOG.info("stream protocol listening on {}, advertised as {}:{}", listener.localAddress(), config.advertisedHost(),
                boundPort[0]);
            return new StreamServer(group, listener);
        } catch (InterruptedException | RuntimeException e) {
            group.shutdownGracefully(QUIET_MILLIS, CLOSE_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
            throw e;
        }
    }

    /** The port bound. */
    public int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    /** Stops listening and closes every connection. */
    @Override
    public void close() {
        listener.close().syncUninterruptibly();
        group.shutdownGracefully(QUIET_MILLIS, CLOSE_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS).syncUninterruptibly();
    }
}
