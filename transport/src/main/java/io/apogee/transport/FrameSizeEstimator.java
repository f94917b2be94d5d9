package io.apogee.transport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.MessageSizeEstimator;

/**
 * Counts an {@link OutboundFrame} written from outside the event loop at its body's size plus a header's worth,
 * so that writability turns off as soon as a large answer is queued, not only once the event loop has encoded it
 * (Netty counts a message it does not know as 8 bytes). Stateless; one instance serves every channel.
 */
final class FrameSizeEstimator implements MessageSizeEstimator, MessageSizeEstimator.Handle {
    /** The instance. */
    static final FrameSizeEstimator INSTANCE = new FrameSizeEstimator();
    /** What a typical response front (length, type word, header) takes. */
    private static final int FRONT_ESTIMATE = 256;

    private FrameSizeEstimator() {
    }

    @Override
    public Handle newHandle() {
        return this;
    }

    @Override
    public int size(Object message) {
        if (message instanceof ByteBuf buffer) {
            return buffer.readableBytes();
        }
        if (message instanceof OutboundFrame frame) {
            return FRONT_ESTIMATE + (frame.body() == null ? 0 : frame.body().readableBytes());
        }
        return 0;
    }
}
