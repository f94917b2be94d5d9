package io.apogee.transport;

import io.apogee.wire.frame.FrameEncoder;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Peers over Netty's {@link EmbeddedChannel}, for tests of code above the transport that needs a real
 * {@link Peer} without a socket. The channel gets the pipeline a server connection has (frame decoder, frame
 * encoder, frame handler with {@code dispatcher}): bytes written inbound reach the dispatcher as requests, and
 * what the peer sends can be read outbound as encoded frames.
 *
 * <p>Requests sent to such a peer never time out: nothing sweeps them. Test support in main code, since a peer's
 * constructor is the transport's own. Not thread-safe: the embedded channel runs its tasks on the calling thread.
 */
public final class EmbeddedPeers {
    private EmbeddedPeers() {
    }

    /** A peer over {@code channel} (already registered, as a new embedded channel is) with the server pipeline. */
    public static Peer open(EmbeddedChannel channel, TransportConfig config, RequestDispatcher dispatcher) {
        AtomicInteger opaques = new AtomicInteger();
        Peer peer = new Peer(channel, RemotingChannelInitializer.addressOf(channel.remoteAddress()),
            new FrameEncoder(config.maxFrameSize()), opaques::getAndIncrement, config.clock(), deadline -> { });
        channel.pipeline()
            .addLast("frame-decoder", RemotingFrameDecoder.forServer(config, PartialFrameBudget.UNLIMITED, null))
            .addLast("frame-encoder", new RemotingFrameEncoder(config.maxFrameSize()))
            .addLast("frame-handler", new RemotingFrameHandler(peer, dispatcher, true, config));
        peer.connected();
        return peer;
    }
}
