package io.apogee.streams.log;

import io.apogee.store.file.MappedSegment;
import io.apogee.store.file.SegmentSet;
import io.apogee.streams.chunk.ChunkLayout;
import io.apogee.streams.chunk.EntryLayout;
import io.apogee.streams.chunk.TrackingLayout;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Rebuilds a stream's {@link ChunkIndex} from its segments at open: walks the chunks of each segment and stops at the
 * first one that is not whole. That is the torn tail of the last segment, where the next append starts; in an earlier
 * segment it is corruption, and the stream is not opened.
 *
 * <p>Not thread-safe: used once, by the thread opening the log, before anyone else sees it.
 */
final class ChunkScan {
    private final SegmentSet segments;
    private final ChunkIndex index;
    private final StreamTracking tracking;
    private final ChunkLayout chunk = new ChunkLayout();
    private long expectedId = -1;

    ChunkScan(SegmentSet segments, ChunkIndex index, StreamTracking tracking) {
        this.segments = segments;
        this.index = index;
        this.tracking = tracking;
    }

    void run() {
        List<MappedSegment> all = segments.snapshot();
        for (int i = 0; i < all.size(); i++) {
            MappedSegment segment = all.get(i);
            ByteBuffer bytes = segment.readBuffer();
            if (bytes.getInt(0) != StreamLog.FILE_MAGIC || bytes.getInt(Integer.BYTES) != StreamLog.FILE_VERSION) {
                throw new IllegalStateException("not a stream segment (no OSIL header): " + segment.path());
            }
            boolean whole = scanSegment(bytes, segment.baseOffset());
            if (!whole && i < all.size() - 1) {
                throw new IllegalStateException("corrupt chunk in " + segment.path() + " followed by more segments");
            }
        }
    }

    /** Indexes the chunks of one segment; false when it stopped at a chunk that is not whole. */
    private boolean scanSegment(ByteBuffer bytes, long base) {
        int at = StreamLog.FILE_HEADER_LENGTH;
        int capacity = bytes.capacity();
        while (at + ChunkLayout.HEADER_LENGTH <= capacity) {
            chunk.wrap(bytes, at);
            if (chunk.magicVersion() == 0) {
                return true; // zeros: the segment's written part ends here
            }
            long length = chunk.totalLength();
            byte type = chunk.type();
            boolean whole = chunk.magicVersion() == ChunkLayout.MAGIC_VERSION
                && (type == ChunkLayout.TYPE_USER || type == ChunkLayout.TYPE_TRACKING_DELTA) && at + length <= capacity
                && (expectedId < 0 || chunk.chunkId() == expectedId)
                && ChunkLayout.crcOf(bytes, at + chunk.dataStart(), (int) chunk.dataLength()) == chunk.crc();
            if (!whole) {
                return false;
            }
            int dataAt = at + chunk.dataStart();
            // a user chunk's trailer holds its publishers' sequences (the CRC does not cover it); a tracking chunk's
            // data is one simple entry whose body is the tracking entries
            boolean replayed = type == ChunkLayout.TYPE_USER
                ? replay(bytes, dataAt + (int) chunk.dataLength(), (int) chunk.trailerLength())
                : replay(bytes, dataAt + EntryLayout.SIMPLE_HEADER_LENGTH,
                    (int) chunk.dataLength() - EntryLayout.SIMPLE_HEADER_LENGTH);
            if (!replayed) {
                return false;
            }
            index.add(chunk.chunkId(), base + at, (int) length, chunk.timestamp(), type);
            expectedId = chunk.chunkId() + chunk.recordCount();
            at += (int) length;
        }
        return true;
    }

    /**
     * Applies the tracking entries in {@code [from, from + length)} to the stream's tracking, in log order; false at the
     * first malformed one (a torn trailer: the chunk is not whole).
     */
    private boolean replay(ByteBuffer bytes, int from, int length) {
        int at = from;
        int end = from + length;
        while (at < end) {
            int entry = TrackingLayout.entryLength(bytes, at, end - at);
            if (entry < 0) {
                return false;
            }
            if (TrackingLayout.type(bytes, at) == TrackingLayout.TYPE_SEQUENCE) {
                tracking.wrote(TrackingLayout.id(bytes, at), TrackingLayout.value(bytes, at));
            } else {
                tracking.storeOffset(TrackingLayout.id(bytes, at), TrackingLayout.value(bytes, at));
            }
            at += entry;
        }
        return true;
    }

    /** The records of the chunk at log position {@code position}. */
    static long recordsOf(SegmentSet segments, long position) {
        MappedSegment segment = segments.segmentFor(position);
        return new ChunkLayout().wrap(segment.readBuffer(), (int) (position - segment.baseOffset())).recordCount();
    }
}
