package io.apogee.transport;

import io.apogee.wire.frame.DecodedFrame;
import io.apogee.wire.frame.HeaderRefusal;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;

/**
 * A frame as {@link RemotingFrameDecoder} hands it on: the decoded header and the body as a retained slice of the
 * received bytes (never copied). One instance per connection, refilled for every frame: it belongs to the
 * connection's event loop and is valid only while the {@code channelRead} that carries it runs. Whoever consumes it
 * reads the header then, and owns the body: it releases it, or passes it on, or keeps it by retaining it.
 */
public final class InboundFrame {
    private final DecodedFrame decoded;
    private ByteBuf body;

    /** A frame over {@code decoded}, which the decoder fills. */
    InboundFrame(DecodedFrame decoded) {
        this.decoded = decoded;
    }

    void body(ByteBuf value) {
        this.body = value;
    }

    /** The header; valid during the current {@code channelRead} only. */
    public RemotingHeader header() {
        return decoded.header();
    }

    /**
     * {@link HeaderRefusal#NONE}, or why the header was decoded only in part: the frame is over a header limit and is
     * answered with an error by the transport, never handed to a dispatcher.
     */
    public HeaderRefusal refusal() {
        return decoded.refusal();
    }

    /** The header's length in bytes, as the frame declares it. */
    public int headerLength() {
        return decoded.headerLength();
    }

    /** The body, possibly empty; the reader of this frame owns it and must release it. */
    public ByteBuf body() {
        return body;
    }

    @Override
    public String toString() {
        return "InboundFrame{" + decoded.header() + ", body=" + (body == null ? 0 : body.readableBytes()) + " bytes}";
    }
}
