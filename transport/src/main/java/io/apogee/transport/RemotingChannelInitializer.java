package io.apogee.transport;

import io.apogee.transport.tls.ServerTls;
import io.apogee.wire.frame.FrameEncoder;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.handler.timeout.IdleStateHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Set;
import java.util.function.IntSupplier;

/**
 * Builds the pipeline of every connection of a client or server (decoder, encoder, frame handler) and keeps the
 * set of open {@link Peer}s that the {@link RequestTimeouts} sweep walks. On a server it also enforces the limits on clients: a
 * connection over the connection limits is closed at accept, before it has a pipeline; the others get an idle
 * timeout and a decoder that counts partial frames against the server's budget. With TLS, a server connection's first
 * handler tells TLS from plaintext by its first byte ({@link ServerTls}), and a client connection's first handler is
 * its SSL handler. Shared by all channels of one endpoint; thread-safe.
 */
final class RemotingChannelInitializer extends ChannelInitializer<Channel> {
    private static final Logger LOG = LoggerFactory.getLogger(RemotingChannelInitializer.class);

    /** The most flushes a server connection, or a TLS client's, holds back before it writes to the socket anyway. */
    private static final int FLUSHES_PER_SYSCALL = 64;

    private final TransportConfig config;
    private final RequestDispatcher dispatcher;
    private final RemotingFrameEncoder frameEncoder;
    private final FrameEncoder requestEncoder;
    private final IntSupplier opaques;
    private final Set<Peer> peers;
    private final RequestTimeouts timeouts;
    private final boolean holdReadsWhileBackedUp;
    private final ServerLimits limits;

    /**
     * An initializer; with {@code holdReadsWhileBackedUp} (servers) a connection whose write buffer is over its high
     * water mark stops reading requests until it drains, so a peer that does not read its answers cannot make this
     * end buffer without bound.
     */
    RemotingChannelInitializer(TransportConfig config, RequestDispatcher dispatcher, IntSupplier opaques, Set<Peer> peers,
        RequestTimeouts timeouts, boolean holdReadsWhileBackedUp) {
        this.config = config;
        this.dispatcher = dispatcher;
        this.frameEncoder = new RemotingFrameEncoder(config.maxFrameSize());
        this.requestEncoder = new FrameEncoder(config.maxFrameSize());
        this.opaques = opaques;
        this.peers = peers;
        this.timeouts = timeouts;
        this.holdReadsWhileBackedUp = holdReadsWhileBackedUp;
        this.limits = holdReadsWhileBackedUp ? new ServerLimits(config) : null;
    }

    @Override
    protected void initChannel(Channel channel) {
        if (limits != null && !limits.admit(channel)) {
            return;
        }
        Peer peer = new Peer(channel, addressOf(channel.remoteAddress()), requestEncoder, opaques, config.clock(),
            timeouts::armFor);
        RemotingFrameDecoder decoder;
        if (limits == null && config.clientTls() != null) {
            // decrypted bytes arrive in buffers of the SSL handler's own: no socket read can land in a frame's buffer
            config.clientTls().addFirstHandlers(channel);
            // requests sent meanwhile by several threads leave in one flush, so in shared TLS records
            channel.pipeline().addLast("flush-consolidation", new FlushConsolidationHandler(FLUSHES_PER_SYSCALL, true));
            decoder = new RemotingFrameDecoder(config.maxFrameSize());
        } else if (limits == null) {
            InPlaceReads reads = new InPlaceReads(channel.config().getRecvByteBufAllocator());
            channel.config().setRecvByteBufAllocator(reads);
            decoder = new RemotingFrameDecoder(config.maxFrameSize(), reads);
        } else {
            if (config.serverTls() != null) {
                channel.pipeline().addLast(ServerTls.handlerName(), config.serverTls().modeHandler(
                    why -> limits.refusedTls.refused(() -> why)));
            }
            if (config.idleTimeoutSeconds() > 0) {
                channel.pipeline().addLast("idle", new IdleStateHandler(config.idleTimeoutSeconds(), 0, 0));
            }
            // answers written during a read batch, or by processor threads meanwhile, leave in one flush
            channel.pipeline().addLast("flush-consolidation", new FlushConsolidationHandler(FLUSHES_PER_SYSCALL, true));
            decoder = RemotingFrameDecoder.forServer(config, limits.partialFrames, limits.refusals);
        }
        channel.pipeline()
            .addLast("frame-decoder", decoder)
            .addLast("frame-encoder", frameEncoder)
            .addLast("frame-handler", new RemotingFrameHandler(peer, dispatcher, holdReadsWhileBackedUp, config));
        peers.add(peer);
        channel.closeFuture().addListener(future -> peers.remove(peer));
    }

    /** The bytes of partial frames all server connections hold now (0 on a client). */
    long partialFrameBytes() {
        return limits == null ? 0 : limits.partialFrames.held();
    }

    /** The limits a server puts on its clients, and what counts against them. */
    private static final class ServerLimits {
        private final ConnectionLimiter connections;
        private final PartialFrameBudget partialFrames;
        private final RefusalLog refusals;
        private final RefusalLog refusedConnections;
        private final RefusalLog refusedTls;

        ServerLimits(TransportConfig config) {
            this.connections = new ConnectionLimiter(config.serverMaxConnections(), config.serverMaxConnectionsPerIp());
            this.partialFrames = new PartialFrameBudget(config.maxPartialFrameBytesPerConnection(), config.maxPartialFrameBytes());
            this.refusals = new RefusalLog(LOG, config.clock());
            this.refusedConnections = new RefusalLog(LOG, config.clock());
            this.refusedTls = new RefusalLog(LOG, config.clock());
        }

        /** Counts an accepted connection, or closes it at once when it is over a connection limit. */
        boolean admit(Channel channel) {
            InetAddress address = channel.remoteAddress() instanceof InetSocketAddress inet ? inet.getAddress() : null;
            if (address == null) {
                return true; // not a socket: a test channel
            }
            String refusal = connections.admit(address);
            if (refusal != null) {
                channel.close();
                refusedConnections.refused(() -> "refused a connection from " + address.getHostAddress() + ": " + refusal);
                return false;
            }
            channel.closeFuture().addListener(closed -> connections.release(address));
            return true;
        }
    }

    /** "host:port" of a socket address (the literal IP when resolved), or its text. */
    static String addressOf(SocketAddress address) {
        if (address instanceof InetSocketAddress inet) {
            String host = inet.getAddress() == null ? inet.getHostString() : inet.getAddress().getHostAddress();
            return host + ':' + inet.getPort();
        }
        return String.valueOf(address);
    }
}
