package io.apogee.store.recovery;

import io.apogee.store.file.MappedSegment;
import io.apogee.store.file.SegmentSet;
import java.nio.ByteBuffer;

/**
 * Cuts the commit log at an offset: zeroes every written page of the segment holding it from that offset on (so
 * that stale bytes can never be read back as records after the next crash) and deletes the segments after it.
 * Pages that are already zero are left alone, so an unwritten 1 GiB segment is only read, not dirtied.
 *
 * <p>Single-threaded: recovery only.
 */
final class LogTruncator {
    private LogTruncator() {
    }

    /** Cuts {@code segments} at {@code end}; returns the bytes of written pages cleared past it. */
    static long cut(SegmentSet segments, long end) {
        long cleared = 0;
        MappedSegment segment = segments.segmentFor(end);
        long keepBase = segment == null ? end : segment.baseOffset();
        if (segment != null) {
            cleared += clearFrom(segment, (int) (end - segment.baseOffset()));
        }
        MappedSegment last = segments.last();
        while (last != null && last.baseOffset() > keepBase) {
            segments.removeLast().destroy(); // unwritten (a prepared next segment) unless damage was mid-log

            last = segments.last();
        }
        return cleared;
    }

    private static long clearFrom(MappedSegment segment, int from) {
        ByteBuffer buffer = segment.writeBuffer();
        int capacity = segment.capacity();
        int dirtyFrom = -1;
        int dirtyTo = -1;
        for (int page = from - from % MappedSegment.PAGE_SIZE; page < capacity; page += MappedSegment.PAGE_SIZE) {
            int start = Math.max(page, from);
            int stop = Math.min(page + MappedSegment.PAGE_SIZE, capacity);
            if (isZero(buffer, start, stop)) {
                continue;
            }
            for (int i = start; i < stop; i++) {
                buffer.put(i, (byte) 0);
            }
            dirtyFrom = dirtyFrom < 0 ? start : dirtyFrom;
            dirtyTo = stop;
        }
        if (dirtyFrom < 0) {
            return 0;
        }
        segment.force(dirtyFrom, dirtyTo);
        return dirtyTo - dirtyFrom;
    }

    private static boolean isZero(ByteBuffer buffer, int start, int stop) {
        int i = start;
        for (; i + Long.BYTES <= stop; i += Long.BYTES) {
            if (buffer.getLong(i) != 0) {
                return false;
            }
        }
        for (; i < stop; i++) {
            if (buffer.get(i) != 0) {
                return false;
            }
        }
        return true;
    }
}
