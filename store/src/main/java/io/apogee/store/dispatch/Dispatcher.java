package io.apogee.store.dispatch;

import io.apogee.common.agent.SleepingAgent;
import io.apogee.common.time.Clock;
import io.apogee.store.file.DiskFence;
import io.apogee.store.file.MappedSegment;
import io.apogee.store.file.SegmentSet;
import io.apogee.store.index.MessageIndex;
import io.apogee.store.queue.ConsumeQueue;
import io.apogee.store.queue.LogicalQueue;
import java.util.Arrays;
import java.util.Objects;

/**
 * The agent that finishes what the appender hands over, in batches and off the send path: for each published
 * {@link DispatchEntry} it adds the record's keys to the message index and lists the record's consume queue for the
 * next force (the appender has already written the unit, published the queue's max offset and woken its held pulls).
 * It never reads the commit log but for key bytes. Every flush interval, the consume queues with at least
 * {@value #MIN_FORCE_BYTES} bytes written since their last force are forced, as RocketMQ forces a queue once
 * {@code flushConsumeQueueLeastPages} (2) pages wait; every queue written, and the message index, are forced together
 * in a thorough round (see {@link #INDEX_FORCE_INTERVAL_MILLIS}). With 1,000 queues written a little each, a force of
 * each every second cost more than the sends (docs/BENCHMARKS.md, 2026-12-03). Forces run at most
 * {@value #MAX_FORCES_PER_CYCLE} per duty cycle between batches: a flush after thousands of new queues (one force
 * each) would otherwise hold the index for seconds. The checkpoint's derived offset moves at thorough rounds only, so
 * it trails by up to that interval and a crash replays at most that much log (and at most one log segment) into the
 * queues and the index.
 *
 * <p>Single-threaded: the only consumer of the hand-over and the only forcer of the consume queues; driven by its
 * runner or by a test.
 */
public final class Dispatcher implements SleepingAgent {
    /**
     * How long a record may wait for its keys to be indexed while the hand-over holds less than a quarter of its
     * capacity: the dispatcher wakes for a batch, not per record.
     */
    public static final long MAX_INDEX_DELAY_NANOS = 10_000_000;
    /** How long after its last batch the dispatcher keeps polling every index delay before it sleeps until its next force. */
    static final long ACTIVE_NANOS = 1_000_000_000;
    private static final int INITIAL_FLUSH_LIST = 64;
    /** The most consume queues forced in one duty cycle. */
    static final int MAX_FORCES_PER_CYCLE = 32;
    /** Bytes of units a queue holds unforced before a flush interval forces it: RocketMQ's two pages. */
    static final int MIN_FORCE_BYTES = 2 * MappedSegment.PAGE_SIZE;
    /**
     * How often the message index is forced at most. Its keys land in random hash slots of a 20 MB table, and a
     * force write-protects every slot page, so each key written after it pays a page fault: forcing once a second
     * cost a fault per message at light load. Linux writes dirty pages back after 30 s anyway.
     */
    public static final long INDEX_FORCE_INTERVAL_MILLIS = 30_000;

    private final DispatchRing ring;
    private final Clock clock;
    private final DiskFence fence;
    private final MessageIndex index;
    private final SegmentSet logSegments;
    private final long flushIntervalMillis;
    /** Log bytes after which the index is forced even before its interval: bounds the replay after a crash. */
    private final long indexForceBytes;
    private final int maxBatch;
    /** The queues written since the current flush round began: the next round's. */
    private ConsumeQueue[] flushList = new ConsumeQueue[INITIAL_FLUSH_LIST];
    private int flushListSize;
    /** The current round's queues, forced from {@link #roundNext} on; the round is over when it reaches the size. */
    private ConsumeQueue[] round = new ConsumeQueue[INITIAL_FLUSH_LIST];
    private int roundSize;
    private int roundNext;
    /** The dispatched offset when the last thorough round began: on the device once that round is over. */
    private long roundCovered;
    /** Whether the current round forces every queue written (and then the index), not only the fuller ones. */
    private boolean roundThorough;
    /** The log segment the key bytes are read from, retained for the rest of the batch rather than per record. */
    private MappedSegment keySegment;
    private long lastFlushMillis;
    private long lastIndexForceMillis;
    private long lastBatchNanos;
    private volatile long dispatchedOffset;
    /** The dispatched offset when the last round ended: every consume-queue unit below it is on the device. */
    private long queuesForced;
    /** Every index entry of a record below it is on the device; never past {@link #queuesForced}. */
    private volatile long forcedOffset;

