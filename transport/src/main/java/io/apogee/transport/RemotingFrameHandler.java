package io.apogee.transport;

import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.HeaderRefusal;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleStateEvent;
import javax.net.ssl.SSLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes decoded frames: a response completes the request of the same opaque (its body released after the
 * callback), a request goes to the {@link RequestDispatcher}. A frame whose header was over a header limit goes
 * nowhere: a request is answered SYSTEM_ERROR with a remark naming the limit and its setting, anything else is
 * dropped. Also fails the connection's pending requests when it closes, wakes callers waiting for writability (and,
 * on a server, stops reading while the connection is backed up), closes a connection that stayed idle past its
 * timeout, and closes the connection on an unexpected error. One instance per channel, on its event loop.
 */
public final class RemotingFrameHandler extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(RemotingFrameHandler.class);

    private final Peer peer;
    private final RequestDispatcher dispatcher;
    private final boolean holdReadsWhileBackedUp;
    private final TransportConfig limits;

    /**
     * A handler for {@code peer}'s channel; with {@code holdReadsWhileBackedUp} it reads no requests while the
     * channel is not writable. {@code limits} gives the header limits quoted when a frame over them is refused.
     */
    public RemotingFrameHandler(Peer peer, RequestDispatcher dispatcher, boolean holdReadsWhileBackedUp, TransportConfig limits) {
        this.peer = peer;
        this.dispatcher = dispatcher;
        this.holdReadsWhileBackedUp = holdReadsWhileBackedUp;
        this.limits = limits;
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
        if (frame.refusal() != HeaderRefusal.NONE) {
            refuse(frame);
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

    /** Answers a request whose header is over a limit, naming it; drops a response or oneway request so refused. */
    private void refuse(InboundFrame frame) {
        frame.body().release();
        RemotingHeader header = frame.header();
        String remark = frame.refusal() == HeaderRefusal.HEADER_TOO_LARGE
            ? "the request header of " + frame.headerLength() + " bytes exceeds the limit of " + limits.maxHeaderSize()
                + " bytes (" + TransportConfig.MAX_HEADER_SIZE_SETTING + ")"
            : "the request header has more than " + limits.maxExtFields() + " ext fields, the limit ("
                + TransportConfig.MAX_EXT_FIELDS_SETTING + ")";
        if (header.isResponse() || header.isOneway()) {
            LOG.warn("{}: dropped a frame, code {}: {}", peer.address(), header.code(), remark);
            return;
        }
        peer.respond(new RemotingHeader().asResponseTo(header, ResponseCode.SYSTEM_ERROR).remark(remark), null);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof IdleStateEvent) {
            LOG.info("{}: closing a connection idle for {} s ({})", peer.address(), limits.idleTimeoutSeconds(),
                TransportConfig.IDLE_TIMEOUT_SETTING);
            ctx.close();
            return;
        }
        super.userEventTriggered(ctx, event);
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
        SSLException tls = tlsFailure(cause);
        if (tls != null) {
            // a peer that does not trust us, or that we do not trust: its stack says nothing more
            LOG.warn("{}: closing after a TLS failure: {}", peer.address(), tls.getMessage());
        } else {
            LOG.warn("{}: closing after an error", peer.address(), cause);
        }
        ctx.close();
    }

    /** The TLS failure {@code cause} is or wraps (an SSL handler's decoder wraps it once), or null. */
    private static SSLException tlsFailure(Throwable cause) {
        for (Throwable each = cause; each != null; each = each.getCause() == each ? null : each.getCause()) {
            if (each instanceof SSLException ssl) {
                return ssl;
            }
        }
        return null;
    }
}
