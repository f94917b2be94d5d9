package io.apogee.broker.admin;

import io.apogee.store.MessageStore;
import io.apogee.store.read.LogTimestamps;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import io.apogee.wire.message.record.StoredRecord;

/**
 * The store time of the message at a queue offset, for the {@code lastUpdateTimestamp} of topic stats and the
 * {@code lastTimestamp} of consume stats: the queue entry gives the record's place in the commit log, whose header
 * gives the time; and that of the oldest record in the commit log, for the runtime info.
 *
 * <p>Not thread-safe: one per processor thread (it owns a one-message read result).
 */
final class QueueTimes {
    private final MessageStore store;
    private final LogTimestamps timestamps;
    private final ReadResult result = new ReadResult(1);

    QueueTimes(MessageStore store) {
        this.store = store;
        this.timestamps = new LogTimestamps(store.commitLog());
    }

    /** The store time of the commit log's first record, or -1 when it holds none. */
    long earliestStoreTime() {
        return timestamps.storeTimestamp(store.minPhysicalOffset(), StoredRecord.MIN_RECORD_SIZE);
    }

    /** The store time of message {@code offset} of the queue, or 0 when there is none (negative, removed, unwritten). */
    long storeTime(String topic, int queueId, long offset) {
        if (offset < 0) {
            return 0;
        }
        try {
            if (store.read(topic, queueId, offset, 1, Long.MAX_VALUE, TagFilter.ANY, result) != ReadStatus.FOUND
                || result.count() == 0 || result.queueOffset(0) != offset) {
                return 0;
            }
            return Math.max(0, timestamps.storeTimestamp(result.physicalOffset(0), result.size(0)));
        } finally {
            result.release();
        }
    }
}
