package io.apogee.store;

import io.apogee.store.file.DiskFence;
import java.util.Map;

/**
 * What the store reports about itself at one moment, for the broker's runtime info and statistics: the values are
 * read one after another while the agents run, so they agree only as closely as a live store allows.
 *
 * <p>Immutable; safe for any thread.
 *
 * @param putsByTopic         messages put to each topic's consume queues (the sum of its queues' max offsets)
 * @param minPhysicalOffset   the first commit-log offset still held
 * @param maxPhysicalOffset   the end of the commit log: the next record goes there
 * @param dispatchedOffset    the commit-log offset up to which consume queues and index are written
 * @param flushedPosition     the commit-log offset up to which the disk holds the log
 * @param indexedEnd          the commit-log offset up to which the message index is written
 * @param diskUsedRatio       the used share of the store's disk, as last sampled
 * @param diskTotalBytes      the disk's capacity, as last sampled
 * @param diskUsableBytes     the disk's free bytes, as last sampled
 * @param failure             what fenced the store (read-only until restart), or null
 */
public record StoreStatistics(Map<String, Long> putsByTopic, long minPhysicalOffset, long maxPhysicalOffset,
    long dispatchedOffset, long flushedPosition, long indexedEnd, double diskUsedRatio, long diskTotalBytes,
    long diskUsableBytes, DiskFence.Failure failure) {

    /** Copies the map, so the snapshot stays unchanged. */
    public StoreStatistics {
        putsByTopic = Map.copyOf(putsByTopic);
    }

    /** Messages put to every consume queue. */
    public long putMessages() {
        long total = 0;
        for (long puts : putsByTopic.values()) {
            total += puts;
        }
        return total;
    }

    /** Commit-log bytes written but not yet forced to the disk. */
    public long bytesToFlush() {
        return maxPhysicalOffset - flushedPosition;
    }

    /** Commit-log bytes not yet in the consume queues. */
    public long bytesToDispatch() {
        return maxPhysicalOffset - dispatchedOffset;
    }

    /** Whether an I/O error fenced the store. */
    public boolean failed() {
        return failure != null;
    }
}
