package io.apogee.store;

import io.apogee.store.commitlog.CommitLogConfig;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.retention.RetentionConfig;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Settings of a whole store, checked once when built.
 *
 * <p>Immutable; safe for any thread.
 *
 * @param root                    the store directory ({@code commitlog/}, {@code consumequeue/}, {@code index/} inside)
 * @param commitLog               the commit log's settings
 * @param queueUnitsPerSegment    units per consume-queue file (RocketMQ: 300,000)
 * @param dispatchRingCapacity    entries in the appender-to-dispatcher ring; a power of two
 * @param dispatchBatch           entries the dispatcher handles per duty cycle at most
 * @param queueFlushIntervalMillis how often written consume queues are forced
 * @param readMaxScan             consume-queue entries one read scans at most
 * @param maxDiskUsedRatio        used share of the disk above which appends are refused
 * @param diskCheckIntervalMillis how often the disk usage is checked
 * @param indexSlots              hash slots per message-index file
 * @param indexEntries            entries per message-index file
 * @param retention               when commit-log segments are deleted
 * @param maxMappedQueueFiles     the most consume-queue files mapped at once; past it the least recently used idle
 *                                queues let go of their mappings
 * @param queueFilesInBackground  whether a running store makes new consume-queue files on its housekeeping thread
 *                                while the sends that need them wait (else on the submitting thread)
 */
