package io.apogee.transport;

import io.apogee.wire.frame.CorruptFrameException;
import io.apogee.wire.frame.DecodedFrame;
import io.apogee.wire.frame.FrameDecoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * Cuts remoting frames out of the received bytes with wire's {@link FrameDecoder}: bounded (a frame over the limit
 * is refused from its 4 length bytes), no copy of the header bytes when the cumulated input is one buffer, and the
 * body handed on as a retained slice. A corrupt frame closes this one connection. One instance per channel, on its
 * event loop; not sharable.
 *
 * <p>It emits one {@link InboundFrame} per {@code decode} call, the same object every time, which
 * {@code ByteToMessageDecoder} passes down the pipeline before decoding the next frame: handlers after it must read
 * the frame during {@code channelRead} (see {@link InboundFrame}).
 */
public final class RemotingFrameDecoder extends ByteToMessageDecoder {
    private static final Logger LOG = LoggerFactory.getLogger(RemotingFrameDecoder.class);
    private static final int LENGTH_BYTES = Integer.BYTES;

    private final FrameDecoder frames;
    private final DecodedFrame decoded = new DecodedFrame();
    private final InboundFrame frame = new InboundFrame(decoded.header());
    /** Where the bytes of the last {@link #view} start in the returned buffer. */
    private int position;

    /** A decoder refusing frames over {@code maxFrameSize} bytes (the 4 length bytes included). */
    public RemotingFrameDecoder(int maxFrameSize) {
        this.frames = new FrameDecoder(maxFrameSize);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        int readable = in.readableBytes();
        if (readable < LENGTH_BYTES) {
            return;
        }
        int start = in.readerIndex();
        try {
            int frameSize = frames.frameSize(view(in, start, LENGTH_BYTES), position, LENGTH_BYTES);
            if (readable < frameSize) {
                return;
            }
            ByteBuffer bytes = view(in, start, frameSize);
            int origin = position;
            frames.decode(bytes, origin, frameSize, decoded);
            int bodyLength = decoded.bodyLength();
            ByteBuf body = bodyLength == 0
                ? Unpooled.EMPTY_BUFFER
                : in.retainedSlice(start + (decoded.bodyOffset() - origin), bodyLength);
            in.skipBytes(frameSize);
            frame.body(body);
            out.add(frame);
        } catch (CorruptFrameException | IllegalArgumentException e) {
            LOG.warn("closing {}: corrupt frame: {}", ctx.channel(), e.getMessage());
            in.skipBytes(in.readableBytes());
            ctx.close();
        }
    }

    /** A view of {@code length} bytes from {@code index}; {@link #position} receives where they start in it. */
    private ByteBuffer view(ByteBuf in, int index, int length) {
        ByteBuffer buffer = in.nioBufferCount() == 1 ? in.internalNioBuffer(index, length) : in.nioBuffer(index, length);
        position = buffer.position();
        return buffer;
    }
}
