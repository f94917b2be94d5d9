package io.apogee.store.retention;

import io.apogee.common.agent.SleepingAgent;
import io.apogee.common.time.Clock;
import io.apogee.store.commitlog.CommitLog;
import io.apogee.store.file.MappedSegment;
import io.apogee.store.file.SegmentSet;
import io.apogee.store.index.MessageIndex;
import io.apogee.store.queue.ConsumeQueue;
import io.apogee.store.queue.LogicalQueue;
import io.apogee.store.queue.QueueTable;
import io.apogee.wire.message.record.RecordStatus;
import io.apogee.wire.message.record.RecordValidator;
import io.apogee.wire.message.record.StoredRecord;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * Deletes whole commit-log segments from the head of the log: a segment whose newest record is older than the
 * retention time (its newest record's store time is bounded by the first record of the next segment), or the
 * oldest segments whatever their age while the disk is fuller than the clean ratio. The active segment, and any
 * segment not yet wholly forced and dispatched, is never deleted. After deleting it advances the min offsets:
 * each consume queue drops its files whose units all point below the new log start, and the message index drops
 * its files whose records all lie below it. A deleted segment is unmapped and removed from disk when its last
 * reader releases it.
 *
 * <p>Single-threaded: the housekeeping thread (or a test) runs {@link #doWork()}; it is the only remover at the
 * head of the log, the queues and the index.
 */
public final class SegmentRetention implements SleepingAgent {
    private final CommitLog log;
    private final QueueTable queues;
    private final MessageIndex index;
    private final DiskSpaceWatch disk;
    private final Clock clock;
    private final RetentionConfig config;
    private final LongSupplier dispatchedOffset;
    private final RecordValidator validator;
    private final StoredRecord record = new StoredRecord();
    private long lastCheckMillis = Long.MIN_VALUE;
    private long deleted;

    /**
     * @param log              the commit log
     * @param queues           the consume queues whose min offsets follow the log's
     * @param index            the message index whose files follow the log's
     * @param disk             the disk usage
     * @param clock            the store time
     * @param config           the settings
     * @param dispatchedOffset the offset below which every record is dispatched
     */
    public SegmentRetention(CommitLog log, QueueTable queues, MessageIndex index, DiskSpaceWatch disk, Clock clock,
        RetentionConfig config, LongSupplier dispatchedOffset) {
        this.log = Objects.requireNonNull(log, "log");
        this.queues = Objects.requireNonNull(queues, "queues");
        this.index = Objects.requireNonNull(index, "index");
        this.disk = Objects.requireNonNull(disk, "disk");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.config = Objects.requireNonNull(config, "config");
        this.dispatchedOffset = Objects.requireNonNull(dispatchedOffset, "dispatchedOffset");
        this.validator = new RecordValidator(log.config().maxRecordSize());
    }

    @Override
    public long nanosToNextWork() {
        return lastCheckMillis == Long.MIN_VALUE ? 0
            : SleepingAgent.nanosUntil(lastCheckMillis + config.checkIntervalMillis(), clock.millis());
    }

    @Override
    public int doWork() {
        long now = clock.millis();
        if (lastCheckMillis != Long.MIN_VALUE && now - lastCheckMillis < config.checkIntervalMillis()) {
            return 0;
        }
        lastCheckMillis = now;
        int removed = deleteSegments(now);
        if (removed > 0) {
            advanceMinOffsets(log.minOffset());
        }
        return removed;
    }

    private int deleteSegments(long now) {
        SegmentSet segments = log.segments();
        long safeEnd = Math.min(log.flushedPosition(), dispatchedOffset.getAsLong());
        boolean pressure = disk.usedRatio() > config.cleanUsedRatio();
        int removed = 0;
        while (removed < config.maxDeletesPerCheck() && segments.count() > 1) {
            MappedSegment oldest = segments.first();
            if (oldest.endOffset() > safeEnd || !(pressure || newestTimeIn(oldest) <= now - config.reservedMillis())) {
                break;
            }
            segments.removeFirst().destroy();
            removed++;
            deleted++;
        }
        return removed;
    }

    /** The store time of the newest record in {@code segment}: no later than the next segment's first record's. */
    private long newestTimeIn(MappedSegment segment) {
        MappedSegment next = log.segments().segmentFor(segment.endOffset());
        if (next == null || !next.retain()) {
            return Long.MAX_VALUE;
        }
        try {
            int limit = (int) Math.min(next.capacity(), log.publishedPosition() - next.baseOffset());
            if (limit <= 0 || validator.check(next.readBuffer(), 0, limit, false) != RecordStatus.VALID) {
                return Long.MAX_VALUE; // nothing written after it yet: its age is unknown, keep it
            }
            return record.wrap(next.readBuffer(), 0).storeTimestamp();
        } finally {
            next.release();
        }
    }

    /** Moves every queue's and the index's start up to the log's new start. */
    private void advanceMinOffsets(long logMin) {
        for (LogicalQueue queue : queues.all()) {
            ConsumeQueue units = queue.units();
            units.deleteBefore(units.firstOffsetAtOrAfter(logMin));
        }
        index.deleteBelow(logMin);
    }

    /** Segments deleted since start. */
    public long deletedSegments() {
        return deleted;
    }

    @Override
    public String roleName() {
        return "apogee-retention";
    }
}
