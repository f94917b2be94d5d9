package io.apogee.store.commitlog;

import io.apogee.store.file.MappedSegment;
import java.nio.ByteBuffer;

/**
 * Published commit-log bytes lent straight from their mapped segment, for a replica: {@link #bytes()} is a read-only
 * view of the mapping (nothing copied), valid until {@link #close()} gives the segment back. A slice never spans two
 * segments.
 *
 * <p>Not thread-safe: one owner, who closes it once its bytes are sent.
 */
public final class LogSlice implements AutoCloseable {
    private final MappedSegment segment;
    private final long offset;
    private final ByteBuffer bytes;
    private boolean closed;

    private LogSlice(MappedSegment segment, long offset, ByteBuffer bytes) {
        this.segment = segment;
        this.offset = offset;
        this.bytes = bytes;
    }

    /**
     * Up to {@code maxBytes} of {@code log}'s published bytes from {@code offset}, or null when there are none (the
     * offset is at the log's end, or its segment is gone).
     */
    public static LogSlice of(CommitLog log, long offset, int maxBytes) {
        long end = log.publishedPosition();
        if (offset >= end || maxBytes <= 0) {
            return null;
        }
        MappedSegment segment = log.retainSegmentFor(offset);
        if (segment == null) {
            return null;
        }
        int at = (int) (offset - segment.baseOffset());
        int length = (int) Math.min(maxBytes, Math.min(end, segment.endOffset()) - offset);
        return new LogSlice(segment, offset, segment.readBuffer().slice(at, length));
    }

    /** The commit-log offset of the first byte. */
    public long offset() {
        return offset;
    }

    /** The bytes: a read-only view of the mapping, positioned at 0. */
    public ByteBuffer bytes() {
        return bytes;
    }

    /** Gives the segment back (its mapping may end after this). Idempotent. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            segment.release();
        }
    }
}
