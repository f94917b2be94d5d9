package io.apogee.store.commitlog;

import io.apogee.common.agent.Agent;
import io.apogee.common.agent.ErrorHandler;
import io.apogee.common.time.Clock;
import io.apogee.store.dispatch.DispatchEntry;
import io.apogee.store.dispatch.DispatchRing;
import io.apogee.store.file.DiskFence;
import io.apogee.store.file.MappedSegment;
import io.apogee.store.file.SegmentSet;
import io.apogee.store.file.StoreIoException;
import io.apogee.store.queue.LogicalQueue;
import io.apogee.store.queue.QueueTable;
import io.apogee.wire.message.record.RecordStatus;
import io.apogee.wire.message.record.RecordValidator;
import io.apogee.wire.message.record.StoredRecord;
import io.apogee.wire.message.record.StoredRecordWriter;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * The single writer of the commit log (group commit). Producers {@link #submit} requests from any thread into a
 * preallocated ring; each duty cycle the appender takes everything waiting (up to a batch), stamps each request
 * with the time it was taken (never earlier than its submission, which a delay level counts from), assigns each
 * record its physical offset and queue offsets, has the request describe the record into the appender's one writer
 * and writes it into the mapped segment (rolling to the next segment behind BLANK padding when it does not fit), hands each
 * record to the dispatcher, publishes the new end of the log with one volatile write, and completes the callers:
 * at once in ASYNC mode, through the {@link Flusher} after the covering force in SYNC mode.
 *
 * <p>Threads: {@link #submit} is safe for any thread; {@link #doWork()} and all write state belong to the one
 * thread running this agent.
 */
public final class Appender implements Agent {
    private final CommitLog log;
    private final SegmentSet segments;
    private final CommitLogConfig config;
    private final AppendRing ring;
    private final DispatchRing dispatch;
    private final QueueTable queues;
    private final Clock clock;
    private final DiskFence fence;
    private final BooleanSupplier diskFull;
    private final ErrorHandler errors;
    private final RecordInspector inspector;
    private final RecordValidator validator;
    private final StoredRecordWriter writer = new StoredRecordWriter();
    private volatile boolean closed;
    private volatile long appendedSequence;
    private long cursor;
    private long writePosition;
    private MappedSegment segment;

    /**
     * @param log      the commit log, positioned by {@link CommitLog#resumeAt}
     * @param dispatch the hand-over to the dispatcher
     * @param queues   the queues whose offsets are assigned here
     * @param clock    the store time
     * @param fence    the store's disk fence
     * @param diskFull whether the disk is too full to append
     * @param errors   where callback bugs are reported
     */
    public Appender(CommitLog log, DispatchRing dispatch, QueueTable queues, Clock clock, DiskFence fence,
        BooleanSupplier diskFull, ErrorHandler errors) {
        this.log = Objects.requireNonNull(log, "log");
        this.segments = log.segments();
        this.config = log.config();
        this.ring = new AppendRing(config.ringCapacity());
        this.dispatch = Objects.requireNonNull(dispatch, "dispatch");
        this.queues = Objects.requireNonNull(queues, "queues");
        this.inspector = new RecordInspector(queues.tagsCodeRule());
        this.clock = Objects.requireNonNull(clock, "clock");
        this.fence = Objects.requireNonNull(fence, "fence");
        this.diskFull = Objects.requireNonNull(diskFull, "diskFull");
        this.errors = Objects.requireNonNull(errors, "errors");
        this.writePosition = log.publishedPosition();
        this.validator = new RecordValidator(config.maxRecordSize());
    }

    /**
     * Queues {@code request} for the appender. {@link AppendStatus#ACCEPTED} means {@code onAppended} will follow;
     * any other status is final and {@code onAppended} will not be called. Any thread; never blocks.
     */
    public AppendStatus submit(AppendRequest request) {
        if (closed) {
            return AppendStatus.CLOSED;
        }
        if (fence.isFailed()) {
            return AppendStatus.STORE_FAILED;
        }
        if (diskFull.getAsBoolean()) {
            return AppendStatus.DISK_FULL;
        }
        if (!QueueTable.isValidQueue(request.topic(), request.queueId())) {
            return AppendStatus.BAD_QUEUE;
        }
        int count = request.recordCount();
        long total = 0;
        for (int i = 0; i < count; i++) {
            int size = request.recordSize(i);
            if (size < StoredRecord.MIN_RECORD_SIZE) {
                return AppendStatus.RECORD_INVALID;
            }
            if (size > config.maxRecordSize()) {
                return AppendStatus.RECORD_TOO_LARGE;
            }
            total += size;
        }
        if (count < 1 || total != request.totalSize() || total > config.segmentSize() - StoredRecord.BLANK_LENGTH
            || count > dispatch.capacity()) {
            return AppendStatus.RECORD_TOO_LARGE;
        }
        LogicalQueue queue = null;
        if (request.toConsumeQueue()) {
            // the queue's file is made and mapped here, on the submitter's thread, not on the dispatcher's
            queue = queues.getOrCreate(request.topic(), request.queueId());
            if (!queue.units().reserveUnits(count)) {
                return AppendStatus.QUEUE_UNAVAILABLE;
            }
        }
        if (ring.offer(request, queue)) {
            return AppendStatus.ACCEPTED;
        }
        if (queue != null) {
            queue.units().releaseUnits(count);
        }
        return AppendStatus.BUSY;
    }

    /** Refuses further submits; requests already queued are still written. */
    public void close() {
        closed = true;
    }

    /** The ring sequence below which every request has been written (or failed). Any thread. */
    long appendedSequence() {
        return appendedSequence;
    }

    AppendRing ring() {
        return ring;
    }

    /** Requests submitted and not yet released (written and completed). Any thread. */
    public long inFlight() {
        return ring.inFlight();
    }

    /**
     * Writes one batch. An {@link Error} on the way (the InternalError of a fault on a mapped write when the disk
     * filled between checks, an OutOfMemoryError) leaves the batch half written: it is taken back, the store is
     * fenced, and the Error is thrown once for the runner to report. The next cycles answer every waiting request
     * STORE_FAILED.
     */
    @Override
    public int doWork() {
        long start = cursor;
        long dispatchMark = dispatch.producerPosition();
        try {
            return writeBatch(start);
        } catch (Error fault) {
            writePosition = log.publishedPosition();
            dispatch.producerRollback(dispatchMark);
            fence.trip(roleName(), null, fault);
            throw fault;
        }
    }

    private int writeBatch(long start) {
        long sequence = start;
        while (sequence - start < config.maxBatch()) {
            AppendSlot slot = ring.publishedSlot(sequence);
            // a fenced store writes nothing: its requests fail without waiting for room in the hand-over
            if (slot == null || !dispatch.producerHasRoom(slot.request.recordCount()) && !fence.isFailed()) {
                break;
            }
            // read after the slot was seen: a batch of large records takes milliseconds, and a request submitted
            // during it must not get a store time from before its submission (it would be delivered early)
            append(slot, clock.millis());
            sequence++;
        }
        if (sequence == start) {
            return 0;
        }
        writer.reset(); // no reference to a completed request's buffers outlives the cycle
        log.publish(writePosition);
        dispatch.producerPublish();
        cursor = sequence;
        completeWritten(start, sequence);
        return (int) (sequence - start);
    }

    private void completeWritten(long from, long to) {
        boolean sync = config.flushMode() == FlushMode.SYNC;
        for (long sequence = from; sequence < to; sequence++) {
            AppendSlot slot = ring.slot(sequence);
            if (!sync || !slot.awaitsForce()) {
                slot.complete(null, errors);
            }
        }
        if (sync) {
            appendedSequence = to;
        } else {
            ring.release(to);
        }
    }

    private void append(AppendSlot slot, long now) {
        AppendRequest request = slot.request;
        if (fence.isFailed()) {
            fail(slot, AppendStatus.STORE_FAILED);
            return;
        }
        if (diskFull.getAsBoolean()) {
            fail(slot, AppendStatus.DISK_FULL);
            return;
        }
        int total = request.totalSize();
        try {
            ensureRoom(total);
        } catch (StoreIoException failure) {
            fail(slot, AppendStatus.STORE_FAILED);
            return;
        }
        LogicalQueue queue = slot.queue;
        boolean toQueue = queue != null;
        int count = request.recordCount();
        long firstQueueOffset = toQueue ? queue.assignOffsets(count) : 0;
        long first = writePosition;
        long dispatchMark = dispatch.producerPosition();
        if (!writeRecords(request, queue, count, firstQueueOffset, now) || writePosition - first != total) {
            rollback(first, total, dispatchMark);
            if (toQueue) {
                queue.unassignOffsets(count);
            }
            fail(slot, AppendStatus.RECORD_INVALID);
            return;
        }
        slot.appended(first, firstQueueOffset, now, writePosition);
    }

    /** Fails the slot's request, giving back the units it reserved in its queue. */
    private static void fail(AppendSlot slot, AppendStatus status) {
        if (slot.queue != null) {
            slot.queue.units().releaseUnits(slot.request.recordCount());
        }
        slot.failed(status);
    }

    private boolean writeRecords(AppendRequest request, LogicalQueue queue, int count, long firstQueueOffset, long now) {
        ByteBuffer buffer = segment.writeBuffer();
        boolean toQueue = queue != null;
        for (int i = 0; i < count; i++) {
            int size = request.recordSize(i);
            int position = (int) (writePosition - segment.baseOffset());
            long queueOffset = toQueue ? firstQueueOffset + i : 0;
            DispatchEntry entry = dispatch.producerClaim().stamp(request.topic(), request.queueId(), queueOffset,
                writePosition, size, now, toQueue).queue(queue);
            writer.reset().queueOffset(queueOffset).physicalOffset(writePosition).storeTimestamp(now);
            try {
                request.describeRecord(i, writer);
            } catch (RuntimeException describerBug) {
                errors.onError("apogee-appender", describerBug);
                return false;
            }
            // set again: the description owns every field but these
            writer.queueOffset(queueOffset).physicalOffset(writePosition).storeTimestamp(now);
            if (!writer.writeExactly(buffer, position, size)) {
                return false; // a description that differs from its declared size must not write past its room
            }
            if (validator.check(buffer, position, position + size, false) != RecordStatus.VALID) {
                return false;
            }
            inspector.inspect(buffer, position, entry);
            writePosition += size;
        }
        return true;
    }

    /** Forgets a request that wrote badly: zeroes its bytes and takes back its dispatch entries. */
    private void rollback(long first, int total, long dispatchMark) {
        ByteBuffer buffer = segment.writeBuffer();
        int from = (int) (first - segment.baseOffset());
        int to = (int) Math.min(segment.capacity(), (long) from + total);
        for (int i = from; i < to; i++) {
            buffer.put(i, (byte) 0);
        }
        writePosition = first;
        dispatch.producerRollback(dispatchMark);
    }

    /** Makes sure {@code total} bytes plus a padding header fit in the current segment, rolling if not. */
    private void ensureRoom(int total) {
        if (segment == null) {
            segment = segments.segmentFor(writePosition);
            if (segment == null) {
                segment = log.preallocator().take(segments.baseOf(writePosition));
                segments.add(segment);
            }
        }
        long remaining = segment.endOffset() - writePosition;
        if (total + StoredRecord.BLANK_LENGTH <= remaining) {
            return;
        }
        StoredRecord.writeBlank(segment.writeBuffer(), (int) (writePosition - segment.baseOffset()), (int) remaining);
        writePosition = segment.endOffset();
        log.publish(writePosition);
        MappedSegment next = log.preallocator().take(writePosition);
        segments.add(next);
        segment = next;
    }

    @Override
    public String roleName() {
        return "apogee-appender";
    }
}
