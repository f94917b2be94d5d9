package io.apogee.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.RecvByteBufAllocator;
import io.netty.util.UncheckedBooleanSupplier;

/**
 * Lets a client connection's socket reads land straight in the buffer where a large frame is being gathered, so
 * that a 1 MiB pull response is not copied from read buffers into it 64 KiB at a time: while the frame decoder has
 * such a buffer with room ({@link #target}), each read is given a slice of that room instead of a buffer of its own,
 * and the decoder, handed that slice back, only moves the buffer's writer index ({@link #tookBack}). Other reads go
 * to the channel's usual allocator. One per channel, used on its event loop only.
 */
// Netty's read-allocator interface still returns its deprecated Handle type
@SuppressWarnings("deprecation")
final class InPlaceReads implements RecvByteBufAllocator {
    /** Below this much room a read is cheaper in a buffer of its own than in a small slice. */
    private static final int MIN_ROOM = 8 * 1024;

    private final RecvByteBufAllocator usual;
    private ByteBuf target;
    private ByteBuf lent;

    InPlaceReads(RecvByteBufAllocator usual) {
        this.usual = usual;
    }

    /** Reads go into {@code buffer}'s room from now on (null: to buffers of their own). */
    void target(ByteBuf buffer) {
        this.target = buffer;
    }

    /**
     * If {@code in} is the slice the last read was given, adds its bytes to the target buffer they were read into
     * and releases the slice.
     *
     * @return whether it was, and so the target now holds those bytes after its earlier ones
     */
    boolean tookBack(ByteBuf cumulation, ByteBuf in) {
        if (in != lent || cumulation != target) {
            return false;
        }
        lent = null;
        cumulation.writerIndex(cumulation.writerIndex() + in.readableBytes());
        in.release();
        return true;
    }

    /** Whether {@code buffer} is the slice of the target's room the last read was given (for tests). */
    boolean isLent(ByteBuf buffer) {
        return buffer != null && buffer == lent;
    }

    private ByteBuf allocate(Handle handle, ByteBufAllocator alloc) {
        ByteBuf into = target;
        if (into != null && into.refCnt() > 0 && into.writableBytes() >= MIN_ROOM) {
            lent = into.retainedSlice(into.writerIndex(), into.writableBytes()).clear();
            return lent;
        }
        lent = null;
        return handle.allocate(alloc);
    }

    @Override
    public Handle newHandle() {
        return new InPlaceHandle((ExtendedHandle) usual.newHandle());
    }

    /** The usual handle, but for where the bytes of a read go. */
    private final class InPlaceHandle extends DelegatingHandle implements ExtendedHandle {
        private final ExtendedHandle extended;

        InPlaceHandle(ExtendedHandle usualHandle) {
            super(usualHandle);
            this.extended = usualHandle;
        }

        @Override
        public ByteBuf allocate(ByteBufAllocator alloc) {
            return InPlaceReads.this.allocate(delegate(), alloc);
        }

        @Override
        public boolean continueReading(UncheckedBooleanSupplier maybeMoreDataSupplier) {
            return extended.continueReading(maybeMoreDataSupplier);
        }
    }
}
