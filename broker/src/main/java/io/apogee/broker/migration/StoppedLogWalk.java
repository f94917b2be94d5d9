package io.apogee.broker.migration;

import io.apogee.wire.message.record.RecordStatus;
import io.apogee.wire.message.record.RecordValidator;
import io.apogee.wire.message.record.StoredRecord;
import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads every record of a stopped store's commit log, segment by segment, up to the log's end: each record's framing is
 * checked ({@link RecordValidator}, without the body CRC, which recovery checked when the store last started), and a
 * damaged one stops the walk with a {@link MigrationException} naming its offset. Padding leads to the next segment.
 *
 * <p>Not thread-safe: one export uses it. Each segment is mapped read-only while it is read.
 */
final class StoppedLogWalk {
    /** Told of each record; the flyweight is reused. */
    @FunctionalInterface
    interface Visitor {
        void onRecord(StoredRecord record, long physicalOffset) throws IOException;
    }

    private static final Pattern SEGMENT_NAME = Pattern.compile("\\d{20}");

    private StoppedLogWalk() {
    }

    /** Visits the records of {@code commitLog} below {@code logEnd}; returns how many. */
    static long walk(Path commitLog, long logEnd, Visitor visitor) throws IOException {
        RecordValidator validator = new RecordValidator(Integer.MAX_VALUE);
        StoredRecord record = new StoredRecord();
        long records = 0;
        try {
            for (Path segment : segments(commitLog)) {
                long base = Long.parseLong(segment.getFileName().toString());
                if (base >= logEnd) {
                    break;
                }
                try (FileChannel channel = FileChannel.open(segment, StandardOpenOption.READ)) {
                    int limit = (int) Math.min(channel.size(), logEnd - base);
                    MappedByteBuffer buffer = channel.map(FileChannel.MapMode.READ_ONLY, 0, limit);
                    records += walkSegment(buffer, base, limit, validator, record, visitor);
                }
            }
        } finally {
            validator.release();
        }
        return records;
    }

    private static long walkSegment(MappedByteBuffer buffer, long base, int limit, RecordValidator validator,
                                    StoredRecord record, Visitor visitor) throws IOException {
        long records = 0;
        int at = 0;
        while (at < limit) {
            RecordStatus status = validator.check(buffer, at, limit, false);
            if (status == RecordStatus.BLANK || status == RecordStatus.EMPTY) {
                break;
            }
            if (status != RecordStatus.VALID) {
                throw new MigrationException("commitlog: the record at offset " + (base + at) + " is not intact ("
                    + status + "); nothing was changed");
            }
            visitor.onRecord(record.wrap(buffer, at), base + at);
            records++;
            at += validator.totalSize();
        }
        return records;
    }

    private static List<Path> segments(Path commitLog) throws IOException {
        try (Stream<Path> files = Files.list(commitLog)) {
            return files.filter(file -> SEGMENT_NAME.matcher(file.getFileName().toString()).matches()).sorted().toList();
        }
    }
}
