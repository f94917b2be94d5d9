package io.apogee.store.read;

import io.apogee.store.commitlog.CommitLog;
import io.apogee.store.file.MappedSegment;
import io.apogee.store.queue.ConsumeQueue;
import io.apogee.store.queue.LogicalQueue;
import io.apogee.store.queue.QueueTable;
import io.apogee.wire.message.ConsumeQueueEntry;
import java.util.Objects;

/**
 * Reads messages of a queue for PULL: walks the consume queue from the requested offset, skips entries whose
 * record retention has deleted and entries the filter rejects (by tag code, then by properties when it reads them),
 * and collects up to the message and byte
 * limits (always at least one matching message, however large) as views of the mapped commit log. It scans at
 * most {@code maxScan} entries, or as many as the read asks messages for if that is more. Bounds are
 * checked first, as RocketMQ's {@code getMessage} does, and reported as a {@link ReadStatus}.
 *
 * <p>Thread-safe: stateless apart from its settings; any number of threads read at once, each into its own
 * {@link ReadResult}.
 */
public final class QueueReader {
    private static final int COLLECTED = 0;
    private static final int SKIPPED = 1;
    private static final int GONE = 2;

    private final QueueTable queues;
    private final CommitLog log;
    private final int maxScan;

    /**
     * @param queues  the queues
     * @param log     the commit log
     * @param maxScan the most consume-queue entries one read scans (filtered reads stop there)
     */
    public QueueReader(QueueTable queues, CommitLog log, int maxScan) {
        this.queues = Objects.requireNonNull(queues, "queues");
        this.log = Objects.requireNonNull(log, "log");
        if (maxScan < 1) {
            throw new IllegalArgumentException("maxScan must be positive: " + maxScan);
        }
        this.maxScan = maxScan;
    }

    /**
     * Reads up to {@code maxMessages} messages (at most the result's capacity) or {@code maxBytes} bytes from
     * {@code offset} of the queue, keeping those {@code filter} accepts, into {@code result} (which must have
     * been released). Returns the status also held by the result. If the filter throws, the result is released
     * before the throwable goes on, so no segment stays retained (retention could never delete it).
     */
    public ReadStatus read(String topic, int queueId, long offset, int maxMessages, long maxBytes, TagFilter filter,
        ReadResult result) {
        result.begin();
        LogicalQueue queue = queues.get(topic, queueId);
        if (queue == null) {
            result.finish(ReadStatus.QUEUE_NOT_FOUND, 0, 0, 0);
            return ReadStatus.QUEUE_NOT_FOUND;
        }
        ConsumeQueue units = queue.units();
        long max = units.maxOffset();
        long min = Math.min(units.minOffset(), max);
        ReadStatus bound = checkBounds(offset, min, max);
        if (bound != null) {
            long next = switch (bound) {
                case OFFSET_TOO_SMALL -> min;
                case OFFSET_OVERFLOW_ONE -> offset;
                case OFFSET_OVERFLOW_BADLY -> max;
                default -> 0;
            };
            result.finish(bound, next, min, max);
            return bound;
        }
        int limit = Math.min(maxMessages, result.capacity());
        boolean scanned = false;
        try {
            // a read asking for more messages than the scan limit may scan as many entries as it asks for
            ReadStatus status = scan(units, offset, Math.min(max, offset + Math.max(maxScan, limit)), limit, maxBytes,
                filter, result, min, max);
            scanned = true;
            return status;
        } finally {
            if (!scanned) {
                result.release(); // a filter that threw: nobody else will release what the scan retained
            }
        }
    }

    private static ReadStatus checkBounds(long offset, long min, long max) {
        if (max == 0) {
            return ReadStatus.NO_MESSAGE_IN_QUEUE;
        }
        if (offset < min) {
            return ReadStatus.OFFSET_TOO_SMALL;
        }
        if (offset == max) {
            return ReadStatus.OFFSET_OVERFLOW_ONE;
        }
        return offset > max ? ReadStatus.OFFSET_OVERFLOW_BADLY : null;
    }

    private ReadStatus scan(ConsumeQueue units, long from, long end, int limit, long maxBytes, TagFilter filter,
        ReadResult result, long min, long max) {
        long logMin = log.minOffset();
        long offset = from;
        int removed = 0;
        MappedSegment unitSegment = null;
        try {
            while (offset < end) {
                if (unitSegment == null || offset * ConsumeQueueEntry.SIZE >= unitSegment.endOffset()) {
                    if (unitSegment != null) {
                        unitSegment.release();
                    }
                    unitSegment = units.retainSegmentFor(offset);
                    if (unitSegment == null) {
                        break;
                    }
                }
                ConsumeQueueEntry unit = result.unit().wrap(unitSegment.readBuffer(), ConsumeQueue.positionIn(unitSegment, offset));
                long physical = unit.commitLogOffset();
                int size = unit.size();
                if (result.count() > 0 && (result.count() >= limit || result.totalBytes() + size > maxBytes)) {
                    break;
                }
                offset++;
                if (physical < logMin) {
                    removed++;
                } else if (filter.matches(unit.tagsCode()) && collect(physical, size, offset - 1, filter, result) == GONE) {
                    removed++;
                }
            }
        } finally {
            if (unitSegment != null) {
                unitSegment.release();
            }
        }
        ReadStatus status;
        if (result.count() > 0) {
            status = ReadStatus.FOUND;
        } else {
            status = removed > 0 && removed == offset - from ? ReadStatus.MESSAGE_REMOVED : ReadStatus.NO_MATCHED_MESSAGE;
        }
        result.finish(status, offset, min, max);
        return status;
    }

    /** Adds the record at {@code physical} to the result unless its properties do not match: COLLECTED, SKIPPED or GONE. */
    private int collect(long physical, int size, long queueOffset, TagFilter filter, ReadResult result) {
        MappedSegment segment = log.segments().segmentFor(physical);
        if (segment == null) {
            return GONE;
        }
        if (!result.holds(segment)) {
            if (!segment.retain()) {
                return GONE;
            }
            result.keep(segment);
        }
        int position = (int) (physical - segment.baseOffset());
        if (filter.readsProperties()
            && !filter.matchesProperties(result.record().wrap(segment.readBuffer(), position).properties())) {
            return SKIPPED;
        }
        result.add(segment, position, size, queueOffset, physical);
        return COLLECTED;
    }
}
