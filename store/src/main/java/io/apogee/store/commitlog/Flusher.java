package io.apogee.store.commitlog;

import io.apogee.common.agent.SleepingAgent;
import io.apogee.common.agent.ErrorHandler;
import io.apogee.common.time.Clock;
import io.apogee.store.file.DiskFence;
import io.apogee.store.file.MappedSegment;
import io.apogee.store.file.SegmentSet;
import io.apogee.store.file.StoreIoException;
import java.util.Objects;

/**
 * Forces the commit log to the device. ASYNC: when at least the configured number of pages are dirty (at most
 * every {@value #MIN_DIRTY_FORCE_SPACING_MILLIS} ms), or when the flush interval has passed with anything dirty. SYNC: whenever anything is unforced; then it completes every
 * request whose records lie below the forced position, in submission order, so one force acknowledges every
 * record written before it (throughput grows with the number of writers). If a force fails, the store is fenced
 * and every waiting request completes with {@link AppendStatus#STORE_FAILED}.
 *
 * <p>A SYNC_MASTER ({@link #awaitReplicas}) adds a condition to the same pass, in either mode: a request completes
 * once a slave also confirmed its end. The wait is group commit on the ring, like the force's, rather than a queue of
 * its own: requests are already in submission order here, a confirmation covers every request below it, and one
 * wake-up per confirmation (the replication thread rings) answers them all, with no thread or timer per request.
 *
 * <p>Single-threaded: the only caller of {@link CommitLog#flushed(long)}; in SYNC mode also the only completer
 * and releaser of the appender's ring.
 */
public final class Flusher implements SleepingAgent {
    /**
     * ASYNC: forces for dirty pages come at most this often. Under a fast writer the dirty-page threshold is crossed
     * every few records; each force write-protects the pages it cleans (a TLB shootdown on every core, then a fault
     * on the appender's next write to the page), so forcing a few times per millisecond costs the appender more than
     * it protects.
     */
    static final long MIN_DIRTY_FORCE_SPACING_MILLIS = 10;

    private final CommitLog log;
    private final SegmentSet segments;
    private final Appender appender;
    private final AppendRing ring;
    private final Clock clock;
    private final DiskFence fence;
    private final ErrorHandler errors;
    private final boolean sync;
    private final long minDirtyBytes;
    private final long intervalMillis;
    private final long syncTimeoutMillis;
    private ReplicaWait replicas;
    /** Set at shutdown: requests still waiting for a slave are answered FLUSH_SLAVE_TIMEOUT rather than left open. */
    private boolean replicasGivenUp;
    private long flushed;
    private long completedSequence;
    private long lastFlushMillis;

    /**
     * @param log      the commit log
     * @param appender the appender whose requests are completed in SYNC mode
     * @param clock    for the flush interval
     * @param fence    the store's disk fence
     * @param errors   where callback bugs are reported
     */
    public Flusher(CommitLog log, Appender appender, Clock clock, DiskFence fence, ErrorHandler errors) {
        this.log = Objects.requireNonNull(log, "log");
        this.segments = log.segments();
        this.appender = Objects.requireNonNull(appender, "appender");
        this.ring = appender.ring();
        this.clock = Objects.requireNonNull(clock, "clock");
        this.fence = Objects.requireNonNull(fence, "fence");
        this.errors = Objects.requireNonNull(errors, "errors");
        CommitLogConfig config = log.config();
        this.sync = config.flushMode() == FlushMode.SYNC;
        this.minDirtyBytes = (long) config.flushMinDirtyPages() * MappedSegment.PAGE_SIZE;
        this.intervalMillis = config.flushIntervalMillis();
        this.syncTimeoutMillis = config.syncFlushTimeoutMillis();
        this.flushed = log.flushedPosition();
        this.lastFlushMillis = clock.millis();
    }

    /**
     * Completes written requests only once a slave confirmed them as well (a SYNC_MASTER), in either flush mode. Call
     * before the store starts; the appender must leave its completions to this flusher ({@link Appender#awaitReplicas}).
     */
    public void awaitReplicas(ReplicaWait wait) {
        this.replicas = Objects.requireNonNull(wait, "wait");
    }

    /** Whether this flusher completes the appender's requests: in SYNC mode, or while waiting for slaves. */
    public boolean completes() {
        return sync || replicas != null;
    }

    /**
     * Forces what is due and, in SYNC mode, completes what the force covers. In SYNC mode an {@link Error} here
     * fences the store (acknowledgements wait on this thread, which can no longer vouch for the disk): the waiting
     * requests then complete STORE_FAILED. In ASYNC mode it is only reported, and the next cycle forces again.
     */
    @Override
    public int doWork() {
        try {
            return forceAndComplete();
        } catch (Error fault) {
            if (sync) {
                fence.trip(roleName(), null, fault);
            }
            throw fault;
        }
    }

    private int forceAndComplete() {
        int work = 0;
        long target = log.publishedPosition();
        if (target > flushed && !fence.isFailed() && shouldFlush(target)) {
            try {
                force(flushed, target);
                flushed = target;
                log.flushed(target);
                work++;
            } catch (StoreIoException failure) {
                errors.onError(roleName(), failure);
            }
        }
        if (completes()) {
            work += completeForced();
        }
        return work;
    }