    /**
     * @param ring                the appender's hand-over
     * @param clock               for the flush interval
     * @param fence               the store's disk fence, tripped when dispatching fails
     * @param index               the message index, fed with each record's keys
     * @param logSegments         the commit log's segments, where the key bytes are read in place
     * @param flushIntervalMillis how often written consume queues are forced
     * @param maxBatch            the most entries per duty cycle
     * @param startOffset         the commit-log offset up to which every record is already dispatched
     */
    public Dispatcher(DispatchRing ring, Clock clock, DiskFence fence, MessageIndex index,
        SegmentSet logSegments, long flushIntervalMillis, int maxBatch, long startOffset) {
        this.ring = Objects.requireNonNull(ring, "ring");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.fence = Objects.requireNonNull(fence, "fence");
        this.index = Objects.requireNonNull(index, "index");
        this.logSegments = Objects.requireNonNull(logSegments, "logSegments");
        this.flushIntervalMillis = flushIntervalMillis;
        this.indexForceBytes = logSegments.segmentSize();
        this.maxBatch = maxBatch;
        this.dispatchedOffset = startOffset;
        this.queuesForced = startOffset;
        this.forcedOffset = startOffset;
        this.roundCovered = startOffset;
        this.lastFlushMillis = clock.millis();
        this.lastIndexForceMillis = lastFlushMillis;
        this.lastBatchNanos = clock.nanos() - ACTIVE_NANOS;
    }

    /** The commit-log offset up to which every record is indexed and listed for its queue's force. Any thread. */
    public long dispatchedOffset() {
        return dispatchedOffset;
    }

