package io.apogee.cli.store;

import io.apogee.wire.message.MessageSysFlag;
import io.apogee.wire.message.record.StoredRecord;
import java.util.HashMap;
import java.util.Map;

/**
 * What the verifier learns from the log walk: the records and bytes, the newest store time, and for each queue
 * the next queue offset its records should take. A record whose queue offset is not the next one of its queue is
 * reported. Memory grows with the number of queues, never with the records.
 *
 * <p>Not thread-safe: one walk, one thread.
 */
final class LogTally implements LogListener {
    private final Findings findings;
    private final LogFiles files;
    private final Map<QueueKey, Long> nextOffsets = new HashMap<>();
    private long newestStoreTime = -1;

    LogTally(Findings findings, LogFiles files) {
        this.findings = findings;
        this.files = files;
    }

    @Override
    public boolean onRecord(StoredRecord record, long offset, boolean bodyIntact) {
        findings.countRecord(record.totalSize());
        newestStoreTime = Math.max(newestStoreTime, record.storeTimestamp());
        if (MessageSysFlag.skipsConsumeQueue(record.sysFlag())) {
            return true; // prepared and rolled-back halves take no queue offset
        }
        QueueKey queue = new QueueKey(record.topic(), record.queueId());
        Long expected = nextOffsets.get(queue);
        if (expected != null && record.queueOffset() != expected) {
            findings.add(files.nameFor(offset), offset - files.baseFor(offset), "queue offset " + record.queueOffset()
                + " of " + queue.topic() + "/" + queue.queueId() + " where " + expected + " should follow");
        }
        nextOffsets.put(queue, record.queueOffset() + 1);
        return true;
    }

    /** Per queue, one past the highest queue offset its records took. */
    Map<QueueKey, Long> nextOffsets() {
        return nextOffsets;
    }

    /** The newest store time of any record, or -1 for an empty log. */
    long newestStoreTime() {
        return newestStoreTime;
    }
}
