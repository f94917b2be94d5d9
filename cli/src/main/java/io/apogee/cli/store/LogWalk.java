package io.apogee.cli.store;

import io.apogee.wire.message.record.RecordStatus;
import io.apogee.wire.message.record.RecordValidator;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Reads the commit log file by file, record by record, with {@link RecordValidator}: total size, magic, the field
 * lengths within the record, the body CRC, the end-of-file blank marker and records that would cross into the next
 * file. Unlike recovery's scanner it does not stop at damage: it reports it and looks for the next intact record
 * (a message magic whose physical-offset field names its own position), so every problem is found.
 *
 * <p>Not thread-safe: one walk, one thread.
 */
final class LogWalk {
    private final LogFiles files;
    private final Findings findings;
    private final RecordValidator validator = new RecordValidator(Integer.MAX_VALUE);
    private final StoredRecord record = new StoredRecord();
    private long end;

    LogWalk(LogFiles files, Findings findings) {
        this.files = files;
        this.findings = findings;
    }

    /** Walks from the file holding {@code from} to the end of the log, or until the listener says stop. */
    void walk(long from, LogListener listener) {
        List<Long> bases = files.bases();
        int lastWritten = lastWritten(bases);
        end = files.start();
        for (int i = 0; i < bases.size(); i++) {
            long base = bases.get(i);
            boolean last = i >= lastWritten;
            if (base + files.fileSize() <= from && !last) {
                continue;
            }
            if (!walkFile(base, last, listener)) {
                break;
            }
        }
        validator.release();
    }

    /** The index of the last file with anything written (RocketMQ makes the next file before it is needed). */
    private int lastWritten(List<Long> bases) {
        for (int i = bases.size() - 1; i > 0; i--) {
            ByteBuffer buffer = files.bufferFor(bases.get(i));
            if (buffer.capacity() < StoredRecord.BLANK_LENGTH || buffer.getLong(0) != 0) {
                return i;
            }
        }
        return 0;
    }

    /** The offset just past the last written byte, after a whole walk. */
    long end() {
        return end;
    }

    private boolean walkFile(long base, boolean last, LogListener listener) {
        ByteBuffer buffer = files.bufferFor(base);
        String name = files.nameFor(base);
        int capacity = buffer.capacity();
        int at = 0;
        while (at < capacity) {
            RecordStatus status = validator.check(buffer, at, capacity, true);
            if (status == RecordStatus.VALID || status == RecordStatus.BAD_BODY_CRC) {
                record.wrap(buffer, at);
                if (record.physicalOffset() != base + at) {
                    findings.add(name, at, "record whose physical-offset field says " + record.physicalOffset()
                        + " (stale bytes from elsewhere)");
                    at = resync(buffer, base, at + 1);
                    continue;
                }
                if (status == RecordStatus.BAD_BODY_CRC) {
                    findings.add(name, at, "body CRC mismatch (record at physical offset " + (base + at) + ")");
                }
                end = base + at + validator.totalSize();
                if (!listener.onRecord(record, base + at, status == RecordStatus.VALID)) {
                    return false;
                }
                at += validator.totalSize();
            } else if (status == RecordStatus.BLANK) {
                if (validator.totalSize() != capacity - at) {
                    findings.add(name, at, "end-of-file blank marker of " + validator.totalSize() + " bytes where "
                        + (capacity - at) + " remain");
                }
                end = base + capacity;
                return true;
            } else if (status == RecordStatus.EMPTY) {
                if (!last) {
                    findings.add(name, at, "unwritten space where the end-of-file blank marker should be");
                }
                return true;
            } else {
                findings.add(name, at, describe(status, capacity - at));
                at = resync(buffer, base, at + 1);
            }
        }
        end = base + capacity;
        return true;
    }

    private String describe(RecordStatus status, int remaining) {
        return switch (status) {
            case TRUNCATED -> "truncated record: total size " + validator.totalSize() + " but " + remaining
                + " bytes remain in the file (a record may not cross files)";
            case BAD_MAGIC -> "bad magic code";
            case BAD_TOTAL_SIZE -> "bad total size " + validator.totalSize();
            case NEGATIVE_LENGTH -> "negative body, topic or properties length";
            case LENGTH_MISMATCH -> "field lengths do not add up to the total size " + validator.totalSize();
            default -> status.toString();
        };
    }

    /** The next position from {@code from} holding a record that names its own offset, else the file's end. */
    private int resync(ByteBuffer buffer, long base, int from) {
        int capacity = buffer.capacity();
        for (int at = from; at + StoredRecord.MIN_RECORD_SIZE <= capacity; at++) {
            if (StoredRecord.isMessageMagic(buffer.getInt(at + StoredRecord.MAGIC_OFFSET))
                && buffer.getLong(at + StoredRecord.PHYSICAL_OFFSET_OFFSET) == base + at) {
                RecordStatus status = validator.check(buffer, at, capacity, false);
                if (status == RecordStatus.VALID) {
                    return at;
                }
            }
        }
        return capacity;
    }
}
