package io.apogee.streams.server;

import io.netty.channel.DefaultMessageSizeEstimator;
import io.netty.channel.FileRegion;
import io.netty.channel.MessageSizeEstimator;

/**
 * Sizes what a stream connection writes for its write buffer's water marks: a file region by its bytes, everything
 * else as Netty does. Netty counts a file region as nothing, so chunks sent from their files would never make a
 * connection unwritable: a client that grants credit and reads nothing would have the broker queue a chunk per
 * credit. Counted, a connection stops taking chunks at the high water mark, as when chunks were buffers. Stateless.
 */
final class PendingBytesEstimator implements MessageSizeEstimator {
    /** The one instance. */
    static final PendingBytesEstimator INSTANCE = new PendingBytesEstimator();

    private static final Handle HANDLE = new Handle() {
        private final Handle buffers = DefaultMessageSizeEstimator.DEFAULT.newHandle();

        @Override
        public int size(Object message) {
            if (message instanceof FileRegion region) {
                return (int) Math.min(Integer.MAX_VALUE, region.count() - region.transferred());
            }
            return buffers.size(message);
        }
    };

    private PendingBytesEstimator() {
    }

    @Override
    public Handle newHandle() {
        return HANDLE;
    }
}
