package io.apogee.streams.server;

import io.apogee.streams.protocol.CommandKey;
import io.apogee.streams.protocol.FrameLayout;
import io.apogee.streams.protocol.FrameWriter;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's side of ending a connection for bad input: a close frame with the code and reason, then the socket is
 * closed once the frame is written (the client's close response is not awaited).
 *
 * <p>Stateless; safe for any thread.
 */
final class Closing {
    private static final Logger LOG = LoggerFactory.getLogger(Closing.class);
    private static final int VERSION = 1;
    private static final int CORRELATION_ID = 0;

    private Closing() {
    }

    static void closeWith(Channel channel, int code, String reason) {
        LOG.debug("closing stream connection {}: code {}, {}", channel.remoteAddress(), code, reason);
        ByteBuf out = channel.alloc().buffer();
        int start = FrameLayout.begin(out, CommandKey.CLOSE, VERSION);
        out.writeInt(CORRELATION_ID).writeShort(code);
        FrameWriter.string(out, reason.length() > Short.MAX_VALUE / 4 ? reason.substring(0, Short.MAX_VALUE / 4) : reason);
        channel.writeAndFlush(FrameLayout.finish(out, start)).addListener(ChannelFutureListener.CLOSE);
    }
}
