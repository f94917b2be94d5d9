package io.apogee.transport;

import io.apogee.wire.frame.RemotingHeader;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.WriteBufferWaterMark;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The client end of the remoting protocol: a pool of connections per address ("host:port"), opened on first use
 * and again after a close, and requests with a response (callback or waiting), oneway requests, and requests from
 * the peer handed to a {@link RequestDispatcher}. Owns its event loops, its opaque counter and its request timeouts ({@link RequestTimeouts});
 * {@link #close()} releases them all. Thread-safe.
 *
 * <pre>
 *  try (RemotingClient client = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE)) {
 *      RemotingHeader header = new RemotingHeader().asRequest(RequestCode.GET_ROUTEINFO_BY_TOPIC, 0);
 *      header.ext().add("topic", "TopicTest");
 *      try (RemotingResponse response = client.invokeSync("127.0.0.1:9876", header, null, 3000)) { ... }
 *  }
 * </pre>
 */
public final class RemotingClient implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RemotingClient.class);
    private static final long SYNC_WAIT_MARGIN_MILLIS = 1000;

    private final TransportConfig config;
    private final EventLoops loops;
    private final Bootstrap bootstrap;
    private final AtomicInteger opaques = new AtomicInteger();
    private final Set<Peer> peers = ConcurrentHashMap.newKeySet();
    private final Map<String, ConnectionSlots> pool = new ConcurrentHashMap<>();
    private final RequestTimeouts timeouts;
    private volatile boolean closed;

    /** A client with its own event loops; requests from peers go to {@code dispatcher}. */
    public RemotingClient(TransportConfig config, RequestDispatcher dispatcher) {
        this.config = config;
        this.loops = EventLoops.create(config.ioThreads(), config.preferNative(), config.threadNamePrefix());
        this.timeouts = new RequestTimeouts(peers, config.clock(),
            (task, delayNanos) -> loops.group().schedule(task, delayNanos, TimeUnit.NANOSECONDS),
            TimeUnit.MILLISECONDS.toNanos(config.timeoutSweepMillis()));
        this.bootstrap = new Bootstrap()
            .group(loops.group())
            .channel(loops.socketChannelClass())
            .option(ChannelOption.TCP_NODELAY, true)
            .option(ChannelOption.SO_KEEPALIVE, false)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, config.connectTimeoutMillis())
            .option(ChannelOption.ALLOCATOR, config.allocator())
            .option(ChannelOption.MESSAGE_SIZE_ESTIMATOR, FrameSizeEstimator.INSTANCE)
            .option(ChannelOption.WRITE_BUFFER_WATER_MARK,
                new WriteBufferWaterMark(config.writeBufferLowWaterMark(), config.writeBufferHighWaterMark()))
            .handler(new RemotingChannelInitializer(config, dispatcher, opaques::getAndIncrement, peers, timeouts, false));
    }

    /** True when the native epoll transport is in use. */
    public boolean isNativeTransport() {
        return loops.isNative();
    }

    /**
     * Sends a request to {@code address}, connecting first if needed; {@code callback} gets the response or the
     * failure exactly once. Takes ownership of {@code body} (may be null). The header is free for reuse when this
     * returns.
     *
     * @throws IllegalArgumentException if the header cannot be encoded or the frame is too large
     */
    public void invoke(String address, RemotingHeader header, ByteBuf body, long timeoutMillis, ResponseCallback callback) {
        ChannelFuture connection = connection(address);
        if (connection.isDone()) {
            Peer peer = peerOf(connection);
            if (peer == null) {
                release(body);
                callback.onFailure(new ConnectFailedException(address, connection.cause()));
            } else {
                peer.invoke(header, body, timeoutMillis, callback);
            }
            return;
        }
        RemotingHeader copy = header.copy();
        connection.addListener(done -> {
            Peer peer = peerOf(connection);
            if (peer == null) {
                release(body);
                callback.onFailure(new ConnectFailedException(address, connection.cause()));
            } else {
                peer.invoke(copy, body, timeoutMillis, callback);
            }
        });
    }

    /**
     * Sends a request and waits for its response, which the caller must close.
     *
     * @throws TransportException   if no response came: no connection, timeout, or connection lost
     * @throws InterruptedException if the thread was interrupted while waiting
     */
    public RemotingResponse invokeSync(String address, RemotingHeader header, ByteBuf body, long timeoutMillis)
        throws InterruptedException {
        CompletableFuture<RemotingResponse> result = new CompletableFuture<>();
        invoke(address, header, body, timeoutMillis, new ResponseCallback() {
            @Override
            public void onResponse(RemotingHeader response, ByteBuf responseBody) {
                RemotingResponse copy = RemotingResponse.copyOf(response, responseBody);
                if (!result.complete(copy)) {
                    copy.close();
                }
            }

            @Override
            public void onFailure(TransportException failure) {
                result.completeExceptionally(failure);
            }
        });
        try {
            return result.get(timeoutMillis + config.connectTimeoutMillis() + SYNC_WAIT_MARGIN_MILLIS, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw (TransportException) e.getCause();
        } catch (TimeoutException e) {
            result.thenAccept(RemotingResponse::close);
            throw new ResponseTimeoutException(address, "waiting for the response", timeoutMillis);
        }
    }

    /**
     * Sends a oneway request (connecting first if needed, without waiting for that). Takes ownership of
     * {@code body}.
     *
     * @return false if it was certainly not sent (no connection, or backed up beyond {@code timeoutMillis})
     */
    public boolean invokeOneway(String address, RemotingHeader header, ByteBuf body, long timeoutMillis) {
        ChannelFuture connection = connection(address);
        if (!connection.isDone()) {
            try {
                connection.await(config.connectTimeoutMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        Peer peer = connection.isDone() ? peerOf(connection) : null;
        if (peer == null) {
            release(body);
            return false;
        }
        return peer.invokeOneway(header, body, timeoutMillis);
    }

    /** True if the next connection to {@code address} is open and writable. */
    public boolean isWritable(String address) {
        ConnectionSlots slots = pool.get(address);
        return slots != null && slots.isWritable();
    }

    /** The open connections, for tests and diagnostics. */
    public Set<Peer> peers() {
        return Set.copyOf(peers);
    }

    /** Closes the connections to {@code address}; they are opened again on next use. */
    public void disconnect(String address) {
        ConnectionSlots slots = pool.remove(address);
        if (slots != null) {
            slots.close();
        }
    }

    /** Closes every connection (their pending requests fail) and stops the event loops. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        timeouts.close();
        for (ConnectionSlots slots : pool.values()) {
            slots.close();
        }
        pool.clear();
        loops.close();
    }

    private ChannelFuture connection(String address) {
        if (closed) {
            throw new IllegalStateException("client closed");
        }
        return pool.computeIfAbsent(address, a -> new ConnectionSlots(a, config.connectionsPerAddress())).next(this::connect);
    }

    private ChannelFuture connect(String address) {
        int colon = address.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("not host:port: " + address);
        }
        String host = address.substring(0, colon);
        int port = Integer.parseInt(address.substring(colon + 1));
        LOG.debug("connecting to {}", address);
        return bootstrap.connect(host, port);
    }

    static Peer peerOf(ChannelFuture connection) {
        if (!connection.isSuccess()) {
            return null;
        }
        Channel channel = connection.channel();
        RemotingFrameHandler handler = channel.pipeline().get(RemotingFrameHandler.class);
        return handler == null ? null : handler.peer();
    }

    private static void release(ByteBuf body) {
        if (body != null) {
            body.release();
        }
    }
}