public record StoreConfig(Path root, CommitLogConfig commitLog, int queueUnitsPerSegment, int dispatchRingCapacity,
    int dispatchBatch, long queueFlushIntervalMillis, int readMaxScan, double maxDiskUsedRatio,
    long diskCheckIntervalMillis, int indexSlots, int indexEntries, RetentionConfig retention, int maxMappedQueueFiles,
    boolean queueFilesInBackground) {
    /** RocketMQ's {@code mappedFileSizeConsumeQueue} in units. */
    public static final int DEFAULT_QUEUE_UNITS_PER_SEGMENT = 300_000;
    /** Entries handed from appender to dispatcher. */
    public static final int DEFAULT_DISPATCH_RING_CAPACITY = 1 << 16;
    /** Entries per dispatcher cycle. */
    public static final int DEFAULT_DISPATCH_BATCH = 1 << 12;
    /** RocketMQ's {@code flushIntervalConsumeQueue}, 1 s. */
    public static final long DEFAULT_QUEUE_FLUSH_INTERVAL_MILLIS = 1_000;
    /** RocketMQ scans 16,000 bytes of consume queue per filtered pull: 800 entries. */
    public static final int DEFAULT_READ_MAX_SCAN = 800;
    /** RocketMQ's {@code diskMaxUsedSpaceRatio}, 75%, where it starts deleting; appends stop at 95%. */
    public static final double DEFAULT_MAX_DISK_USED_RATIO = 0.95;
    /** How often the disk is checked. */
    public static final long DEFAULT_DISK_CHECK_INTERVAL_MILLIS = 1_000;
    /** RocketMQ's {@code maxHashSlotNum}. */
    public static final int DEFAULT_INDEX_SLOTS = 5_000_000;
    /** RocketMQ's {@code maxIndexNum}. */
    public static final int DEFAULT_INDEX_ENTRIES = 20_000_000;
    /**
     * Half of Linux's default {@code vm.max_map_count} (65,530 mappings per process): the other half is left for the
     * commit-log segments, the index files and the JVM's own mappings. A fixed figure, so that a broker behaves alike
     * on every machine; raise it together with {@code vm.max_map_count}.
     */
    public static final int DEFAULT_MAX_MAPPED_QUEUE_FILES = 32_768;
    /** Index dimensions of {@link #withSmallFiles}: small files that still hold a test's keys. */
    private static final int SMALL_INDEX_SLOTS = 1024;
    private static final int SMALL_INDEX_ENTRIES = 4096;

    /** Checks ranges. */
    public StoreConfig {
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(commitLog, "commitLog");
        Objects.requireNonNull(retention, "retention");
        if (queueUnitsPerSegment < 1 || dispatchBatch < 1 || readMaxScan < 1 || queueFlushIntervalMillis < 0
            || indexSlots < 1 || indexEntries < 1 || maxMappedQueueFiles < 1) {
            throw new IllegalArgumentException("bad queue, dispatch or read settings");
        }
        if (dispatchRingCapacity < 2 || Integer.bitCount(dispatchRingCapacity) != 1) {
            throw new IllegalArgumentException("dispatchRingCapacity must be a power of two: " + dispatchRingCapacity);
        }
    }

    /** Defaults for {@code root} with the given flush mode. */
    public static StoreConfig defaults(Path root, FlushMode mode) {
        return new StoreConfig(root, CommitLogConfig.defaults(mode), DEFAULT_QUEUE_UNITS_PER_SEGMENT,
            DEFAULT_DISPATCH_RING_CAPACITY, DEFAULT_DISPATCH_BATCH, DEFAULT_QUEUE_FLUSH_INTERVAL_MILLIS,
            DEFAULT_READ_MAX_SCAN, DEFAULT_MAX_DISK_USED_RATIO, DEFAULT_DISK_CHECK_INTERVAL_MILLIS, DEFAULT_INDEX_SLOTS,
            DEFAULT_INDEX_ENTRIES, RetentionConfig.defaults(), DEFAULT_MAX_MAPPED_QUEUE_FILES, true);
    }

    /** A copy with small files, for tests: {@code segmentSize} bytes of log, {@code units} units per queue file. */
    public StoreConfig withSmallFiles(int segmentSize, int units) {
        return new StoreConfig(root, commitLog.withSegmentSize(segmentSize), units, dispatchRingCapacity, dispatchBatch,
            queueFlushIntervalMillis, readMaxScan, maxDiskUsedRatio, diskCheckIntervalMillis, SMALL_INDEX_SLOTS,
            SMALL_INDEX_ENTRIES, retention, maxMappedQueueFiles, queueFilesInBackground);
    }

    /** A copy with other message-index dimensions. */
    public StoreConfig withIndex(int slots, int entries) {
        return new StoreConfig(root, commitLog, queueUnitsPerSegment, dispatchRingCapacity, dispatchBatch,
            queueFlushIntervalMillis, readMaxScan, maxDiskUsedRatio, diskCheckIntervalMillis, slots, entries, retention,
            maxMappedQueueFiles, queueFilesInBackground);
    }

    /** A copy with another commit-log config. */
    public StoreConfig withCommitLog(CommitLogConfig value) {
        return new StoreConfig(root, value, queueUnitsPerSegment, dispatchRingCapacity, dispatchBatch,
            queueFlushIntervalMillis, readMaxScan, maxDiskUsedRatio, diskCheckIntervalMillis, indexSlots, indexEntries,
            retention, maxMappedQueueFiles, queueFilesInBackground);
    }

    /** A copy with other retention settings. */
    public StoreConfig withRetention(RetentionConfig value) {
        return new StoreConfig(root, commitLog, queueUnitsPerSegment, dispatchRingCapacity, dispatchBatch,
            queueFlushIntervalMillis, readMaxScan, maxDiskUsedRatio, diskCheckIntervalMillis, indexSlots, indexEntries,
            value, maxMappedQueueFiles, queueFilesInBackground);
    }

    /** A copy with another limit on the consume-queue files mapped at once. */
    public StoreConfig withMaxMappedQueueFiles(int value) {
        return new StoreConfig(root, commitLog, queueUnitsPerSegment, dispatchRingCapacity, dispatchBatch,
            queueFlushIntervalMillis, readMaxScan, maxDiskUsedRatio, diskCheckIntervalMillis, indexSlots, indexEntries,
            retention, value, queueFilesInBackground);
    }

    /**
     * A copy that makes new consume-queue files on the submitting thread even while the store runs: for tests that
     * read a send's answer on the thread that sent it.
     */
    public StoreConfig withQueueFilesOnSubmit() {
        return new StoreConfig(root, commitLog, queueUnitsPerSegment, dispatchRingCapacity, dispatchBatch,
            queueFlushIntervalMillis, readMaxScan, maxDiskUsedRatio, diskCheckIntervalMillis, indexSlots, indexEntries,
            retention, maxMappedQueueFiles, false);
    }

    /** The metadata directory: small files the store lends to their owners (the broker's tables, checkpoints). */
    public Path metadataDirectory() {
        return root.resolve("config");
    }

    /** The message-index directory. */
    public Path indexDirectory() {
        return root.resolve("index");
    }

    /** The commit-log directory. */
    public Path commitLogDirectory() {
        return root.resolve("commitlog");
    }

    /** The consume-queue root directory. */
    public Path queueDirectory() {
        return root.resolve("consumequeue");
    }
}