    /**
     * Dispatches one batch. A failure here (a disk error in a force or an index write, or an Error such as an
     * OutOfMemoryError or a fault on a mapped write) cannot be retried into success and would leave the ring full
     * with producers answered BUSY forever: it fences the store instead (every later append answers STORE_FAILED,
     * waiting SYNC callers complete), is thrown once for the runner to report, and the dispatcher does nothing more
     * until restart, when recovery rebuilds what was lost.
     */
    @Override
    public int doWork() {
        if (fence.isFailed()) {
            return 0;
        }
        try {
            return dispatchBatch() + maybeFlush();
        } catch (RuntimeException | Error failure) {
            fence.trip(roleName(), null, failure);
            throw failure;
        }
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
            lastBatchNanos = clock.nanos();
        }
        return (int) (to - from);
    }

    /** Lists the record's consume queue for the next force; the appender wrote its unit. */
    private void dispatch(DispatchEntry entry) {
        LogicalQueue queue = entry.queue();
        ConsumeQueue units = queue != null ? queue.units() : null;
        if (units != null && !units.isDeleted() && units.listForFlush()) {
            if (flushListSize == flushList.length) {
                flushList = Arrays.copyOf(flushList, flushListSize * 2);
            }
            flushList[flushListSize++] = units;
        }
        if (entry.queue() != null) {
            units.releaseUnits(1); // reserved at submit; listed for the force first, so the files stay mapped
        }
    }

    /**
     * 0 when the hand-over holds a quarter of its capacity or a flush round is under way; else the sooner of the
     * index delay (while records come: anything waits, or a batch was taken within the last second) and the next
     * flush (of the queues when any is unforced, else of the index when it is); {@link #NO_DEADLINE} when idle. So
     * a busy dispatcher takes a batch per index delay, polling; an idle one sleeps until its next force (or
     * untimed), and the appender rings it for the first record after, and whenever its hand-over fills a quarter.
     */
    @Override
    public long nanosToNextWork() {
        if (fence.isFailed()) {
            return NO_DEADLINE;
        }
        long backlog = ring.consumerAvailable() - ring.consumerPosition();
        if (backlog >= ring.capacity() / 4 || roundNext < roundSize) {
            return 0;
        }
        long now = clock.millis();
        long flush;
        if (backlog > 0 || queuesUnforced()) {
            flush = SleepingAgent.nanosUntil(lastFlushMillis + flushIntervalMillis, now);
        } else if (forcedOffset != dispatchedOffset) {
            flush = SleepingAgent.nanosUntil(lastIndexForceMillis + INDEX_FORCE_INTERVAL_MILLIS, now);
        } else {
            flush = NO_DEADLINE;
        }
        boolean active = backlog > 0 || clock.nanos() - lastBatchNanos < ACTIVE_NANOS;
        return active ? Math.min(flush, MAX_INDEX_DELAY_NANOS) : flush;
    }

    /** The commit-log offset below which every record's queue unit and index entries are on the device. Any thread. */
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
            return forceRound(MAX_FORCES_PER_CYCLE, false);
        }
        long now = clock.millis();
        boolean thorough = indexDue(now, dispatchedOffset);
        boolean queuesDue = queuesUnforced() && now - lastFlushMillis >= flushIntervalMillis;
        if (!queuesDue && !thorough) {
            return 0;
        }
        startRound(now, thorough);
        return forceRound(MAX_FORCES_PER_CYCLE, false);
    }

    private boolean queuesUnforced() {
        return flushListSize > 0 || queuesForced != dispatchedOffset;
    }

    private boolean indexDue(long now, long covered) {
        return forcedOffset != covered
            && (now - lastIndexForceMillis >= INDEX_FORCE_INTERVAL_MILLIS || covered - forcedOffset >= indexForceBytes);
    }

    /** Forces every consume queue written since the last flush and the index; returns how many queues were forced. */
    public int flushNow(long now) {
        int forced = forceRound(Integer.MAX_VALUE, false); // a round under way first: its covered offset is older
        startRound(now, true);
        return forced + forceRound(Integer.MAX_VALUE, true);
    }

    /**
     * Takes the queues written so far as the round to force, or when not {@code thorough} only those with
     * {@value #MIN_FORCE_BYTES} bytes or more unforced (the others stay listed); what is written from now on waits
     * for the next round.
     */
    private void startRound(long now, boolean thorough) {
        ConsumeQueue[] spare = round;
        if (thorough) {
            round = flushList;
            roundSize = flushListSize;
            flushList = spare;
            flushListSize = 0;
            roundCovered = dispatchedOffset;
        } else {
            int taken = 0;
            int kept = 0;
            for (int i = 0; i < flushListSize; i++) {
                ConsumeQueue queue = flushList[i];
                if (queue.unforcedBytes() >= MIN_FORCE_BYTES) {
                    if (taken == spare.length) {
                        spare = Arrays.copyOf(spare, taken * 2);
                    }
                    spare[taken++] = queue;
                } else {
                    flushList[kept++] = queue;
                }
            }
            Arrays.fill(flushList, kept, flushListSize, null);
            flushListSize = kept;
            round = spare;
            roundSize = taken;
        }
        roundThorough = thorough;
        roundNext = 0;
        lastFlushMillis = now;
    }

    /**
     * Forces up to {@code budget} queues of the round; at its end forces the index when asked or due, and publishes
     * what is covered.
     */
    private int forceRound(int budget, boolean forceIndex) {
        int forced = 0;
        while (roundNext < roundSize && forced < budget) {
            round[roundNext].flush();
            round[roundNext++] = null;
            forced++;
        }
        if (roundNext == roundSize && roundThorough) {
            queuesForced = roundCovered;
            long now = clock.millis();
            if (forcedOffset != roundCovered && (forceIndex || indexDue(now, roundCovered))) {
                index.flush();
                lastIndexForceMillis = now;
                forcedOffset = roundCovered;
            }
        }
        return forced;
    }

    @Override
    public String roleName() {
        return "apogee-dispatcher";
    }
}
