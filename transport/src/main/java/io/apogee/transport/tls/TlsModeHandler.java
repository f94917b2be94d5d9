package io.apogee.transport.tls;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.ssl.SslContext;
import java.util.List;
import java.util.function.Consumer;

/**
 * The first handler of a server connection: its first byte tells a TLS handshake record (0x16) from a plaintext frame,
 * whose first byte is the high byte of a length. It then replaces itself with an SSL handler (followed by a
 * {@link FlushBatcher}, so that the answers of one flush leave in shared TLS records), removes itself (the
 * bytes read so far go on to the frame decoder), or closes the connection when the port's mode refuses it. Either
 * way it leaves the pipeline after the first read, so a plaintext connection's later reads pass no extra handler.
 * One per connection, on its event loop.
 */
final class TlsModeHandler extends ByteToMessageDecoder {
    /** The content type of a TLS handshake record, the first byte a TLS client sends. */
    static final byte HANDSHAKE = 0x16;
    static final String NAME = "tls-mode";
    static final String SSL_NAME = "ssl";

    private final TlsMode mode;
    private final SslContext context;
    private final Consumer<String> refusals;

    TlsModeHandler(TlsMode mode, SslContext context, Consumer<String> refusals) {
        this.mode = mode;
        this.context = context;
        this.refusals = refusals;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (!in.isReadable()) {
            return;
        }
        boolean handshake = in.getByte(in.readerIndex()) == HANDSHAKE;
        if (handshake && mode != TlsMode.DISABLED) {
            ctx.pipeline().addAfter(ctx.name(), FlushBatcher.NAME, new FlushBatcher());
            ctx.pipeline().replace(this, SSL_NAME, context.newHandler(ctx.alloc()));
        } else if (handshake) {
            refuse(ctx, in, "a TLS handshake on a port whose tls.server.mode is disabled");
        } else if (mode == TlsMode.ENFORCING) {
            refuse(ctx, in, "a plaintext connection on a port whose tls.server.mode is enforcing");
        } else {
            ctx.pipeline().remove(this);
        }
    }

    private void refuse(ChannelHandlerContext ctx, ByteBuf in, String why) {
        in.skipBytes(in.readableBytes());
        refusals.accept("closed " + ctx.channel().remoteAddress() + ": " + why);
        ctx.close();
    }
}
