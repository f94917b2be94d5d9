package io.apogee.broker.timer;

import io.apogee.store.MessageStore;
import io.apogee.store.file.MappedSegment;
import io.apogee.store.queue.ConsumeQueue;
import io.apogee.store.queue.LogicalQueue;
import io.apogee.wire.message.ConsumeQueueEntry;

/**
 * Reads the timer queue's consume-queue units in place: each holds its message's delivery time in the tags-code slot
 * ({@link TimerTopic#tagsCodeRule}), so finding what is due never touches the commit log. Each segment is retained
 * once per run of units; nothing is allocated per unit.
 *
 * <p>Not thread-safe: owned by the timer service's thread (the store's dispatcher writes the units concurrently; a
 * unit below the queue's max offset is complete).
 */
final class TimerUnits {
    /** Told each unit of a scan; answers whether to go on. */
    @FunctionalInterface
    interface Visitor {
        boolean visit(long queueOffset, long deliveryTime);
    }

    private final MessageStore store;
    private final ConsumeQueueEntry unit = new ConsumeQueueEntry();

    TimerUnits(MessageStore store) {
        this.store = store;
    }

    /** The first offset still held (0 before any timer message). */
    long minOffset() {
        ConsumeQueue units = units();
        return units == null ? 0 : units.minOffset();
    }

    /** One past the last unit written (0 before any timer message). */
    long maxOffset() {
        ConsumeQueue units = units();
        return units == null ? 0 : units.maxOffset();
    }

    /**
     * Tells {@code visitor} the units from {@code from} (raised to the first still held) up to {@code to}, in order,
     * until it answers false; returns the offset of the first unit not taken ({@code to}, or the queue's end, when
     * all were).
     */
    long scan(long from, long to, Visitor visitor) {
        ConsumeQueue units = units();
        if (units == null) {
            return from;
        }
        long offset = Math.max(from, units.minOffset());
        long end = Math.min(to, units.maxOffset());
        while (offset < end) {
            MappedSegment segment = units.retainSegmentFor(offset);
            if (segment == null) {
                return offset; // removed by retention meanwhile: the caller starts again from the new minimum
            }
            try {
                long segmentEnd = Math.min(end, segment.endOffset() / ConsumeQueueEntry.SIZE);
                for (; offset < segmentEnd; offset++) {
                    unit.wrap(segment.readBuffer(), ConsumeQueue.positionIn(segment, offset));
                    if (!visitor.visit(offset, unit.tagsCode())) {
                        return offset;
                    }
                }
            } finally {
                segment.release();
            }
        }
        return offset;
    }

    private ConsumeQueue units() {
        LogicalQueue queue = store.queues().get(TimerTopic.NAME, TimerTopic.QUEUE_ID);
        return queue == null ? null : queue.units();
    }
}
