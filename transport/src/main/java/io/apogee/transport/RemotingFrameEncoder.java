package io.apogee.transport;

import io.apogee.wire.frame.FrameEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageEncoder;

import java.util.List;

/**
 * Writes an {@link OutboundFrame}: its front (length prefix, type word, header in the header's own serialization)
 * into a new buffer, then its body as a buffer of its own, so the body is never copied (a gathering write sends
 * both). Buffers written as they are (frames encoded by {@link FrameBuffers}) pass through untouched. Stateless:
 * one instance may serve every channel.
 */
@ChannelHandler.Sharable
public final class RemotingFrameEncoder extends MessageToMessageEncoder<OutboundFrame> {
    private final FrameEncoder encoder;

    /** An encoder refusing frames over {@code maxFrameSize} bytes. */
    public RemotingFrameEncoder(int maxFrameSize) {
        super(OutboundFrame.class);
        this.encoder = new FrameEncoder(maxFrameSize);
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, OutboundFrame frame, List<Object> out) {
        ByteBuf body = frame.body();
        int bodyLength = body == null ? 0 : body.readableBytes();
        ByteBuf front;
        try {
            front = FrameBuffers.encodeFront(ctx.alloc(), encoder, frame.header(), bodyLength);
        } catch (RuntimeException e) {
            if (body != null) {
                body.release();
            }
            throw e;
        }
        out.add(front);
        if (body != null) {
            if (bodyLength > 0) {
                out.add(body);
            } else {
                body.release();
            }
        }
    }
}
