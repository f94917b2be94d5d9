package io.apogee.cli.store;

import io.apogee.wire.message.record.RecordStatus;
import io.apogee.wire.message.record.RecordValidator;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.ByteBuffer;
import java.util.Locale;

/**
 * Looks up the record a consume-queue unit or an index entry points at: is there an intact record (framing only;
 * the log walk checks bodies) at that physical offset, naming that offset?
 *
 * <p>Not thread-safe: one tool, one thread.
 */
final class RecordProbe {
    private final LogFiles files;
    private final long logEnd;
    private final RecordValidator validator = new RecordValidator(Integer.MAX_VALUE);
    private final StoredRecord record = new StoredRecord();
    private String failure;

    RecordProbe(LogFiles files, long logEnd) {
        this.files = files;
        this.logEnd = logEnd;
    }

    /** The record at {@code offset}, or null with {@link #failure()} saying why. */
    StoredRecord at(long offset) {
        if (offset < 0 || offset >= logEnd) {
            failure = "points past the log's end " + logEnd;
            return null;
        }
        ByteBuffer buffer = files.bufferFor(offset);
        if (buffer == null) {
            failure = "points before the first commit-log file";
            return null;
        }
        int at = (int) (offset - files.baseFor(offset));
        RecordStatus status = validator.check(buffer, at, buffer.capacity(), false);
        if (status != RecordStatus.VALID) {
            failure = "points at no record (" + status.toString().toLowerCase(Locale.ROOT).replace('_', ' ') + ")";
            return null;
        }
        if (record.wrap(buffer, at).physicalOffset() != offset) {
            failure = "points at bytes naming physical offset " + record.physicalOffset();
            return null;
        }
        return record;
    }

    /** Why the last {@link #at} found nothing. */
    String failure() {
        return failure;
    }

    /** Whether {@code offset} lies before the oldest file still held (deleted by retention: not a problem). */
    boolean beforeStart(long offset) {
        return offset < files.start();
    }
}
