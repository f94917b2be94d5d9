package io.apogee.streams.server;

import io.apogee.streams.protocol.FrameLayout;
import io.apogee.streams.protocol.FrameWriter;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;

/**
 * Writes the frames one connection sends: plain responses here, the rest through {@link #alloc()} and {@link #send}.
 *
 * <p>Not thread-safe: used on the connection's event loop.
 */
final class Responder {
    private static final int RESPONSE_LENGTH = 14;

    private final ChannelHandlerContext ctx;

    Responder(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    /** Sends a response of key, correlation id and code only. */
    ChannelFuture respond(int key, int correlationId, int code) {
        ByteBuf out = ctx.alloc().buffer(RESPONSE_LENGTH);
        int start = FrameWriter.beginResponse(out, key, StreamConnection.VERSION_1, correlationId, code);
        return ctx.writeAndFlush(FrameLayout.finish(out, start));
    }

    /** A buffer for a frame to {@link #send}. */
    ByteBuf alloc() {
        return ctx.alloc().buffer();
    }

    /** Sends the frame started at {@code start} of {@code out}. */
    void send(ByteBuf out, int start) {
        ctx.writeAndFlush(FrameLayout.finish(out, start));
    }

    /** Writes the frame started at {@code start} of {@code out} without flushing: {@link #flush} sends it. */
    void write(ByteBuf out, int start) {
        ctx.write(FrameLayout.finish(out, start));
    }

    /** Sends what {@link #write} wrote. */
    void flush() {
        ctx.flush();
    }

    /** The connection's context. */
    ChannelHandlerContext context() {
        return ctx;
    }
}
