package io.apogee.streams.server;

import io.apogee.store.file.MappedSegment;
import io.netty.channel.FileRegion;
import io.netty.util.AbstractReferenceCounted;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;

/**
 * Bytes of a retained segment's file, written to a socket by the kernel (sendfile): no copy into the socket's
 * buffers, which writing from the mapping costs (a fifth of the stream I/O thread's time in a catch-up read). It
 * owns one reference to the segment, released with the region once Netty has written or dropped it. Netty's own
 * file region closes its file, which the segment shares with its other readers. One event loop writes it.
 */
final class SegmentRegion extends AbstractReferenceCounted implements FileRegion {
    private final MappedSegment segment;
    private final FileChannel file;
    private final long position;
    private final long count;
    private long transferred;

    /** {@code count} bytes of {@code segment}'s {@code file} from {@code position}; takes over a reference to it. */
    SegmentRegion(MappedSegment segment, FileChannel file, long position, long count) {
        this.segment = segment;
        this.file = file;
        this.position = position;
        this.count = count;
    }

    @Override
    public long position() {
        return position;
    }

    @Override
    public long transferred() {
        return transferred;
    }

    @Override
    @Deprecated
    public long transfered() {
        return transferred;
    }

    @Override
    public long count() {
        return count;
    }

    @Override
    public long transferTo(WritableByteChannel target, long from) throws IOException {
        long left = count - from;
        if (left <= 0) {
            return 0;
        }
        long written = file.transferTo(position + from, left, target);
        if (written > 0) {
            transferred += written;
        }
        return written;
    }

    @Override
    public SegmentRegion retain() {
        super.retain();
        return this;
    }

    @Override
    public SegmentRegion retain(int increment) {
        super.retain(increment);
        return this;
    }

    @Override
    public SegmentRegion touch() {
        return this;
    }

    @Override
    public SegmentRegion touch(Object hint) {
        return this;
    }

    @Override
    protected void deallocate() {
        segment.release();
    }
}
