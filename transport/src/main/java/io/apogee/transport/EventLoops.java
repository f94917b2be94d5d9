package io.apogee.transport;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;

import java.util.concurrent.TimeUnit;

/**
 * One event-loop group and the channel classes that go with it: native epoll where Netty finds it (and the config
 * asks for it), NIO otherwise. Each client and server owns its own instance and shuts it down on {@link #close()}.
 * Thread-safe.
 */
public final class EventLoops implements AutoCloseable {
    private final EventLoopGroup group;
    private final boolean nativeTransport;

    private EventLoops(EventLoopGroup group, boolean nativeTransport) {
        this.group = group;
        this.nativeTransport = nativeTransport;
    }

    /** A group of {@code threads} event loops named after {@code namePrefix}. */
    public static EventLoops create(int threads, boolean preferNative, String namePrefix) {
        boolean useEpoll = preferNative && Epoll.isAvailable();
        IoHandlerFactory handlers = useEpoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(threads, new DefaultThreadFactory(namePrefix, true), handlers);
        return new EventLoops(group, useEpoll);
    }

    /** The event loops. */
    public EventLoopGroup group() {
        return group;
    }

    /** True when the native epoll transport is in use. */
    public boolean isNative() {
        return nativeTransport;
    }

    /** The client socket channel class of this transport. */
    public Class<? extends SocketChannel> socketChannelClass() {
        return nativeTransport ? EpollSocketChannel.class : NioSocketChannel.class;
    }

    /** The server socket channel class of this transport. */
    public Class<? extends ServerChannel> serverChannelClass() {
        return nativeTransport ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }

    /** Shuts the event loops down and waits up to 5 s for them to stop. */
    @Override
    public void close() {
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }
}
