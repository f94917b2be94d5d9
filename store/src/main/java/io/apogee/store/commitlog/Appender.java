package io.apogee.store.commitlog;

import io.apogee.common.agent.SleepingAgent;
import io.apogee.common.agent.ErrorHandler;
import io.apogee.common.time.Clock;
import io.apogee.store.dispatch.DispatchEntry;
import io.apogee.store.dispatch.DispatchRing;
import io.apogee.store.file.DiskFence;
import io.apogee.store.file.MappedSegment;
import io.apogee.store.file.SegmentSet;
import io.apogee.store.file.StoreIoException;
import io.apogee.store.queue.ConsumeQueue;
import io.apogee.store.queue.LogicalQueue;
import io.apogee.store.queue.QueueTable;
import io.apogee.wire.message.record.RecordStatus;
import io.apogee.wire.message.record.RecordValidator;
import io.apogee.wire.message.record.StoredRecord;
import io.apogee.wire.message.record.StoredRecordWriter;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

/**
 * The writer of the commit log and the consume queues, by flat combining. Producers {@link #submit} requests from
 * any thread into a preallocated ring; whoever then takes the write turn (one thread at a time) writes everything
 * waiting, its own request and those of others. Per request it stamps the time it was taken (never earlier than its
 * submission, which a delay level counts from), assigns the physical offset and queue offsets, has the request
 * describe each record into the one writer and writes it into the mapped segment (rolling to the next segment behind
 * BLANK padding when it does not fit); in SYNC mode the batch's records gather in {@link StagedRecords} instead and go
 * into the file with one write call before the publish, because pages dirtied through the mapping sync slower. Per batch it publishes the new end of the log with one volatile write, then
 * writes each record's consume-queue unit and publishes the queue's new max offset, wakes the queue's held pulls
 * when some wait, hands each record to the dispatcher (key index, consume-queue forces), and completes the callers:
 * at once in ASYNC mode, through the {@link Flusher} after the covering force in SYNC mode.
 *
 * <p>Run to completion: once {@link #runToCompletion} is on (the store runs), {@link #submit} takes the turn on the
 * submitting thread when it is free, so an uncontended send is written, queued and completed on the thread that read
 * it. When another thread holds the turn, the submit returns at once: that thread writes the request before it lets
 * go. Off (a test driving the store by hand), requests wait for {@link #doWork()}.
 *
 * <p>Threads: {@link #submit} and {@link #deleteTopic} are safe for any thread; the write state belongs to the holder
 * of the turn, which the turn's atomic hand-over publishes to the next holder.
 */
public final class Appender implements SleepingAgent {
    private static final String QUEUE_WRITE = "apogee-consume-queue";
    private static final String ARRIVAL = "apogee-arrival";

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
    /** SYNC: where a batch's records gather before one write into the file; null in ASYNC (written through the mapping). */
    private final StagedRecords staged;
    private final WriteTurn turn = new WriteTurn();
    private final Queue<TopicDeletion> deletions = new ConcurrentLinkedQueue<>();
    private final QueueFileMaker fileMaker = new QueueFileMaker(this);
    private final ReplicaAppend replica;
    private final int dispatchBacklog;
    private volatile boolean closed;
    /** Whether this is a slave's replica, which takes only {@link #appendReplicated} and refuses every submit. */
    private volatile boolean replicaOnly;
    private volatile boolean tooFewReplicas;
    private volatile boolean runToCompletion;
    /** Whether the flusher completes written requests after a slave confirmed them (a SYNC_MASTER), in ASYNC mode too. */
    private volatile boolean awaitReplicas;
    /** Whether a submit that needs a new consume-queue file parks with the {@link #fileMaker} (the store runs). */
    private volatile boolean makeFilesInBackground;
    private volatile long appendedSequence;
    private volatile long cursor;
    private Runnable wakeDispatcher = () -> { };
    private Runnable nudgeDispatcher = () -> { };
    private Runnable wakeFlusher = () -> { };
    private volatile Runnable logGrown = () -> { };
    private long writePosition;
    private MappedSegment segment;

