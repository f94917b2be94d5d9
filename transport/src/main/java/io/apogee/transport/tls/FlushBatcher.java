package io.apogee.transport.tls;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.PendingWriteQueue;

/**
 * Sits right behind a connection's SSL handler and holds the connection's writes until its flush, then hands them
 * all over at once. The SSL handler then encrypts a flush's frames together, up to 16 KiB per TLS record. Without
 * it, a frame written while requests are still being decrypted is encrypted on its own at the next record read: one
 * record, one encryption and one buffer per small response. The held bytes count towards the channel's
 * writability, as any unflushed write. One per TLS connection, on its event loop.
 */
final class FlushBatcher extends ChannelOutboundHandlerAdapter {
    static final String NAME = "tls-flush-batch";

    private PendingWriteQueue held;

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        held = new PendingWriteQueue(ctx);
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        held.add(msg, promise);
    }

    @Override
    public void flush(ChannelHandlerContext ctx) {
        held.removeAndWriteAll();
        ctx.flush();
    }

    @Override
    public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
        // the SSL handler decides, as without this handler, what becomes of writes not flushed before a close
        held.removeAndWriteAll();
        ctx.close(promise);
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        held.removeAndWriteAll();
    }
}
