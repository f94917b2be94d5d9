package io.apogee.transport;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes decoded frames: a response completes the request of the same opaque (its body released after the
 * callback), a request goes to the {@link RequestDispatcher}. Also fails the connection's pending requests when it
 * closes, wakes callers waiting for writability (and, on a server, stops reading while the connection is backed up),
 * and closes the connection on an unexpected error. One instance per channel, on its event loop.
 */
public final class RemotingFrameHandler extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(RemotingFrameHandler.class);

    private final Peer peer;
    private final RequestDispatcher dispatcher;
    private final boolean holdReadsWhileBackedUp;

    /**
     * A handler for {@code peer}'s channel; with {@code holdReadsWhileBackedUp} it reads no requests while the
     * channel is not writable.
     */
    public RemotingFrameHandler(Peer peer, RequestDispatcher dispatcher, boolean holdReadsWhileBackedUp) {
        this.peer = peer;
        this.dispatcher = dispatcher;
        this.holdReadsWhileBackedUp = holdReadsWhileBackedUp;
    }

    /** The connection this handler serves. */
    public Peer peer() {
        return peer;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) {
        if (!(message instanceof InboundFrame frame)) {
            ctx.fireChannelRead(message);
            return;
        }
        if (frame.header().isResponse()) {
            try {
                if (!peer.pending().complete(frame.header(), frame.body())) {
                    LOG.debug("{}: response to no pending request, opaque {}", peer.address(), frame.header().opaque());
                }
            } catch (RuntimeException e) {
                LOG.warn("{}: response callback failed", peer.address(), e);
            } finally {
                frame.body().release();
            }
            return;
        }
        try {
            dispatcher.onRequest(peer, frame);
        } catch (RuntimeException e) {
            LOG.warn("{}: request dispatcher failed on {}", peer.address(), frame.header(), e);
        }
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        peer.connected();
        ctx.fireChannelActive();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (holdReadsWhileBackedUp) {
            ctx.channel().config().setAutoRead(ctx.channel().isWritable());
        }
        peer.signalWritability();
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        peer.pending().failAll("connection closed");
        peer.signalWritability();
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.warn("{}: closing after an error", peer.address(), cause);
        ctx.close();
    }
}
