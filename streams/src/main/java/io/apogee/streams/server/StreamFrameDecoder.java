package io.apogee.streams.server;

import io.apogee.streams.protocol.FrameLayout;
import io.apogee.streams.protocol.ResponseCode;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;

/**
 * Splits the byte stream into frames (without their size field), checking each size against the connection's bound
 * before a byte of the frame is kept: until open that is {@code StreamServerConfig.INITIAL_MAX_FRAME_SIZE}, then the
 * frame max agreed in tune. A frame over the bound, or one too small to hold a key and a version, closes the
 * connection with a close frame naming the problem; what follows is dropped.
 *
 * <p>Not thread-safe: one per connection, on its event loop.
 */
final class StreamFrameDecoder extends ByteToMessageDecoder {
    private static final long UNSIGNED_INT = 0xFFFF_FFFFL;

    private int maxFrameSize;
    private boolean failed;

    StreamFrameDecoder(int maxFrameSize) {
        this.maxFrameSize = maxFrameSize;
    }

    /** Sets the bound from the next frame on (after open). */
    void maxFrameSize(int bytes) {
        this.maxFrameSize = bytes;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (failed) {
            in.skipBytes(in.readableBytes());
            return;
        }
        while (in.readableBytes() >= FrameLayout.SIZE_LENGTH) {
            long size = in.getInt(in.readerIndex()) & UNSIGNED_INT;
            if (size + FrameLayout.SIZE_LENGTH > maxFrameSize) {
                fail(ctx, in, ResponseCode.FRAME_TOO_LARGE, "frame of " + size + " bytes, frame max " + maxFrameSize);
                return;
            }
            if (size < FrameLayout.COMMAND_HEADER_LENGTH) {
                fail(ctx, in, ResponseCode.UNKNOWN_FRAME, "frame of " + size + " bytes has no key and version");
                return;
            }
            if (in.readableBytes() < FrameLayout.SIZE_LENGTH + size) {
                return; // need more bytes
            }
            in.skipBytes(FrameLayout.SIZE_LENGTH);
            out.add(in.readRetainedSlice((int) size));
        }
    }

    private void fail(ChannelHandlerContext ctx, ByteBuf in, int code, String reason) {
        failed = true;
        in.skipBytes(in.readableBytes());
        Closing.closeWith(ctx.channel(), code, reason);
    }
}
