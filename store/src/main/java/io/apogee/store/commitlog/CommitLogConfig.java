package io.apogee.store.commitlog;

import io.apogee.wire.message.record.StoredRecord;

/**
 * Settings of the commit log, checked once when built.
 *
 * <p>Immutable; safe for any thread.
 *
 * @param segmentSize         bytes per segment file (RocketMQ: 1 GiB)
 * @param maxRecordSize       the largest record accepted (RocketMQ: 4 MiB)
 * @param ringCapacity        requests the appender's ring holds; a power of two
 * @param maxBatch            requests the appender writes per duty cycle at most
 * @param flushMode           when appends are acknowledged relative to the disk
 * @param flushIntervalMillis ASYNC: the longest time dirty bytes stay unforced
 * @param flushMinDirtyPages  ASYNC: force as soon as this many pages are dirty
 * @param pretouch            whether prepared segments have every page touched (on by default, unlike RocketMQ's
 *                            {@code warmMapedFileEnable}: a page fault on the appender costs more than the record)
 * @param syncFlushTimeoutMillis SYNC: a record whose covering force has not completed within this time after it
 *                            was written completes with {@link AppendStatus#FLUSH_DISK_TIMEOUT}
 */
public record CommitLogConfig(int segmentSize, int maxRecordSize, int ringCapacity, int maxBatch, FlushMode flushMode,
    long flushIntervalMillis, int flushMinDirtyPages, boolean pretouch, long syncFlushTimeoutMillis) {
    /** RocketMQ's commit-log file size, 1 GiB. */
    public static final int DEFAULT_SEGMENT_SIZE = 1 << 30;
    /** RocketMQ's default maximum message size, 4 MiB. */
    public static final int DEFAULT_MAX_RECORD_SIZE = 4 << 20;
    /** Requests queued to the appender. */
    public static final int DEFAULT_RING_CAPACITY = 1 << 14;
    /** Requests written per duty cycle. */
    public static final int DEFAULT_MAX_BATCH = 1 << 10;
    /** RocketMQ's {@code flushIntervalCommitLog}, 500 ms. */
    public static final long DEFAULT_FLUSH_INTERVAL_MILLIS = 500;
    /** RocketMQ's {@code flushCommitLogLeastPages}, 4. */
    public static final int DEFAULT_FLUSH_MIN_DIRTY_PAGES = 4;
    /** RocketMQ's {@code syncFlushTimeout}, 5 s. */
    public static final long DEFAULT_SYNC_FLUSH_TIMEOUT_MILLIS = 5_000;

    /** Checks ranges. */
    public CommitLogConfig {
        if (segmentSize < StoredRecord.BLANK_LENGTH * 2) {
            throw new IllegalArgumentException("segmentSize too small: " + segmentSize);
        }
        if (maxRecordSize < StoredRecord.MIN_RECORD_SIZE || maxRecordSize > segmentSize - StoredRecord.BLANK_LENGTH) {
            throw new IllegalArgumentException("maxRecordSize must be " + StoredRecord.MIN_RECORD_SIZE + ".."
                + (segmentSize - StoredRecord.BLANK_LENGTH));
        }
        if (ringCapacity < 2 || Integer.bitCount(ringCapacity) != 1) {
            throw new IllegalArgumentException("ringCapacity must be a power of two: " + ringCapacity);
        }
        if (maxBatch < 1 || flushIntervalMillis < 0 || flushMinDirtyPages < 0 || flushMode == null
            || syncFlushTimeoutMillis < 1) {
            throw new IllegalArgumentException("bad flush or batch settings");
        }
    }

    /** RocketMQ's defaults with the given flush mode. */
    public static CommitLogConfig defaults(FlushMode mode) {
        return new CommitLogConfig(DEFAULT_SEGMENT_SIZE, DEFAULT_MAX_RECORD_SIZE, DEFAULT_RING_CAPACITY, DEFAULT_MAX_BATCH,
            mode, DEFAULT_FLUSH_INTERVAL_MILLIS, DEFAULT_FLUSH_MIN_DIRTY_PAGES, true, DEFAULT_SYNC_FLUSH_TIMEOUT_MILLIS);
    }

    /** A copy with another segment size (and a max record size that fits it). */
    public CommitLogConfig withSegmentSize(int size) {
        return new CommitLogConfig(size, Math.min(maxRecordSize, size - StoredRecord.BLANK_LENGTH), ringCapacity, maxBatch,
            flushMode, flushIntervalMillis, flushMinDirtyPages, pretouch, syncFlushTimeoutMillis);
    }

    /** A copy with another ring capacity. */
    public CommitLogConfig withRingCapacity(int capacity) {
        return new CommitLogConfig(segmentSize, maxRecordSize, capacity, maxBatch, flushMode, flushIntervalMillis,
            flushMinDirtyPages, pretouch, syncFlushTimeoutMillis);
    }

    /** A copy that does or does not touch the pages of prepared segments. */
    public CommitLogConfig withPretouch(boolean value) {
        return new CommitLogConfig(segmentSize, maxRecordSize, ringCapacity, maxBatch, flushMode, flushIntervalMillis,
            flushMinDirtyPages, value, syncFlushTimeoutMillis);
    }

    /** A copy with another SYNC flush timeout. */
    public CommitLogConfig withSyncFlushTimeout(long millis) {
        return new CommitLogConfig(segmentSize, maxRecordSize, ringCapacity, maxBatch, flushMode, flushIntervalMillis,
            flushMinDirtyPages, pretouch, millis);
    }
}
