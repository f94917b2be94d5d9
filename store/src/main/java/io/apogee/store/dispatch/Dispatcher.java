package io.apogee.store.dispatch;

import io.apogee.common.agent.Agent;
import io.apogee.common.time.Clock;
import io.apogee.store.file.DiskFence;
import io.apogee.store.file.MappedSegment;
import io.apogee.store.file.SegmentSet;
import io.apogee.store.index.MessageIndex;
import io.apogee.store.queue.ConsumeQueue;
import io.apogee.store.queue.LogicalQueue;
import io.apogee.store.queue.QueueTable;
import java.util.Arrays;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The agent that turns the appender's hand-over into consume-queue units and message-index entries: for each published
 * {@link DispatchEntry} it writes the unit of the record's queue, publishes the queue's new max offset, and wakes
 * the queue's long-polling waiters. It never reads the commit log. Consume queues written since the last flush
 * are forced every flush interval, at most {@value #MAX_FORCES_PER_CYCLE} per duty cycle between batches: a flush
 * after thousands of new queues (one force each) would otherwise hold every dispatch for seconds. The queues of a deleted topic are deleted here too, before the next batch, so
 * that no append of theirs runs meanwhile and a queue of the same name made later starts on fresh files.
 *
 * <p>Single-threaded: the only writer of every consume queue; driven by its runner or by a test.
 */
public final class Dispatcher implements Agent {
    private static final int INITIAL_FLUSH_LIST = 64;
    /** The most consume queues forced in one duty cycle. */
    static final int MAX_FORCES_PER_CYCLE = 32;

    private final DispatchRing ring;
    private final QueueTable queues;
    private final Clock clock;
    private final DiskFence fence;
    private final MessageIndex index;
    private final SegmentSet logSegments;
    private final long flushIntervalMillis;
    private final int maxBatch;
    private final Queue<TopicDeletion> deletions = new ConcurrentLinkedQueue<>();
    /** The queues written since the current flush round began: the next round's. */
    private ConsumeQueue[] flushList = new ConsumeQueue[INITIAL_FLUSH_LIST];
    private int flushListSize;
    /** The current round's queues, forced from {@link #roundNext} on; the round is over when it reaches the size. */
    private ConsumeQueue[] round = new ConsumeQueue[INITIAL_FLUSH_LIST];
    private int roundSize;
    private int roundNext;
    /** The dispatched offset when the current round began: on the device once the round is over. */
    private long roundCovered;
    /** The log segment the key bytes are read from, retained for the rest of the batch rather than per record. */
    private MappedSegment keySegment;
    private long lastFlushMillis;
    private volatile long dispatchedOffset;
    private volatile long forcedOffset;

    /**
     * @param ring                the appender's hand-over
     * @param queues              the queues to write
     * @param clock               for the flush interval
     * @param fence               the store's disk fence, tripped when dispatching fails
     * @param index               the message index, fed with each record's keys
     * @param logSegments         the commit log's segments, where the key bytes are read in place
     * @param flushIntervalMillis how often written consume queues are forced
     * @param maxBatch            the most entries per duty cycle
     * @param startOffset         the commit-log offset up to which every record is already dispatched
     */
    public Dispatcher(DispatchRing ring, QueueTable queues, Clock clock, DiskFence fence, MessageIndex index,
        SegmentSet logSegments, long flushIntervalMillis, int maxBatch, long startOffset) {
        this.ring = Objects.requireNonNull(ring, "ring");
        this.queues = Objects.requireNonNull(queues, "queues");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.fence = Objects.requireNonNull(fence, "fence");
        this.index = Objects.requireNonNull(index, "index");
        this.logSegments = Objects.requireNonNull(logSegments, "logSegments");
        this.flushIntervalMillis = flushIntervalMillis;
        this.maxBatch = maxBatch;
        this.dispatchedOffset = startOffset;
        this.forcedOffset = startOffset;
        this.roundCovered = startOffset;
        this.lastFlushMillis = clock.millis();
    }

    /** The commit-log offset up to which every record has its consume-queue unit. Any thread. */
    public long dispatchedOffset() {
        return dispatchedOffset;
    }

    /**
     * Dispatches one batch. A failure here (a disk error, a hand-over that breaks a queue's invariants, or an Error
     * such as an OutOfMemoryError or a fault on a mapped write) cannot be
     * retried into success and would leave the ring full with producers answered BUSY forever: it fences the store
     * instead (every later append answers STORE_FAILED, waiting SYNC callers complete), is thrown once for the
     * runner to report, and the dispatcher does nothing more until restart, when recovery rebuilds what was lost.
     */
    @Override
    public int doWork() {
        if (fence.isFailed()) {
            return 0;
        }
        try {
            return deletePending() + dispatchBatch() + maybeFlush();
        } catch (RuntimeException | Error failure) {
            fence.trip(roleName(), null, failure);
            throw failure;
        }
    }

    /**
     * Deletes the files of {@code removed}, the queues just taken out of the table for {@code topic}, on this agent's
     * next duty cycle, then the directories left empty. Any thread.
     */
    public void deleteTopic(String topic, LogicalQueue[] removed) {
        deletions.add(new TopicDeletion(topic, removed));
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

    private int dispatchBatch() {
        long from = ring.consumerPosition();
        long to = Math.min(ring.consumerAvailable(), from + maxBatch);
        long end = dispatchedOffset;
        try {
            for (long sequence = from; sequence < to; sequence++) {
                DispatchEntry entry = ring.consumerEntry(sequence);
                if (entry.toConsumeQueue()) {
                    dispatch(entry);
                }
                if (entry.keysLength() > 0 || entry.uniqueKeyLength() > 0) {
                    indexKeys(entry);
                }
                end = entry.physicalOffset() + entry.size();
            }
        } finally {
            releaseKeySegment();
        }
        if (to > from) {
            ring.consumerRelease(to);
            dispatchedOffset = end;
        }
        return (int) (to - from);
    }

    private void dispatch(DispatchEntry entry) {
        LogicalQueue queue = entry.queue() != null ? entry.queue() : queues.getOrCreate(entry.topic(), entry.queueId());
        ConsumeQueue units = queue.units();
        if (units.append(entry.queueOffset(), entry.physicalOffset(), entry.size(), entry.tagsCode())) {
            if (units.listForFlush()) {
                if (flushListSize == flushList.length) {
                    flushList = Arrays.copyOf(flushList, flushListSize * 2);
                }
                flushList[flushListSize++] = units;
            }
            queue.waiters().wake(entry.topic(), entry.queueId(), units.maxOffset());
        }
        if (entry.queue() != null) {
            units.releaseUnits(1); // reserved at submit; listed for the force first, so the files stay mapped
        }
    }

    /** The commit-log offset below which every record's consume-queue unit is on the device. Any thread. */
    public long forcedOffset() {
        return forcedOffset;
    }

    private void indexKeys(DispatchEntry entry) {
        long offset = entry.physicalOffset();
        MappedSegment segment = keySegment;
        if (segment == null || offset < segment.baseOffset() || offset >= segment.endOffset()) {
            releaseKeySegment();
            segment = logSegments.retainSegmentFor(offset);
            if (segment == null) {
                return; // already deleted by retention: nothing left to find
            }
            keySegment = segment;
        }
        int at = (int) (offset - segment.baseOffset());
        index.put(entry.topic(), segment.readBuffer(), at + entry.keysOffset(), entry.keysLength(),
            at + entry.uniqueKeyOffset(), entry.uniqueKeyLength(), offset, entry.size(), entry.storeTimestamp());
    }

    private void releaseKeySegment() {
        if (keySegment != null) {
            keySegment.release();
            keySegment = null;
        }
    }

    private int maybeFlush() {
        if (roundNext < roundSize) {
            return forceRound(MAX_FORCES_PER_CYCLE);
        }
        long now = clock.millis();
        if (now - lastFlushMillis < flushIntervalMillis || (flushListSize == 0 && forcedOffset == dispatchedOffset)) {
            return 0;
        }
        startRound(now);
        return forceRound(MAX_FORCES_PER_CYCLE);
    }

    /** Forces every consume queue written since the last flush; returns how many were forced. */
    public int flushNow(long now) {
        int forced = forceRound(Integer.MAX_VALUE); // a round under way first: its covered offset is older
        startRound(now);
        return forced + forceRound(Integer.MAX_VALUE);
    }

    /** Takes the queues written so far as the round to force; what is written from now on waits for the next. */
    private void startRound(long now) {
        ConsumeQueue[] spare = round;
        round = flushList;
        roundSize = flushListSize;
        roundNext = 0;
        flushList = spare;
        flushListSize = 0;
        roundCovered = dispatchedOffset;
        lastFlushMillis = now;
    }

    /** Forces up to {@code budget} queues of the round; at its end forces the index and publishes what is covered. */
    private int forceRound(int budget) {
        int forced = 0;
        while (roundNext < roundSize && forced < budget) {
            round[roundNext].flush();
            round[roundNext++] = null;
            forced++;
        }
        if (roundNext == roundSize && forcedOffset != roundCovered) {
            index.flush();
            forcedOffset = roundCovered;
        }
        return forced;
    }

    @Override
    public String roleName() {
        return "apogee-dispatcher";
    }
}
