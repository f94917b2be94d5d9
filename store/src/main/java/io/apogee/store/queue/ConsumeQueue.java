package io.apogee.store.queue;

import io.apogee.store.file.FencedIo;
import io.apogee.store.file.MappedSegment;
import io.apogee.store.file.MappingRefusedException;
import io.apogee.store.file.SegmentSet;
import io.apogee.wire.message.ConsumeQueueEntry;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The consume queue of one (topic, queue id): a log of {@link ConsumeQueueEntry 20-byte entries} in fixed-size mapped segments, where
 * unit {@code n} describes the message with queue offset {@code n}. Files live in
 * {@code <root>/<topic>/<queueId>/} and are named by the byte offset of their first unit, as RocketMQ names them.
 *
 * <p>Its files hold mappings of a budget shared by all queues ({@link QueueMappings}). A queue that nothing needs
 * now lets go of them when the budget is spent ({@link #releaseIfIdle()}) and maps them again when next used. The
 * send path {@link #reserveUnits reserves} the units of records on their way here before they are appended: that
 * maps the files and creates the one their units go to, outside the appender's write turn, and pins them until the
 * dispatcher has listed the written units for the force. A queue whose file cannot be made or mapped refuses the
 * reservation; the store is not fenced.
 *
 * <p>Threads: {@link #append} is called only by the holder of the appender's write turn, {@link #truncateTo} only
 * before it runs, {@link #flush} only by the dispatcher;
 * {@link #maxOffset()} is published with a volatile write after the unit's bytes, so any reader that sees an
 * offset below it sees the unit. {@link #retainSegmentFor(long)} lets readers hold a segment while they read,
 * mapping the files again if they were released. Mapping and release take the queue's mapping lock.
 */
public final class ConsumeQueue implements AutoCloseable {
    /** {@link #pins} while the files are released (not mapped). */
    private static final int RELEASED = -1;

    private final String topic;
    private final int queueId;
    private final SegmentSet segments;
    private final int unitsPerSegment;
    private final QueueMappings mappings;
    private final ReentrantLock mappingLock = new ReentrantLock();
    /** Records reserved and not yet dispatched (they keep the files mapped), or {@link #RELEASED}. */
    private final AtomicInteger pins = new AtomicInteger();
    private volatile long lastUse;
    private volatile long minOffset;
    private volatile long maxOffset;
    private long flushedOffset;
    private volatile boolean awaitingFlush;
    private volatile boolean deleted;
    /** Whether the next unit written is the first of a queue begun above its file's start ({@link #startAt}). */
    private boolean preBlanksDue;
    private final ConsumeQueueEntry loaderEntry = new ConsumeQueueEntry();
    /** While released (under the mapping lock): the files' first and last base, and the first and last unit's record. */
    private long releasedFirstBase;
    private long releasedLastBase = -1;
    private long releasedFirstPhysical;
    private long releasedLastPhysical;

    /**
     * @param io              the fenced door to the disk
     * @param directory       this queue's directory
     * @param topic           the topic
     * @param queueId         the queue id
     * @param unitsPerSegment units in one file
     */
    public ConsumeQueue(FencedIo io, Path directory, String topic, int queueId, int unitsPerSegment) {
        this(io, directory, topic, queueId, unitsPerSegment, QueueMappings.unlimited());
    }

    /**
     * @param io              the fenced door to the disk
     * @param directory       this queue's directory
     * @param topic           the topic
     * @param queueId         the queue id
     * @param unitsPerSegment units in one file
     * @param mappings        the budget of mappings shared by all queues
     */
    public ConsumeQueue(FencedIo io, Path directory, String topic, int queueId, int unitsPerSegment,
        QueueMappings mappings) {
        this.topic = Objects.requireNonNull(topic, "topic");
        this.queueId = queueId;
        this.unitsPerSegment = unitsPerSegment;
        this.mappings = Objects.requireNonNull(mappings, "mappings");
        this.segments = new SegmentSet(io, directory, Math.multiplyExact(unitsPerSegment, ConsumeQueueEntry.SIZE), false);
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
     * Maps the files already on disk and finds the start, past the pre-blank units of a queue that began above 0
     * ({@link #startAt}), and the end: the first unit whose size is 0 (never written). Called once at startup, before
     * the dispatcher runs.
     */
    public void load() {
        segments.load();
        mappings.admit(this, segments.count());
        lastUse = mappings.now();
        MappedSegment first = segments.first();
        if (first == null) {
            return;
        }
        long start = first.baseOffset() + preBlankBytes(first);
        long end = start;
        for (MappedSegment segment : segments.snapshot()) {
            ByteBuffer buffer = segment.readBuffer();
            int position = (int) (Math.max(start, segment.baseOffset()) - segment.baseOffset());
            while (position < segment.capacity() && loaderEntry.wrap(buffer, position).size() > 0) {
                position += ConsumeQueueEntry.SIZE;
            }
            end = segment.baseOffset() + position;
            if (position < segment.capacity()) {
                break;
            }
        }
        minOffset = start / ConsumeQueueEntry.SIZE;
        maxOffset = end / ConsumeQueueEntry.SIZE;
        flushedOffset = maxOffset;
    }

    /** The bytes of pre-blank units at the head of {@code first}, the queue's first file. */
    private int preBlankBytes(MappedSegment first) {
        ByteBuffer buffer = first.readBuffer();
        int position = 0;
        while (position < first.capacity() && loaderEntry.wrap(buffer, position).isPreBlank()) {
            position += ConsumeQueueEntry.SIZE;
        }
        return position;
    }

    /**
     * Writes the unit for {@code queueOffset}. Offsets at or below the last written are ignored (a replay after
     * recovery); the first unit of an empty queue may start anywhere ({@link #startAt}), later ones must follow
     * without a gap. The holder of the appender's write turn, or recovery.
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
            if (next != minOffset) {
                throw new IllegalStateException(topic + "-" + queueId + ": unit " + queueOffset + " after " + next);
            }
            startAt(queueOffset);
        }
        long position = queueOffset * ConsumeQueueEntry.SIZE;
        MappedSegment segment = segments.segmentFor(position);
        if (segment == null) {
            segment = addSegmentFor(position);
        }
        if (preBlanksDue) {
            preBlanksDue = false;
            for (int at = 0; at < position - segment.baseOffset(); at += ConsumeQueueEntry.SIZE) {
                ConsumeQueueEntry.writePreBlank(segment.writeBuffer(), at);
            }
        }
        ConsumeQueueEntry.write(segment.writeBuffer(), (int) (position - segment.baseOffset()), commitLogOffset, size, tagsCode);
        maxOffset = queueOffset + 1;
        QueueFileLayout.afterUnit(segment, (int) (position - segment.baseOffset()) + ConsumeQueueEntry.SIZE);
        return true;
    }

    /**
     * Makes this empty queue begin at {@code queueOffset}, as RocketMQ's queues do on a slave whose log began above 0:
     * its min and max offset move there, and files it had (empty ones) are deleted. The unit appended next is
     * {@code queueOffset}'s; the units before it in its file are written as pre-blank units, so that the start is
     * found again after a restart. The holder of the appender's write turn, or recovery.
     *
     * @throws IllegalStateException when the queue holds units, or {@code queueOffset} lies below its end
     */
    public void startAt(long queueOffset) {
        mappingLock.lock();
        try {
            if (maxOffset != minOffset || queueOffset < maxOffset) {
                throw new IllegalStateException(topic + "-" + queueId + ": cannot begin at " + queueOffset
                    + ", the queue holds " + minOffset + " to " + maxOffset);
            }
            ensureMapped();
            int files = segments.count();
            if (files > 0) {
                segments.unlinkAll();
                mappings.returned(files);
            }
            // the first file's units from its start are forced with the first unit: the pre-blanks too
            flushedOffset = segments.baseOf(queueOffset * ConsumeQueueEntry.SIZE) / ConsumeQueueEntry.SIZE;
            preBlanksDue = queueOffset * ConsumeQueueEntry.SIZE != segments.baseOf(queueOffset * ConsumeQueueEntry.SIZE);
            minOffset = queueOffset; // before the max: a reader clamps a min above the max to it
            maxOffset = queueOffset;
        } finally {
            mappingLock.unlock();
        }
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

    /** Bytes of units written since the last flush. Dispatcher only. */
    public long unforcedBytes() {
        return Math.max(0, maxOffset - flushedOffset) * ConsumeQueueEntry.SIZE;
    }

    /**
     * Forces the units written since the last flush; returns how many were forced. Dispatcher only. Files released
     * meanwhile were forced before they went (see {@link #releaseIfIdle()}).
     */
    public long flush() {
        long end = maxOffset;
        long from = flushedOffset;
        if (end <= from) {
            awaitingFlush = false;
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
        awaitingFlush = false;
        return end - from;
    }

    /**
     * The segment holding {@code queueOffset}'s unit, retained for the caller to release; null if none (or if the
     * released files cannot be mapped again now). Maps the files again if they were released. Any thread.
     */
    public MappedSegment retainSegmentFor(long queueOffset) {
        touch();
        long position = queueOffset * ConsumeQueueEntry.SIZE;
        MappedSegment segment = segments.retainSegmentFor(position);
        if (segment != null) {
            return segment;
        }
        if (pins.get() == RELEASED && !remap()) {
            return null;
        }
        return segments.retainSegmentFor(position); // mapped again, by this thread or another meanwhile
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
        ensureMapped();
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
        long known = firstOffsetWhileReleased(physical);
        if (known >= 0) {
            return known;
        }
        ConsumeQueueEntry unit = new ConsumeQueueEntry();
        long low = minOffset;
        long high = maxOffset;
        while (low < high) {
            long middle = (low + high) >>> 1;
            MappedSegment segment = retainSegmentFor(middle);
            if (segment == null && pins.get() == RELEASED) {
                return low; // cannot be mapped now: what lies below low is known to be older, nothing more
            }
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
        ensureMapped();
        long cut = Math.max(queueOffset, minOffset);
        long position = cut * ConsumeQueueEntry.SIZE;
        MappedSegment last = segments.last();
        while (last != null && last.baseOffset() > position) {
            segments.removeLast().destroy();
            mappings.returned(1);
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
        mappingLock.lock();
        try {
            if (pins.get() == RELEASED) {
                deleteReleasedFilesBefore(queueOffset);
            } else {
                MappedSegment first = segments.first();
                while (first != null && first.endOffset() / ConsumeQueueEntry.SIZE <= queueOffset
                    && first != segments.last()) {
                    segments.removeFirst().destroy();
                    mappings.returned(1);
                    first = segments.first();
                }
            }
            if (queueOffset > minOffset) {
                minOffset = Math.min(queueOffset, maxOffset);
            }
        } finally {
            mappingLock.unlock();
        }
    }

    /** Deletes, by name, the released files whose units all lie below {@code queueOffset}, the last one kept. */
    private void deleteReleasedFilesBefore(long queueOffset) {
        long size = segments.segmentSize();
        while (releasedFirstBase < releasedLastBase && (releasedFirstBase + size) / ConsumeQueueEntry.SIZE <= queueOffset) {
            segments.deleteFile(releasedFirstBase);
            releasedFirstBase += size;
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
        mappingLock.lock();
        try {
            deleted = true;
            if (pins.get() == RELEASED) {
                for (long base = releasedFirstBase; base <= releasedLastBase; base += segments.segmentSize()) {
                    segments.deleteFile(base);
                }
                releasedLastBase = -1;
                pins.set(0); // the records still on their way are dispatched into nothing and unpin
                return;
            }
            mappings.returned(segments.count());
            mappings.forget(this);
            segments.unlinkAll();
        } finally {
            mappingLock.unlock();
        }
    }

    /** Whether {@link #delete()} ran. */
    public boolean isDeleted() {
        return deleted;
    }

    /** Unmaps the files (after readers are done). */
    @Override
    public void close() {
        mappingLock.lock();
        try {
            if (pins.get() != RELEASED) {
                mappings.returned(segments.count());
            }
            mappings.forget(this);
            segments.close();
        } finally {
            mappingLock.unlock();
        }
    }

    /** Whether any file of this queue is mapped or on disk (mapped again when next used). Any thread. */
    public boolean hasFiles() {
        return segments.count() > 0 || pins.get() == RELEASED;
    }

    /** What {@link #reserveUnits} did. */
    public enum Reservation {
        /** The units are reserved and their file is there: the request may be appended. */
        RESERVED,
        /** Nothing reserved: the units need a file that was not to be made on this thread. */
        NEEDS_FILE,
        /** Nothing reserved: the file cannot be made or mapped now. */
        UNAVAILABLE
    }

    /**
     * Reserves the units of {@code count} records on their way to this queue, before they are appended: maps the
     * files again if they were released, creates the file the units go to when {@code mayCreate}, and pins the files
     * until the dispatcher has listed the written units for the force (it then calls {@link #releaseUnits}). Any
     * thread (the send path, or the agent that makes files for it), so that neither the holder of the write turn nor
     * the dispatcher makes or maps a file. Reserves nothing unless it returns {@link Reservation#RESERVED}:
     * {@link Reservation#UNAVAILABLE} when every mapping of the budget is busy or the operating system refused one.
     *
     * @throws io.apogee.store.file.StoreIoException when the store is fenced or the directory cannot be listed
     */
    public Reservation reserveUnits(int count, boolean mayCreate) {
        int pinned = pins.get();
        if (pinned >= 0 && pins.compareAndSet(pinned, pinned + count)) {
            // the max offset read after the pins: what the units may need is never underestimated
            if (deleted || covers(pinned + count)) {
                touch();
                return Reservation.RESERVED;
            }
        } else if (!pinLocked(count)) {
            return Reservation.UNAVAILABLE;
        }
        mappingLock.lock();
        try {
            if (deleted || covers(pins.get()) || mayCreate && extendFiles()) {
                touch();
                return Reservation.RESERVED;
            }
            pins.addAndGet(-count);
            return mayCreate ? Reservation.UNAVAILABLE : Reservation.NEEDS_FILE;
        } finally {
            mappingLock.unlock();
        }
    }

    /** Pins {@code count} records under the lock, mapping the released files again; false when they cannot be. */
    private boolean pinLocked(int count) {
        mappingLock.lock();
        try {
            if (!deleted && !remapLocked()) {
                return false;
            }
            pins.addAndGet(count);
            return true;
        } finally {
            mappingLock.unlock();
        }
    }

    /** Gives back the reservation of {@code count} records: dispatched, or their append failed. */
    public void releaseUnits(int count) {
        pins.addAndGet(-count);
    }

    /**
     * Whether the files reach the unit of the last of {@code pinned} records past the max offset. Every record
     * reserved gets an offset below the max offset plus the pins: a unit dispatched moves one to the other.
     */
    private boolean covers(int pinned) {
        MappedSegment last = segments.last();
        return last != null && last.endOffset() >= (maxOffset + pinned) * ConsumeQueueEntry.SIZE;
    }

    /** Creates the files up to the unit of the last record pinned now. Mapping lock held, files mapped. */
    private boolean extendFiles() {
        int pinned = pins.get();
        long end = (maxOffset + pinned) * ConsumeQueueEntry.SIZE;
        MappedSegment last = segments.last();
        long next = last == null ? segments.baseOf(maxOffset * ConsumeQueueEntry.SIZE) : last.endOffset();
        while (next < end) {
            if (!mappings.reserve(this, 1)) {
                return false;
            }
            MappedSegment created;
            try {
                created = segments.create(next);
            } catch (MappingRefusedException refused) {
                mappings.returned(1);
                return false;
            }
            // a file past the queue's last, so a new one (loading maps every file of the queue)
            long firstUnit = Math.max(maxOffset * ConsumeQueueEntry.SIZE, created.baseOffset());
            QueueFileLayout.newFile(created, (int) (firstUnit - created.baseOffset()));
            segments.add(created);
            next = created.endOffset();
        }
        return true;
    }

    /** The segment for {@code position}, made now: recovery's replay (a reserved queue's file is made already). */
    private MappedSegment addSegmentFor(long position) {
        mappingLock.lock();
        try {
            ensureMapped();
            MappedSegment segment = segments.segmentFor(position);
            if (segment == null) {
                mappings.admit(this, 1);
                segment = segments.create(segments.baseOf(position));
                segments.add(segment);
            }
            return segment;
        } finally {
            mappingLock.unlock();
        }
    }

    /** Maps the released files again whatever the budget (recovery, before any other thread runs). */
    private void ensureMapped() {
        if (pins.get() != RELEASED) {
            return;
        }
        mappingLock.lock();
        try {
            if (pins.get() == RELEASED) {
                int files = segments.filesOnDisk();
                mappings.admit(this, files);
                loadReleased(files);
            }
        } finally {
            mappingLock.unlock();
        }
    }

    /** Maps the released files again; false when they cannot be now. Any thread. */
    private boolean remap() {
        mappingLock.lock();
        try {
            return !deleted && remapLocked();
        } finally {
            mappingLock.unlock();
        }
    }

    /** Maps the released files again within the budget; false when they cannot be now. Mapping lock held. */
    private boolean remapLocked() {
        if (pins.get() != RELEASED) {
            return true;
        }
        int files = segments.filesOnDisk();
        if (!mappings.reserve(this, files)) {
            return false;
        }
        try {
            loadReleased(files);
            return true;
        } catch (MappingRefusedException refused) {
            return false;
        }
    }

    /** Loads the released files, {@code files} mappings of the budget taken for them. Mapping lock held. */
    private void loadReleased(int files) {
        try {
            segments.load();
        } catch (RuntimeException failure) {
            mappings.returned(files);
            throw failure;
        }
        mappings.returned(files - segments.count()); // a file that does not belong was left unmapped
        releasedLastBase = -1;
        lastUse = mappings.now();
        pins.set(0);
    }

    /**
     * Lets go of the files' mappings if nothing needs them now: no record on its way here, no reader holding a file
     * (the dispatcher forcing them included), and the lock free (it is never waited for). Units written since the
     * last force are forced first. Returns how many mappings went. The budget only, when it is spent.
     *
     * @throws io.apogee.store.file.StoreIoException when that force fails (the store is fenced)
     */
    int releaseIfIdle() {
        if (!mappingLock.tryLock()) {
            return 0;
        }
        try {
            if (segments.count() == 0) {
                mappings.forget(this); // maps nothing: nothing to release
                return 0;
            }
            if (deleted || !pins.compareAndSet(0, RELEASED)) {
                return 0;
            }
            if (readerHolds()) {
                pins.set(0);
                return 0;
            }
            if (awaitingFlush) {
                forceAll(); // units the dispatcher's next force would have covered: it finds the files gone
            }
            rememberBounds();
            int count = segments.count();
            segments.close();
            mappings.returned(count);
            mappings.forget(this);
            return count;
        } finally {
            mappingLock.unlock();
        }
    }

    private void forceAll() {
        for (MappedSegment segment : segments.snapshot()) {
            segment.force(0, segment.capacity());
        }
    }

    private boolean readerHolds() {
        for (MappedSegment segment : segments.snapshot()) {
            if (segment.referenceCount() > 1) {
                return true;
            }
        }
        return false;
    }

    /** Keeps what retention asks of a released queue: where its files are, and its first and last unit's record. */
    private void rememberBounds() {
        MappedSegment first = segments.first();
        MappedSegment last = segments.last();
        releasedFirstBase = first == null ? 0 : first.baseOffset();
        releasedLastBase = last == null ? -1 : last.baseOffset();
        long min = minOffset;
        long max = maxOffset;
        releasedFirstPhysical = min < max ? physicalAt(min) : Long.MAX_VALUE;
        releasedLastPhysical = min < max ? physicalAt(max - 1) : Long.MIN_VALUE;
    }

    private long physicalAt(long queueOffset) {
        MappedSegment segment = segments.segmentFor(queueOffset * ConsumeQueueEntry.SIZE);
        if (segment == null) {
            return Long.MIN_VALUE;
        }
        return new ConsumeQueueEntry().wrap(segment.readBuffer(), positionIn(segment, queueOffset)).commitLogOffset();
    }

    /**
     * {@link #firstOffsetAtOrAfter} for a released queue when its remembered bounds answer it (retention asks every
     * queue after each commit-log deletion: an idle queue is not mapped for it); -1 otherwise.
     */
    private long firstOffsetWhileReleased(long physical) {
        if (pins.get() != RELEASED) {
            return -1;
        }
        mappingLock.lock();
        try {
            if (pins.get() != RELEASED) {
                return -1;
            }
            long min = minOffset;
            long max = maxOffset;
            if (min >= max || physical <= releasedFirstPhysical) {
                return min; // units at or past min are no older than the first one remembered
            }
            return physical > releasedLastPhysical ? max : -1;
        } finally {
            mappingLock.unlock();
        }
    }

    private void touch() {
        long now = mappings.now();
        if (lastUse != now) {
            lastUse = now;
        }
    }

    /** The recency stamp of the last use (see {@link QueueMappings}). */
    long lastUse() {
        return lastUse;
    }

    /** How many files the queue holds mapped now (0 while released). */
    public int mappedFiles() {
        return pins.get() == RELEASED ? 0 : segments.count();
    }
}
