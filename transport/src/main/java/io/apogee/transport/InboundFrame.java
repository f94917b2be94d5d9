package io.apogee.transport;

import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;

/**
 * A frame as {@link RemotingFrameDecoder} hands it on: the decoded header and the body as a retained slice of the
 * received bytes (never copied). One instance per connection, refilled for every frame: it belongs to the
 * connection's event loop and is valid only while the {@code channelRead} that carries it runs. Whoever consumes it
 * reads the header then, and owns the body: it releases it, or passes it on, or keeps it by retaining it.
 */
public final class InboundFrame {
    private final RemotingHeader header;
    private ByteBuf body;

    /** A frame over {@code header}, which the decoder fills. */
    public InboundFrame(RemotingHeader header) {
        this.header = header;
    }

    void body(ByteBuf value) {
        this.body = value;
    }

    /** The header; valid during the current {@code channelRead} only. */
    public RemotingHeader header() {
        return header;
    }

    /** The body, possibly empty; the reader of this frame owns it and must release it. */
    public ByteBuf body() {
        return body;
    }

    @Override
    public String toString() {
        return "InboundFrame{" + header + ", body=" + (body == null ? 0 : body.readableBytes()) + " bytes}";
    }
}
