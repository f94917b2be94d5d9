package io.apogee.broker.admin;

import io.apogee.store.MessageStore;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;

/**
 * The store time of the message at a queue offset, for the {@code lastUpdateTimestamp} of topic stats and the
 * {@code lastTimestamp} of consume stats: the queue entry gives the record's place in the commit log, whose header
 * gives the time; and that of the oldest record in the commit log, for the runtime info.
 *
 * <p>Not thread-safe: one per processor thread (it owns a one-message read result).
 */
public final class QueueTimes {
    private final MessageStore store;
    private final ReadResult result = new ReadResult(1);

    /** Times read from {@code store}. */
    public QueueTimes(MessageStore store) {
        this.store = store;
    }

    /** The store time of the commit log's first record, or -1 when it holds none. */
    long earliestStoreTime() {
        return store.earliestStoreTimestamp();
    }

    /** The store time of message {@code offset} of the queue, or 0 when there is none (negative, removed, unwritten). */
    public long storeTime(String topic, int queueId, long offset) {
        if (offset < 0) {
            return 0;
        }
        try {
            if (store.read(topic, queueId, offset, 1, Long.MAX_VALUE, TagFilter.ANY, result) != ReadStatus.FOUND
                || result.count() == 0 || result.queueOffset(0) != offset) {
                return 0;
            }
            return Math.max(0, store.storeTimestamp(result.physicalOffset(0), result.size(0)));
        } finally {
            result.release();
        }
    }
}
