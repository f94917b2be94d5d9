package io.apogee.store.commitlog;

import io.apogee.store.dispatch.DispatchEntry;
import io.apogee.store.dispatch.DispatchRing;
import io.apogee.store.file.MappedSegment;
import io.apogee.store.file.SegmentSet;
import io.apogee.store.queue.ConsumeQueue;
import io.apogee.store.queue.LogicalQueue;
import io.apogee.store.queue.QueueTable;
import io.apogee.wire.message.MessageSysFlag;
import io.apogee.wire.message.record.RecordStatus;
import io.apogee.wire.message.record.RecordValidator;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.ByteBuffer;

/**
 * A replica's side of the appender: copies commit-log bytes a master sent into the mapped segments at their own
 * offset, byte for byte, then reads back the complete records among them and claims their dispatch entries (queue,
 * offsets, tags code, keys), as the appender does for records it encodes itself. A master may cut a record between two
 * frames (RocketMQ's master sends what its file holds), so the bytes received may run past the last complete record:
 * {@link #receivedEnd()} is where the next frame must start, the log's published position where the last complete
 * record ends. The tail past it is not published; recovery drops it after a crash.
 *
 * <p>Single-threaded: the holder of the appender's write turn.
 */
final class ReplicaAppend {
    private final CommitLog log;
    private final SegmentSet segments;
    private final DispatchRing dispatch;
    private final QueueTable queues;
    private final RecordInspector inspector;
    private final RecordValidator validator;
    private final StoredRecord record = new StoredRecord();
    private long receivedEnd;
    private ReplicaStatus stop;
    private boolean needsRoom;

    ReplicaAppend(CommitLog log, DispatchRing dispatch, QueueTable queues, RecordInspector inspector, int maxRecordSize) {
        this.log = log;
        this.segments = log.segments();
        this.dispatch = dispatch;
        this.queues = queues;
        this.inspector = inspector;
        this.validator = new RecordValidator(maxRecordSize);
        this.receivedEnd = log.publishedPosition();
    }

    /** Where the next bytes must start: past every byte received, complete records or not. */
    long receivedEnd() {
        return receivedEnd;
    }

    /**
     * Whether this replica holds no byte yet and its log may begin at {@code offset}: a segment's start above 0, where
     * a master begins an empty slave whose log it no longer holds from 0 (RocketMQ's: at the start of its last file).
     */
    boolean mayBeginAt(long offset) {
        return receivedEnd == 0 && log.publishedPosition() == 0 && offset > 0 && segments.baseOf(offset) == offset;
    }

    /**
     * Begins the empty log at {@code offset} ({@link #mayBeginAt}): the segment files it had (zeros, prepared ahead)
     * are deleted, and the next bytes go to the segment file named by that offset.
     */
    void beginAt(long offset) {
        segments.unlinkAll();
        log.beginAt(offset);
        receivedEnd = offset;
    }

    /** Writes {@code bytes} (from its position to its limit) at {@code receivedEnd}, into as many segments as they span. */
    void copy(ByteBuffer bytes) {
        long end = receivedEnd;
        int from = bytes.position();
        int left = bytes.remaining();
        while (left > 0) {
            MappedSegment segment = segmentAt(end);
            int at = (int) (end - segment.baseOffset());
            int length = (int) Math.min(left, segment.endOffset() - end);
            segment.writeBuffer().put(at, bytes, from, length);
            from += length;
            left -= length;
            end += length;
        }
        receivedEnd = end;
    }

    private MappedSegment segmentAt(long offset) {
        MappedSegment segment = segments.segmentFor(offset);
        if (segment == null) {
            segment = log.preallocator().take(segments.baseOf(offset));
            segments.add(segment);
        }
        return segment;
    }

    /**
     * Claims a dispatch entry for each complete record from {@code position} on, and skips BLANK padding once the
     * whole of it is in. Returns the end of the last complete record or padding read; {@link #stop()} tells why it
     * stopped (null: it needs more bytes or dispatch room). After a stop the bytes past the returned end are dropped.
     */
    long readRecords(long position) {
        stop = null;
        needsRoom = false;
        long at = position;
        while (at < receivedEnd) {
            if (!dispatch.producerHasRoom(1)) {
                needsRoom = true;
                break;
            }
            MappedSegment segment = segments.segmentFor(at);
            ByteBuffer buffer = segment.writeBuffer();
            int offset = (int) (at - segment.baseOffset());
            int limit = (int) (Math.min(receivedEnd, segment.endOffset()) - segment.baseOffset());
            RecordStatus status = validator.check(buffer, offset, limit, false);
            if (status == RecordStatus.TRUNCATED) {
                break;
            }
            if (status == RecordStatus.BLANK) {
                if (validator.totalSize() != segment.capacity() - offset) {
                    return stopped(at, ReplicaStatus.CORRUPT);
                }
                if (receivedEnd < segment.endOffset()) {
                    break; // the padding's zeros are still on their way
                }
                at = segment.endOffset();
                continue;
            }
            if (status != RecordStatus.VALID || record.wrap(buffer, offset).physicalOffset() != at) {
                return stopped(at, ReplicaStatus.CORRUPT);
            }
            ReplicaStatus claimed = claim(buffer, offset, at);
            if (claimed != null) {
                return stopped(at, claimed);
            }
            at += record.totalSize();
        }
        validator.release();
        return at;
    }

    /** Claims the dispatch entry of the record {@link #record} wraps, at {@code physicalOffset}; null when done. */
    private ReplicaStatus claim(ByteBuffer buffer, int offset, long physicalOffset) {
        boolean toQueue = !MessageSysFlag.skipsConsumeQueue(record.sysFlag());
        String topic = record.topic();
        LogicalQueue queue = null;
        if (toQueue) {
            if (!QueueTable.isValidQueue(topic, record.queueId())) {
                return ReplicaStatus.CORRUPT;
            }
            queue = queues.getOrCreate(topic, record.queueId());
            ConsumeQueue units = queue.units();
            if (record.queueOffset() > units.maxOffset() && units.maxOffset() == units.minOffset()
                && queue.nextOffset() == units.maxOffset()) {
                // a queue whose first records came before this replica's log began: it begins at this one
                units.startAt(record.queueOffset());
                queue.nextOffset(record.queueOffset());
            }
            // the replica has no sends, so its thread may make the file: nobody waits behind it
            if (queue.units().reserveUnits(1, true) != ConsumeQueue.Reservation.RESERVED) {
                return ReplicaStatus.QUEUE_UNAVAILABLE;
            }
            queue.nextOffset(record.queueOffset() + 1);
        }
        DispatchEntry entry = dispatch.producerClaim().stamp(topic, record.queueId(), record.queueOffset(),
            physicalOffset, record.totalSize(), record.storeTimestamp(), toQueue).queue(queue);
        inspector.inspect(buffer, offset, entry);
        return null;
    }

    private long stopped(long at, ReplicaStatus why) {
        validator.release();
        stop = why;
        receivedEnd = at; // the next frame must resend from the first byte not taken
        return at;
    }

    /** Whether the last {@link #readRecords} stopped for room in the dispatcher's hand-over. */
    boolean needsRoom() {
        return needsRoom;
    }

    /** Why the last {@link #readRecords} stopped early, or null when it read all it could. */
    ReplicaStatus stop() {
        return stop;
    }
}