    /**
     * @param log      the commit log, positioned by {@link CommitLog#resumeAt}
     * @param dispatch the hand-over to the dispatcher
     * @param queues   the queues whose offsets are assigned and whose units are written here
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
        this.dispatchBacklog = Math.max(1, dispatch.capacity() / 4);
        this.staged = config.flushMode() == FlushMode.SYNC ? new StagedRecords(config.maxRecordSize()) : null;
        this.replica = new ReplicaAppend(log, dispatch, queues, inspector, config.maxRecordSize());
    }

    /**
     * Has submitting threads write (see the class comment), and names who is told of new work: the dispatcher when
     * its hand-over fills a quarter or more (or has no room), nudged (woken unless its sleep ends within its
     * batching delay) when a batch lands in an empty hand-over, and the flusher after each SYNC batch. Call before
     * any submit of the running store.
     */
    public void runToCompletion(Runnable dispatcherWake, Runnable dispatcherNudge, Runnable flusherWake) {
        this.wakeDispatcher = Objects.requireNonNull(dispatcherWake, "dispatcherWake");
        this.nudgeDispatcher = Objects.requireNonNull(dispatcherNudge, "dispatcherNudge");
        this.wakeFlusher = Objects.requireNonNull(flusherWake, "flusherWake");
        this.runToCompletion = true;
    }

    /**
     * Runs {@code listener} on the writing thread after each batch of records is published: a replica's sender waits
     * for it rather than polling. It must return at once. Any thread.
     */
    public void onLogGrowth(Runnable listener) {
        this.logGrown = Objects.requireNonNull(listener, "listener");
    }

    /**
     * Has {@link #queueFileMaker()}, woken with {@code wake}, make the new consume-queue files that submits need,
     * while their requests park. Call before any submit of the running store.
     */
    public void makeQueueFilesInBackground(Runnable wake) {
        fileMaker.wakeWith(wake);
        this.makeFilesInBackground = true;
    }

    /**
     * Has the first files of {@code queues} made in the background before sends need them (a topic just created),
     * when files are made in the background at all. Any thread.
     */
    public void prepareQueueFiles(Iterable<LogicalQueue> queues) {
        if (makeFilesInBackground) {
            for (LogicalQueue queue : queues) {
                fileMaker.prepare(queue);
            }
        }
    }

    /** The agent that makes new consume-queue files for parked submits; runs on a thread that may wait for a disk. */
    public SleepingAgent queueFileMaker() {
        return fileMaker;
    }

    /**
     * Queues {@code request} and, running to completion, writes it now unless another thread is writing.
     * {@link AppendStatus#ACCEPTED} means {@code onAppended} follows (it may already have run, on this thread); any
     * other status is final and {@code onAppended} will not be called. Any thread; never waits for another thread.
     */
    public AppendStatus submit(AppendRequest request) {
        AppendStatus refusal = refusal(request);
        if (refusal != null) {
            return refusal;
        }
        LogicalQueue queue = null;
        if (request.toConsumeQueue()) {
            queue = queues.getOrCreate(request.topic(), request.queueId());
            AppendStatus parkedOrRefused = reserve(queue, request);
            if (parkedOrRefused != null) {
                return parkedOrRefused;
            }
        }
        AppendStatus status = enqueue(request, queue);
        if (status == AppendStatus.ACCEPTED && runToCompletion) {
            writeWaiting();
        }
        return status;
    }

    /**
     * Reserves the request's consume-queue units, the queue's files mapped (never under the write turn). A new file
     * is made by the file maker once the store runs (the request parks there, as do later ones to the queue until it
     * hands them back), else here. Null when reserved; otherwise ACCEPTED (parked) or the refusal.
     */
    private AppendStatus reserve(LogicalQueue queue, AppendRequest request) {
        boolean background = makeFilesInBackground;
        if (background && queue.fileAwaited() && fileMaker.park(queue, request, true)) {
            return AppendStatus.ACCEPTED;
        }
        return switch (queue.units().reserveUnits(request.recordCount(), !background)) {
            case RESERVED -> null;
            case NEEDS_FILE -> fileMaker.park(queue, request, false) ? AppendStatus.ACCEPTED : AppendStatus.CLOSED;
            case UNAVAILABLE -> AppendStatus.QUEUE_UNAVAILABLE;
        };
    }

