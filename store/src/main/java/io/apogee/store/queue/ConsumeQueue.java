package io.apogee.store.queue;

import io.apogee.store.file.FencedIo;
import io.apogee.store.file.MappedSegment;
import io.apogee.store.file.SegmentSet;
import io.apogee.wire.message.ConsumeQueueEntry;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The consume queue of one (topic, queue id): a log of {@link ConsumeQueueEntry 20-byte entries} in fixed-size mapped segments, where
 * unit {@code n} describes the message with queue offset {@code n}. Files live in
 * {@code <root>/<topic>/<queueId>/} and are named by the byte offset of their first unit, as RocketMQ names them.
 *
 * <p>Threads: {@link #append} is called only by the holder of the appender's write turn, {@link #truncateTo} only
 * before it runs, {@link #flush} only by the dispatcher;
 * {@link #maxOffset()} is published with a volatile write after the unit's bytes, so any reader that sees an
 * offset below it sees the unit. {@link #retainSegmentFor(long)} lets readers hold a segment while they read.
 */
public final class ConsumeQueue implements AutoCloseable {
    private final String topic;
    private final int queueId;
    private final SegmentSet segments;
    private final int unitsPerSegment;
    private volatile long minOffset;
    private volatile long maxOffset;
    private long flushedOffset;
    private boolean awaitingFlush;
    private volatile boolean deleted;
    private final ConsumeQueueEntry loaderEntry = new ConsumeQueueEntry();

    /**
     * @param io              the fenced door to the disk
     * @param directory       this queue's directory
     * @param topic           the topic
     * @param queueId         the queue id
     * @param unitsPerSegment units in one file
     */
    public ConsumeQueue(FencedIo io, Path directory, String topic, int queueId, int unitsPerSegment) {
        this.topic = Objects.requireNonNull(topic, "topic");
        this.queueId = queueId;
        this.unitsPerSegment = unitsPerSegment;
        this.segments = new SegmentSet(io, directory, Math.multiplyExact(unitsPerSegment, ConsumeQueueEntry.SIZE));
    }

    /** The topic. */
    public String topic() {
        return topic;
    }

    /** The queue id. */
    public int queueId() {
        return queueId;
    }

    /** The first queue offset still held. */
    public long minOffset() {
        return minOffset;
    }

    /** One past the last queue offset written: the number of the next message. */
    public long maxOffset() {
        return maxOffset;
    }

    /** Units per segment file. */
    public int unitsPerSegment() {
        return unitsPerSegment;
    }

    /**
     * Maps the files already on disk and finds the end: the first unit whose size is 0 (never written).
     * Called once at startup, before the dispatcher runs.
     */
    public void load() {
        segments.load();
        MappedSegment first = segments.first();
        if (first == null) {
            return;
        }
        long startUnit = first.baseOffset() / ConsumeQueueEntry.SIZE;
        long end = startUnit;
        for (MappedSegment segment : segments.snapshot()) {
            ByteBuffer buffer = segment.readBuffer();
            int position = 0;
            while (position < segment.capacity() && loaderEntry.wrap(buffer, position).size() > 0) {
                position += ConsumeQueueEntry.SIZE;
            }
            end = (segment.baseOffset() + position) / ConsumeQueueEntry.SIZE;
            if (position < segment.capacity()) {
                break;
            }
        }
        minOffset = startUnit;
        maxOffset = end;
        flushedOffset = end;
    }

    /**
     * Writes the unit for {@code queueOffset}. Offsets at or below the last written are ignored (a replay after
     * recovery); the first unit of an empty queue may start anywhere, later ones must follow without a gap.
     * Dispatcher only.
     *
     * @return whether a unit was written
     * @throws io.apogee.store.file.StoreIoException when the disk fails or the store is fenced
     * @throws IllegalStateException when {@code queueOffset} leaves a gap: a bug in the appender
     */
    public boolean append(long queueOffset, long commitLogOffset, int size, long tagsCode) {
        if (deleted) {
            return false; // its topic was deleted after the record was appended: no file is made again
        }
        long next = maxOffset;
        if (queueOffset < next) {
            return false;
        }
        if (queueOffset > next) {
            if (segments.count() != 0) {
                throw new IllegalStateException(topic + "-" + queueId + ": unit " + queueOffset + " after " + next);
            }
            minOffset = queueOffset;
            flushedOffset = queueOffset;
        }
        long position = queueOffset * ConsumeQueueEntry.SIZE;
        MappedSegment segment = segments.segmentFor(position);
        if (segment == null) {
            segment = segments.create(segments.baseOf(position));
            segments.add(segment);
        }
        ConsumeQueueEntry.write(segment.writeBuffer(), (int) (position - segment.baseOffset()), commitLogOffset, size, tagsCode);
        maxOffset = queueOffset + 1;
        return true;
    }

    /**
     * Marks the queue as listed for the next flush; returns false if it already was. Dispatcher only: it keeps
     * a list of queues with unflushed units instead of scanning every queue.
     */
    public boolean listForFlush() {
        if (awaitingFlush) {
            return false;
        }
        awaitingFlush = true;
        return true;
    }

    /** Forces the units written since the last flush; returns how many were forced. Dispatcher only. */
    public long flush() {
        awaitingFlush = false;
        long end = maxOffset;
        long from = flushedOffset;
        if (end <= from) {
            return 0;
        }
        for (long unit = from; unit < end; ) {
            long position = unit * ConsumeQueueEntry.SIZE;
            // retained: retention (another thread) may delete and unmap the segment meanwhile
            MappedSegment segment = segments.retainSegmentFor(position);
            if (segment == null) { // deleted by retention before it was forced: nothing left to force there
                unit = (segments.baseOf(position) + segments.segmentSize()) / ConsumeQueueEntry.SIZE;
                continue;
            }
            long stop = Math.min(end * ConsumeQueueEntry.SIZE, segment.endOffset());
            try {
                segment.force((int) (position - segment.baseOffset()), (int) (stop - segment.baseOffset()));
            } finally {
                segment.release();
            }
            unit = stop / ConsumeQueueEntry.SIZE;
        }
        flushedOffset = end;
        return end - from;
    }

    /** The segment holding {@code queueOffset}'s unit, retained for the caller to release; null if none. */
    public MappedSegment retainSegmentFor(long queueOffset) {
        return segments.retainSegmentFor(queueOffset * ConsumeQueueEntry.SIZE);
    }

    /** The position of {@code queueOffset}'s unit inside {@code segment}. */
    public static int positionIn(MappedSegment segment, long queueOffset) {
        return (int) (queueOffset * ConsumeQueueEntry.SIZE - segment.baseOffset());
    }

    /**
     * Whether the unit at {@code queueOffset} holds exactly these values. Recovery only (no reader retains here).
     */
    public boolean unitEquals(long queueOffset, long commitLogOffset, int size, long tagsCode) {
        if (queueOffset < minOffset || queueOffset >= maxOffset) {
            return false;
        }
        MappedSegment segment = segments.segmentFor(queueOffset * ConsumeQueueEntry.SIZE);
        if (segment == null) {
            return false;
        }
        ConsumeQueueEntry unit = loaderEntry.wrap(segment.readBuffer(), positionIn(segment, queueOffset));
        return unit.commitLogOffset() == commitLogOffset && unit.size() == size && unit.tagsCode() == tagsCode;
    }

    /**
     * The first queue offset whose record starts at or after commit-log offset {@code physical} ({@link #maxOffset()}
     * when none does), by binary search: units are in commit-log order. Recovery and housekeeping.
     */
    public long firstOffsetAtOrAfter(long physical) {
        ConsumeQueueEntry unit = new ConsumeQueueEntry();
        long low = minOffset;
        long high = maxOffset;
        while (low < high) {
            long middle = (low + high) >>> 1;
            MappedSegment segment = segments.retainSegmentFor(middle * ConsumeQueueEntry.SIZE);
            if (segment == null) {
                low = middle + 1; // deleted: below anything still held
                continue;
            }
            long at;
            try {
                at = unit.wrap(segment.readBuffer(), positionIn(segment, middle)).commitLogOffset();
            } finally {
                segment.release();
            }
            if (at >= physical) {
                high = middle;
            } else {
                low = middle + 1;
            }
        }
        return low;
    }

    /**
     * Drops every unit at or after {@code queueOffset} (recovery cutting what a torn commit log no longer holds).
     * Dispatcher only, or before it runs.
     */
    public void truncateTo(long queueOffset) {
        if (queueOffset >= maxOffset) {
            return;
        }
        long cut = Math.max(queueOffset, minOffset);
        long position = cut * ConsumeQueueEntry.SIZE;
        MappedSegment last = segments.last();
        while (last != null && last.baseOffset() > position) {
            segments.removeLast().destroy();
            last = segments.last();
        }
        if (last != null) {
            ByteBuffer buffer = last.writeBuffer();
            for (int at = (int) (position - last.baseOffset()); at < last.capacity(); at += ConsumeQueueEntry.SIZE) {
                ConsumeQueueEntry.write(buffer, at, 0, 0, 0);
            }
            last.force(0, last.capacity());
        }
        maxOffset = cut;
        flushedOffset = Math.min(flushedOffset, cut);
        if (segments.count() == 0) {
            minOffset = cut;
        }
    }

    /**
     * Deletes whole segment files whose units all lie below {@code queueOffset} and moves the min offset up.
     * Housekeeping only.
     */
    public void deleteBefore(long queueOffset) {
        MappedSegment first = segments.first();
        while (first != null && first.endOffset() / ConsumeQueueEntry.SIZE <= queueOffset && first != segments.last()) {
            segments.removeFirst().destroy();
            first = segments.first();
        }
        if (queueOffset > minOffset) {
            minOffset = Math.min(queueOffset, maxOffset);
        }
    }

    /**
     * The queue offset for a store timestamp (SEARCH_OFFSET_BY_TIMESTAMP), by binary search over the units, with
     * {@code lookup} reading each probed message's store time from the commit log. Lower: the first offset whose
     * time is at or after {@code timestamp} ({@link #maxOffset()} if none). Upper: the last offset whose time is at
     * or before it ({@link #minOffset()} if none).
     */
    public long offsetForTimestamp(long timestamp, boolean upper, StoreTimeLookup lookup) {
        long low = minOffset;
        long high = maxOffset - 1;
        long found = upper ? low : maxOffset;
        ConsumeQueueEntry unit = new ConsumeQueueEntry();
        while (low <= high) {
            long middle = (low + high) >>> 1;
            long time = storeTimeAt(middle, lookup, unit);
            if (time < 0) {
                low = middle + 1; // the record is gone (retention): everything before it is older
                continue;
            }
            if (upper ? time <= timestamp : time >= timestamp) {
                found = middle;
                if (upper) {
                    low = middle + 1;
                } else {
                    high = middle - 1;
                }
            } else if (upper) {
                high = middle - 1;
            } else {
                low = middle + 1;
            }
        }
        return found;
    }

    private long storeTimeAt(long queueOffset, StoreTimeLookup lookup, ConsumeQueueEntry unit) {
        MappedSegment segment = retainSegmentFor(queueOffset);
        if (segment == null) {
            return -1;
        }
        try {
            int at = positionIn(segment, queueOffset);
            unit.wrap(segment.readBuffer(), at);
            return lookup.storeTimestamp(unit.commitLogOffset(), unit.size());
        } finally {
            segment.release();
        }
    }

    /**
     * Deletes the queue's files (DELETE_TOPIC): they are unlinked now and unmapped once their readers are done, and
     * later appends are ignored. Dispatcher only, so that no append runs meanwhile.
     */
    public void delete() {
        deleted = true;
        segments.unlinkAll();
    }

    /** Whether {@link #delete()} ran. */
    public boolean isDeleted() {
        return deleted;
    }

    /** Unmaps the files (after readers are done). */
    @Override
    public void close() {
        segments.close();
    }
}
