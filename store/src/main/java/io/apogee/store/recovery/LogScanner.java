package io.apogee.store.recovery;

import io.apogee.store.file.MappedSegment;
import io.apogee.store.file.SegmentSet;
import io.apogee.wire.message.record.RecordStatus;
import io.apogee.wire.message.record.RecordValidator;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Validates the commit log record by record from an offset with {@link RecordValidator} (magic, sizes, body CRC)
 * and checks that each record's physical-offset field names its own position (which catches stale bytes from an
 * earlier cut). It hands each valid record to a {@link RecordVisitor}, follows BLANK padding to the next segment,
 * and stops at unwritten space or at the first record that is not intact, telling which.
 *
 * <p>Single-threaded: recovery only, before any writer runs.
 */
final class LogScanner {
    private final SegmentSet segments;
    private final RecordValidator validator;
    private final StoredRecord record = new StoredRecord();
    private long end;
    private RecordStatus stop;
    private long records;

    LogScanner(SegmentSet segments, int maxRecordSize) {
        this.segments = Objects.requireNonNull(segments, "segments");
        this.validator = new RecordValidator(maxRecordSize);
    }

    /**
     * Scans from {@code from} (a record boundary) to the end of the written log. Afterwards {@link #end()} is the
     * offset just past the last intact record or padding, and {@link #stop()} what was found there.
     */
    void scan(long from, RecordVisitor visitor) {
        long position = from;
        records = 0;
        stop = RecordStatus.EMPTY;
        while (true) {
            MappedSegment segment = segments.segmentFor(position);
            if (segment == null) {
                break;
            }
            ByteBuffer buffer = segment.readBuffer();
            int at = (int) (position - segment.baseOffset());
            RecordStatus status = validator.check(buffer, at, segment.capacity(), true);
            if (status == RecordStatus.VALID && record.wrap(buffer, at).physicalOffset() != position) {
                status = RecordStatus.BAD_MAGIC; // a well-formed record that belongs elsewhere: stale bytes
            }
            if (status == RecordStatus.BLANK && validator.totalSize() != segment.capacity() - at) {
                status = RecordStatus.BAD_TOTAL_SIZE;
            }
            if (status == RecordStatus.VALID) {
                visitor.onRecord(record, position);
                records++;
                position += validator.totalSize();
            } else if (status == RecordStatus.BLANK) {
                position = segment.endOffset();
            } else {
                stop = status;
                break;
            }
        }
        end = position;
        validator.release();
    }

    /** Whether a segment after the one holding {@code offset} starts with an intact record: damage is then mid-log. */
    boolean intactAfter(long offset) {
        MappedSegment segment = segments.segmentFor(offset);
        if (segment == null) {
            return false;
        }
        MappedSegment next = segments.segmentFor(segment.endOffset());
        if (next == null) {
            return false;
        }
        RecordStatus status = validator.check(next.readBuffer(), 0, next.capacity(), true);
        return status == RecordStatus.VALID || status == RecordStatus.BLANK;
    }

    /** The offset just past the last intact record or padding. */
    long end() {
        return end;
    }

    /** What stopped the scan: {@code EMPTY} at unwritten space (or the end of the files), else the damage. */
    RecordStatus stop() {
        return stop;
    }

    /** Valid records visited by the last scan. */
    long records() {
        return records;
    }
}
