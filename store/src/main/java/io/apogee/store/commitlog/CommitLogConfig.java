package io.apogee.store.commitlog;

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
 * @param pretouch            whether prepared segments have every page touched
 */
public record CommitLogConfig(int segmentSize, int maxRecordSize, int ringCapacity, int maxBatch, FlushMode flushMode,
    long flushIntervalMillis, int flushMinDirtyPages, boolean pretouch) {
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

    /** Checks ranges. */
    public CommitLogConfig {
        if (segmentSize < RecordFraming.BLANK_LENGTH * 2) {
            throw new IllegalArgumentException("segmentSize too small: " + segmentSize);
        }
        if (maxRecordSize < 1 || maxRecordSize > segmentSize - RecordFraming.BLANK_LENGTH) {
            throw new IllegalArgumentException("maxRecordSize must be 1.." + (segmentSize - RecordFraming.BLANK_LENGTH));
        }
        if (ringCapacity < 2 || Integer.bitCount(ringCapacity) != 1) {
            throw new IllegalArgumentException("ringCapacity must be a power of two: " + ringCapacity);
        }
        if (maxBatch < 1 || flushIntervalMillis < 0 || flushMinDirtyPages < 0 || flushMode == null) {
            throw new IllegalArgumentException("bad flush or batch settings");
        }
    }

    /** RocketMQ's defaults with the given flush mode. */
    public static CommitLogConfig defaults(FlushMode mode) {
        return new CommitLogConfig(DEFAULT_SEGMENT_SIZE, DEFAULT_MAX_RECORD_SIZE, DEFAULT_RING_CAPACITY, DEFAULT_MAX_BATCH,
            mode, DEFAULT_FLUSH_INTERVAL_MILLIS, DEFAULT_FLUSH_MIN_DIRTY_PAGES, false);
    }

    /** A copy with another segment size (and a max record size that fits it). */
    public CommitLogConfig withSegmentSize(int size) {
        return new CommitLogConfig(size, Math.min(maxRecordSize, size - RecordFraming.BLANK_LENGTH), ringCapacity, maxBatch,
            flushMode, flushIntervalMillis, flushMinDirtyPages, pretouch);
    }

    /** A copy with another ring capacity. */
    public CommitLogConfig withRingCapacity(int capacity) {
        return new CommitLogConfig(segmentSize, maxRecordSize, capacity, maxBatch, flushMode, flushIntervalMillis,
            flushMinDirtyPages, pretouch);
    }
}