    /** Puts a request whose units are reserved into the ring: ACCEPTED, or BUSY with the units given back. */
    private AppendStatus enqueue(AppendRequest request, LogicalQueue queue) {
        if (ring.offer(request, queue)) {
            return AppendStatus.ACCEPTED;
        }
        if (queue != null) {
            queue.units().releaseUnits(request.recordCount());
        }
        return AppendStatus.BUSY;
    }

    /**
     * Hands back a request the file maker held, with its units' {@code reservation}: into the ring, or answered with
     * the refusal its submit would have got (its submitter was told ACCEPTED). The file maker's thread.
     */
    void resubmit(AppendRequest request, LogicalQueue queue, ConsumeQueue.Reservation reservation) {
        boolean reserved = reservation == ConsumeQueue.Reservation.RESERVED;
        AppendStatus refusal = refusal(request);
        if (refusal == null) {
            refusal = reserved ? enqueue(request, queue) : AppendStatus.QUEUE_UNAVAILABLE;
        } else if (reserved) {
            queue.units().releaseUnits(request.recordCount());
        }
        if (refusal != AppendStatus.ACCEPTED) {
            fail(request, refusal);
        }
    }

    /** Writes what the file maker handed back, when requests run to completion (else an agent writes it). */
    void writeResubmitted() {
        if (runToCompletion) {
            writeWaiting();
        }
    }

    /** Completes a request that was told ACCEPTED with a refusal; a callback's failure is reported, never thrown. */
    void fail(AppendRequest request, AppendStatus status) {
        try {
            request.onAppended(status, -1, -1, 0);
        } catch (RuntimeException failure) {
            errors.onError(roleName(), failure);
        }
    }