    private boolean shouldFlush(long target) {
        if (sync) {
            return true;
        }
        long now = clock.millis();
        long sinceLast = now - lastFlushMillis;
        return sinceLast >= intervalMillis || (target - flushed >= minDirtyBytes && sinceLast >= MIN_DIRTY_FORCE_SPACING_MILLIS);
    }

    /**
     * Forces every dirty byte now, whatever the policy (shutdown), and answers every request still waiting for a slave
     * with {@link AppendStatus#FLUSH_SLAVE_TIMEOUT}. Flusher thread, or after it stopped.
     */
    public void flushAll() {
        replicasGivenUp = true;
        long target = log.publishedPosition();
        if (target > flushed) {
            force(flushed, target);
            flushed = target;
            log.flushed(target);
        }
        if (completes()) {
            completeForced();
        }
    }

    private void force(long from, long to) {
        long position = from;
        while (position < to) {
            // retained: retention (another thread) may delete and unmap the segment meanwhile
            MappedSegment segment = segments.retainSegmentFor(position);
            if (segment == null) { // deleted by retention, or below where a replica's log began: nothing to force
                long next = segments.baseOf(position) + segments.segmentSize();
                position = Math.max(next, segments.startOffset(next));
                continue;
            }
            long end = Math.min(to, segment.endOffset());
            try {
                segment.force((int) (position - segment.baseOffset()), (int) (end - segment.baseOffset()));
            } finally {
                segment.release();
            }
            position = end;
        }
        lastFlushMillis = clock.millis();
    }

    /**
     * Completes written requests covered by the forced position (SYNC) and by a slave's confirmation (SYNC_MASTER), in
     * order; returns how many were released. A request whose record was written more than the SYNC flush timeout ago
     * completes with {@link AppendStatus#FLUSH_DISK_TIMEOUT}, covered or not (RocketMQ's caller would have given up
     * waiting by then). A force that never returns holds its callers: the timeout is checked by this thread, between
     * forces. Once forced, the slaves decide ({@link ReplicaWait#outcome}).
     */
    private int completeForced() {
        long appended = appender.appendedSequence();
        long sequence = completedSequence;
        boolean failed = fence.isFailed();
        long now = sequence < appended ? clock.millis() : 0;
        while (sequence < appended) {
            AppendSlot slot = ring.slot(sequence);
            if (!slot.completed) {
                AppendStatus outcome = failed ? AppendStatus.STORE_FAILED : outcome(slot, now);
                if (outcome == null) {
                    break;
                }
                slot.complete(outcome == AppendStatus.APPENDED ? null : outcome, errors);
            }
            sequence++;
        }
        int released = (int) (sequence - completedSequence);
        if (released > 0) {
            completedSequence = sequence;
            ring.release(sequence);
        }
        return released;
    }

    /** What the written {@code slot} completes with now, or null while it waits. */
    private AppendStatus outcome(AppendSlot slot, long now) {
        boolean lateForce = sync && now - slot.storeTimestamp > syncTimeoutMillis;
        if (sync && slot.endPosition > flushed) {
            return lateForce ? AppendStatus.FLUSH_DISK_TIMEOUT : null;
        }
        AppendStatus replicated = replicas == null ? AppendStatus.APPENDED
            : replicas.outcome(slot.endPosition, slot.storeTimestamp, now);
        if (replicated == null && replicasGivenUp) {
            return AppendStatus.FLUSH_SLAVE_TIMEOUT;
        }
        // as RocketMQ combines them: a late force is the answer even when the slaves confirmed
        return replicated == AppendStatus.APPENDED && lateForce ? AppendStatus.FLUSH_DISK_TIMEOUT : replicated;
    }

    /**
     * SYNC: 0 while anything is unforced. While requests wait for their completion: 0 when the oldest can complete,
     * else its slave timeout (a confirmation rings earlier). ASYNC: also when the policy next forces what is dirty;
     * {@link #NO_DEADLINE} when nothing waits.
     */
    @Override
    public long nanosToNextWork() {
        boolean failed = fence.isFailed();
        long target = log.publishedPosition();
        if (sync) {
            boolean unforced = !failed && target > flushed;
            return unforced ? 0 : nanosToCompletion(failed);
        }
        long completion = replicas == null ? NO_DEADLINE : nanosToCompletion(failed);
        if (failed || target <= flushed) {
            return completion;
        }
        long spacing = target - flushed >= minDirtyBytes ? Math.min(MIN_DIRTY_FORCE_SPACING_MILLIS, intervalMillis)
            : intervalMillis;
        return Math.min(completion, SleepingAgent.nanosUntil(lastFlushMillis + spacing, clock.millis()));
    }

    /** When the oldest waiting request can complete: 0 now, its slave timeout, or NO_DEADLINE when none waits. */
    private long nanosToCompletion(boolean failed) {
        if (appender.appendedSequence() <= completedSequence) {
            return NO_DEADLINE;
        }
        AppendSlot oldest = ring.slot(completedSequence);
        if (failed || oldest.completed || replicas == null) {
            return 0;
        }
        long now = clock.millis();
        if (replicas.outcome(oldest.endPosition, oldest.storeTimestamp, now) != null) {
            return 0;
        }
        return SleepingAgent.nanosUntil(replicas.deadline(oldest.storeTimestamp), now);
    }

    /** Every byte below this is on the device. */
    public long flushedPosition() {
        return flushed;
    }

    @Override
    public String roleName() {
        return "apogee-flusher";
    }
}
