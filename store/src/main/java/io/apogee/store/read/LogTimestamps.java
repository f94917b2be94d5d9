package io.apogee.store.read;

import io.apogee.store.commitlog.CommitLog;
import io.apogee.store.file.MappedSegment;
import io.apogee.store.queue.StoreTimeLookup;
import io.apogee.wire.message.record.StoredRecord;
import java.util.Objects;

/**
 * Reads a record's store timestamp from the commit log through {@link StoredRecord}, for timestamp searches over a
 * consume queue (SEARCH_OFFSET_BY_TIMESTAMP). The segment is retained while the field is read, so retention cannot
 * unmap it underneath; a record already deleted answers -1.
 *
 * <p>Not thread-safe: it owns one flyweight; make one per search (they are small and searches are rare).
 */
public final class LogTimestamps implements StoreTimeLookup {
    private final CommitLog log;
    private final StoredRecord record = new StoredRecord();

    /** Reads from {@code log}. */
    public LogTimestamps(CommitLog log) {
        this.log = Objects.requireNonNull(log, "log");
    }

    @Override
    public long storeTimestamp(long commitLogOffset, int size) {
        if (commitLogOffset < log.minOffset() || commitLogOffset + size > log.publishedPosition()) {
            return -1;
        }
        MappedSegment segment = log.retainSegmentFor(commitLogOffset);
        if (segment == null) {
            return -1;
        }
        try {
            return record.wrap(segment.readBuffer(), (int) (commitLogOffset - segment.baseOffset())).storeTimestamp();
        } finally {
            segment.release();
        }
    }
}
