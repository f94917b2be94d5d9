package io.apogee.store.read;

import io.apogee.store.file.MappedSegment;
import io.apogee.store.queue.ConsumeQueue;
import io.apogee.wire.message.ConsumeQueueEntry;

/**
 * Reads a consume queue's units in place, in order, without touching the commit log: each segment is retained once
 * per run of units, and nothing is allocated.
 *
 * <p>Stateless; safe for any thread (the appender writes units concurrently; a unit below the max offset is
 * complete).
 */
public final class UnitScan {
    private UnitScan() {
    }

    /**
     * Tells {@code visitor} the units of {@code units} from {@code from} (raised to the first still held) up to
     * {@code to}, until it answers false; returns the offset of the first unit not taken ({@code to}, or the queue's
     * end, when all were; the current offset when retention removed its segment meanwhile).
     */
    public static long scan(ConsumeQueue units, long from, long to, UnitVisitor visitor) {
        long offset = Math.max(from, units.minOffset());
        long end = Math.min(to, units.maxOffset());
        while (offset < end) {
            MappedSegment segment = units.retainSegmentFor(offset);
            if (segment == null) {
                return offset;
            }
            try {
                long segmentEnd = Math.min(end, segment.endOffset() / ConsumeQueueEntry.SIZE);
                for (; offset < segmentEnd; offset++) {
                    int position = ConsumeQueue.positionIn(segment, offset);
                    long tagsCode = segment.readBuffer().getLong(position + ConsumeQueueEntry.TAGS_CODE_OFFSET);
                    if (!visitor.visit(offset, tagsCode)) {
                        return offset;
                    }
                }
            } finally {
                segment.release();
            }
        }
        return offset;
    }
}