    private AppendStatus refusal(AppendRequest request) {
        if (closed) {
            return AppendStatus.CLOSED;
        }
        if (replicaOnly) {
            return AppendStatus.REPLICA_ONLY;
        }
        if (tooFewReplicas) {
            return AppendStatus.IN_SYNC_REPLICAS_NOT_ENOUGH;
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
        return null;
    }

    /**
     * Writes batches on the calling thread while work waits and the turn is free. After letting go, it looks again:
     * a request queued while it wrote, whose submitter found the turn taken, is this thread's to write. A batch that
     * wrote nothing (the dispatcher's hand-over is full) ends it; the dispatcher's thread, told, writes the rest.
     */
    private void writeWaiting() {
        while (hasWaiting() && turn.tryTake()) {
            int written = 0;
            try {
                written = writeBatch();
            } catch (RuntimeException | Error failure) {
                // the store is fenced and the failure must be heard: the thread here is a request's, not an agent's
                errors.onError(roleName(), failure);
                written = 1;
            } finally {
                turn.release();
            }
            if (written == 0) {
                // told after letting go: the dispatcher's thread then finds the turn free when it looks
                wakeDispatcher.run();
                return;
            }
        }
    }

    /**
     * A replica's append: writes {@code bytes}, commit-log bytes as a master holds them, at commit-log offset
     * {@code offset}, which must be {@link #replicaEnd()} (or, while the replica holds nothing, a segment's start
     * above 0, where its log then begins: see {@link #replicaMayBeginAt}). The complete records among them are
     * published, their consume-queue units written and their held pulls woken, and they go to the dispatcher for the
     * index, as records this appender encodes do; a record cut at the end waits for the rest (see
     * {@link ReplicaAppend}). The records keep every byte the master gave them: offsets, store time and host. Waits
     * for the write turn, and for room in the dispatcher's hand-over. The replication thread of a slave only, whose
     * store takes no submits.
     */
    public ReplicaStatus appendReplicated(long offset, ByteBuffer bytes) {
        if (closed) {
            return ReplicaStatus.CLOSED;
        }
        while (!turn.tryTake()) {
            Thread.onSpinWait(); // only a topic deletion or the closing store holds it on a replica
        }
        try {
            if (fence.isFailed()) {
                return ReplicaStatus.STORE_FAILED;
            }
            if (offset != replica.receivedEnd()) {
                if (!replica.mayBeginAt(offset)) {
                    return ReplicaStatus.OFFSET_MISMATCH;
                }
                replica.beginAt(offset);
            }
            replica.copy(bytes);
            return publishReplicated();
        } catch (StoreIoException | Error fault) {
            fence.trip(roleName(), null, fault);
            return ReplicaStatus.STORE_FAILED;
        } finally {
            turn.release();
        }
    }

    /**
     * Whether the sync-state set holds enough replicas: while it does not, every submit is refused with
     * {@link AppendStatus#IN_SYNC_REPLICAS_NOT_ENOUGH}. Any thread.
     */
    public void enoughReplicas(boolean enough) {
        tooFewReplicas = !enough;
    }

    /** Makes this a slave's replica: from now on every submit is refused with {@link AppendStatus#REPLICA_ONLY}. */
    public void replicaOnly() {
        replicaOnly = true;
    }

    /**
     * Whether this replica holds no byte yet and {@link #appendReplicated} would begin its log at {@code offset} (a
     * segment's start above 0). The replication thread.
     */
    public boolean replicaMayBeginAt(long offset) {
        return replica.mayBeginAt(offset);
    }

    /** Where a replica's next bytes must start: past every byte received. Any thread after an append returned. */
    public long replicaEnd() {
        return replica.receivedEnd();
    }

    private ReplicaStatus publishReplicated() {
        long from = log.publishedPosition();
        while (true) {
            long dispatchMark = dispatch.producerPosition();
            long end = replica.readRecords(log.publishedPosition());
            if (end != log.publishedPosition()) {
                log.publish(end);
                Throwable queueFailure = writeUnits(dispatchMark, dispatch.producerPosition());
                dispatch.producerPublish();
                if (queueFailure != null) {
                    return ReplicaStatus.STORE_FAILED;
                }
            }
            if (replica.stop() != null) {
                resumeWritesAt(end);
                return replica.stop();
            }
            if (!replica.needsRoom() || !awaitDispatchRoom()) {
                break;
            }
        }
        resumeWritesAt(log.publishedPosition());
        if (log.publishedPosition() != from && runToCompletion) {
            nudgeDispatcher.run();
        }
        return fence.isFailed() ? ReplicaStatus.STORE_FAILED : ReplicaStatus.APPENDED;
    }

    /** Waits for the dispatcher to free room in its hand-over; false when the store failed meanwhile. */
    private boolean awaitDispatchRoom() {
        wakeDispatcher.run();
        while (!dispatch.producerHasRoom(1)) {
            if (fence.isFailed() || closed) {
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
    }

    /** Points the encoding writer at the replica's log end, in case this store takes submits later. */
    private void resumeWritesAt(long position) {
        writePosition = position;
        segment = null;
    }

    /** Whether a request or a topic deletion waits to be written. Any thread. */
    public boolean hasWaiting() {
        return ring.publishedSlot(cursor) != null || !deletions.isEmpty();
    }

    /**
     * 0 when a request waits and nobody holds the turn (a submitting thread that found the dispatcher's hand-over full
     * left it to this agent's thread); otherwise the holder writes what waits, and only a ring brings work here.
     */
    @Override
    public long nanosToNextWork() {
        return hasWaiting() && !turn.isHeld() ? 0 : NO_DEADLINE;
    }

    /** Refuses further submits and answers parked ones CLOSED; requests already queued are still written. */
    public void close() {
        closed = true;
        fileMaker.closeAll(AppendStatus.CLOSED);
    }

    /**
     * Takes the turn for good, waiting while another thread holds it (the store is closing: nothing may write after
     * its files are unmapped). From then on only this thread's {@link #doWork()} writes. Returns at once if the
     * calling thread holds it already.
     */
    public void seal() {
        turn.takeForGood();
    }

    /**
     * Leaves the completion of written requests to the flusher, which waits for a slave's confirmation (a SYNC_MASTER).
     * Call before the store starts.
     */
    public void awaitReplicas() {
        this.awaitReplicas = true;
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
     * Deletes the consume-queue files of {@code removed}, the queues just taken out of the table for {@code topic},
     * on the next write turn, then the directories left empty: under the turn, so no append to them runs meanwhile.
     * Any thread.
     */
    public void deleteTopic(String topic, LogicalQueue[] removed) {
        deletions.add(new TopicDeletion(topic, removed));
        if (runToCompletion) {
            writeWaiting();
        }
    }

    /**
     * Writes one batch if the turn is free (or sealed by this thread). An {@link Error} on the way (the InternalError of
     * a fault on a mapped write when the disk filled between checks, an OutOfMemoryError) leaves the batch half
     * written: it is taken back, the store is fenced, and the Error is thrown once for the runner to report. The next
     * batches answer every waiting request STORE_FAILED. A failure writing a consume-queue unit fences the store too
     * (recovery rebuilds the units from the log); the records already in the log complete as appended.
     */
    @Override
    public int doWork() {
        if (!turn.tryTake()) {
            return 0;
        }
        try {
            return writeBatch();
        } finally {
            turn.release();
        }
    }

    private int writeBatch() {
        int deleted = deletePending();
        boolean handOverWasEmpty = dispatch.producerBacklog() == 0;
        long start = cursor;
        long dispatchMark = dispatch.producerPosition();
        long sequence;
        try {
            sequence = writeRecords(start);
            if (staged != null) {
                staged.writeOut(); // before the publish: readers and the flusher find the records in the file
            }
        } catch (StoreIoException | Error fault) {
            // a failed write of staged records fenced the store already; the next batch fails these requests
            writePosition = log.publishedPosition();
            if (staged != null) {
                staged.discardFrom(writePosition);
            }
            dispatch.producerRollback(dispatchMark);
            fence.trip(roleName(), null, fault);
            throw fault;
        }
        if (sequence == start) {
            return deleted;
        }
        writer.reset(); // no reference to a completed request's buffers outlives the batch
        log.publish(writePosition);
        logGrown.run();
        Throwable queueFailure = writeUnits(dispatchMark, dispatch.producerPosition());
        dispatch.producerPublish();
        cursor = sequence;
        completeWritten(start, sequence);
        if (runToCompletion && dispatch.producerBacklog() >= dispatchBacklog) {
            wakeDispatcher.run();
        } else if (runToCompletion && handOverWasEmpty) {
            nudgeDispatcher.run();
        }
        if (queueFailure instanceof Error error) {
            throw error;
        }
        if (queueFailure != null) {
            throw (RuntimeException) queueFailure;
        }
        return deleted + (int) (sequence - start);
    }

    private long writeRecords(long start) {
        long sequence = start;
        while (sequence - start < config.maxBatch()) {
            AppendSlot slot = ring.publishedSlot(sequence);
            if (slot == null) {
                break;
            }
            // a fenced store writes nothing: its requests fail without waiting for room in the hand-over
            if (!dispatch.producerHasRoom(slot.request.recordCount()) && !fence.isFailed()) {
                break;
            }
            // read after the slot was seen: a batch of large records takes milliseconds, and a request submitted
            // during it must not get a store time from before its submission (it would be delivered early)
            append(slot, clock.millis());
            sequence++;
        }
        return sequence;
    }

    /**
     * Writes the consume-queue units of the records claimed from {@code from} to {@code to}, each after the log end
     * that covers it was published, and wakes the held pulls of each queue that has some. Returns what failed the
     * store (it is fenced then, and no later unit is written), or null.
     */
    private Throwable writeUnits(long from, long to) {
        for (long sequence = from; sequence < to; sequence++) {
            DispatchEntry entry = dispatch.producerEntry(sequence);
            LogicalQueue queue = entry.queue();
            if (!entry.toConsumeQueue() || queue == null) {
                continue;
            }
            ConsumeQueue units = queue.units();
            try {
                if (!units.append(entry.queueOffset(), entry.physicalOffset(), entry.size(), entry.tagsCode())) {
                    continue;
                }
            } catch (RuntimeException | Error failure) {
                fence.trip(QUEUE_WRITE, null, failure);
                return failure;
            }
            if (queue.waiters().count() > 0) {
                wake(queue, units.maxOffset());
            }
        }
        return null;
    }

    private void wake(LogicalQueue queue, long maxOffset) {
        try {
            queue.waiters().wake(queue.topic(), queue.queueId(), maxOffset);
        } catch (RuntimeException | Error listenerBug) {
            // a listener only hands its pull to its own thread: its failure is reported, the appends go on
            errors.onError(ARRIVAL, listenerBug);
        }
    }

    private int deletePending() {
        int deleted = 0;
        for (TopicDeletion deletion = deletions.poll(); deletion != null; deletion = deletions.poll()) {
            for (LogicalQueue queue : deletion.queues()) {
                if (queue != null) {
                    queue.units().delete();
                    deleted++;
                }
            }
            queues.deleteEmptyDirectories(deletion.topic());
        }
        return deleted;
    }

    /** A topic whose queues wait for deletion. */
    private record TopicDeletion(String topic, LogicalQueue[] queues) {
    }

    private void completeWritten(long from, long to) {
        boolean held = config.flushMode() == FlushMode.SYNC || awaitReplicas;
        for (long sequence = from; sequence < to; sequence++) {
            AppendSlot slot = ring.slot(sequence);
            if (!held || !slot.awaitsCompletion()) {
                slot.complete(null, errors);
            }
        }
        if (held) {
            appendedSequence = to;
            if (runToCompletion) {
                wakeFlusher.run();
            }
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
        if (staged != null && rollsOver(total)) {
            staged.writeOut(); // outside the catch below: a failure here undoes the whole batch (writeBatch)
        }
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
        boolean toQueue = queue != null;
        for (int i = 0; i < count; i++) {
            int size = request.recordSize(i);
            ByteBuffer buffer = staged != null ? staged.bufferFor(segment, writePosition, size) : segment.writeBuffer();
            int position = staged != null ? staged.position(writePosition) : (int) (writePosition - segment.baseOffset());
            long queueOffset = toQueue ? firstQueueOffset + i : 0;
            DispatchEntry entry = dispatch.producerClaim().stamp(request.topic(), request.queueId(), queueOffset,
                writePosition, size, now, toQueue).queue(queue);
            writer.reset().queueOffset(queueOffset).physicalOffset(writePosition).storeTimestamp(now);
            try {
                request.describeRecord(i, writer);
            } catch (RuntimeException describerBug) {
                errors.onError(roleName(), describerBug);
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
            if (staged != null) {
                staged.stagedTo(writePosition);
            }
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
        if (staged != null) {
            staged.discardFrom(first);
        }
        dispatch.producerRollback(dispatchMark);
    }

    /** Whether {@code total} bytes plus a padding header would not fit in the current segment. */
    private boolean rollsOver(int total) {
        return segment != null && total + StoredRecord.BLANK_LENGTH > segment.endOffset() - writePosition;
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
        segment.endWrites();
        segment = next;
    }

    @Override
    public String roleName() {
        return "apogee-appender";
    }

    /**
     * The right to write: one thread at a time, taken without waiting. The atomic hand-over orders each holder's
     * writes before the next holder's reads. Sealed, it stays with its last holder for good.
     */
    private static final class WriteTurn {
        private final AtomicReference<Thread> holder = new AtomicReference<>();
        private volatile boolean sealed;

        boolean tryTake() {
            Thread me = Thread.currentThread();
            if (sealed) {
                return holder.get() == me;
            }
            return holder.compareAndSet(null, me);
        }

        void release() {
            if (!sealed) {
                holder.set(null);
            }
        }

        boolean isHeld() {
            return holder.get() != null;
        }

        void takeForGood() {
            Thread me = Thread.currentThread();
            while (holder.get() != me && !holder.compareAndSet(null, me)) {
                Thread.onSpinWait();
            }
            sealed = true;
        }
    }
}
