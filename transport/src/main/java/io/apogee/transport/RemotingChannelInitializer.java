package io.apogee.transport;

import io.apogee.wire.frame.FrameEncoder;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.flush.FlushConsolidationHandler;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Set;
import java.util.function.IntSupplier;

/**
 * Builds the pipeline of every connection of a client or server (decoder, encoder, frame handler) and keeps the
 * set of open {@link Peer}s that the timeout sweep walks. Shared by all channels of one endpoint; thread-safe.
 */
final class RemotingChannelInitializer extends ChannelInitializer<Channel> {
    /** The most flushes a server connection holds back before it writes to the socket anyway. */
    private static final int FLUSHES_PER_SYSCALL = 64;

    private final TransportConfig config;
    private final RequestDispatcher dispatcher;
    private final RemotingFrameEncoder frameEncoder;
    private final FrameEncoder requestEncoder;
    private final IntSupplier opaques;
    private final Set<Peer> peers;
    private final boolean holdReadsWhileBackedUp;

    /**
     * An initializer; with {@code holdReadsWhileBackedUp} (servers) a connection whose write buffer is over its high
     * water mark stops reading requests until it drains, so a peer that does not read its answers cannot make this
     * end buffer without bound.
     */
    RemotingChannelInitializer(TransportConfig config, RequestDispatcher dispatcher, IntSupplier opaques, Set<Peer> peers,
        boolean holdReadsWhileBackedUp) {
        this.config = config;
        this.dispatcher = dispatcher;
        this.frameEncoder = new RemotingFrameEncoder(config.maxFrameSize());
        this.requestEncoder = new FrameEncoder(config.maxFrameSize());
        this.opaques = opaques;
        this.peers = peers;
        this.holdReadsWhileBackedUp = holdReadsWhileBackedUp;
    }

    @Override
    protected void initChannel(Channel channel) {
        Peer peer = new Peer(channel, addressOf(channel.remoteAddress()), requestEncoder, opaques, config.clock());
        if (holdReadsWhileBackedUp) {
            // answers written during a read batch, or by processor threads meanwhile, leave in one flush
            channel.pipeline().addLast("flush-consolidation", new FlushConsolidationHandler(FLUSHES_PER_SYSCALL, true));
        }
        channel.pipeline()
            .addLast("frame-decoder", new RemotingFrameDecoder(config.maxFrameSize()))
            .addLast("frame-encoder", frameEncoder)
            .addLast("frame-handler", new RemotingFrameHandler(peer, dispatcher, holdReadsWhileBackedUp));
        peers.add(peer);
        channel.closeFuture().addListener(future -> peers.remove(peer));
    }

    /** "host:port" of a socket address (the literal IP when resolved), or its text. */
    static String addressOf(SocketAddress address) {
        if (address instanceof InetSocketAddress inet) {
            String host = inet.getAddress() == null ? inet.getHostString() : inet.getAddress().getHostAddress();
            return host + ':' + inet.getPort();
        }
        return String.valueOf(address);
    }

    /** Fails the requests of every open peer whose deadline has passed. */
    static void expireAll(Set<Peer> peers, long nowNanos) {
        for (Peer peer : peers) {
            peer.pending().expire(nowNanos);
        }
    }
}
