package io.apogee.store.recovery;

import io.apogee.store.queue.ConsumeQueue;
import io.apogee.store.queue.LogicalQueue;
import io.apogee.store.queue.QueueTable;
import io.apogee.wire.message.MessageSysFlag;
import io.apogee.wire.message.record.StoredRecord;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Makes the consume queues match the records recovery reads back: a unit that is missing is written, a unit that
 * disagrees with its record (another offset, size or tags code) is cut together with everything after it and
 * written again, and once the scan is done {@link #cutPast(long)} drops units that point past the end of the log.
 * A record whose queue offset lies beyond the queue's end, in a queue that already holds units, means units the
 * checkpoint promised are gone: that is reported, never papered over.
 *
 * <p>Single-threaded: recovery only.
 */
final class QueueRebuilder implements DerivedRebuild {
    private final QueueTable queues;
    private final Map<String, String> topics = new HashMap<>();
    private long rebuilt;

    QueueRebuilder(QueueTable queues) {
        this.queues = Objects.requireNonNull(queues, "queues");
    }

    @Override
    public void onRecord(StoredRecord record, long physicalOffset) {
        if (MessageSysFlag.skipsConsumeQueue(record.sysFlag())) {
            return;
        }
        String topic = topics.computeIfAbsent(record.topic(), name -> name);
        if (!QueueTable.isValidTopic(topic) || record.queueId() < 0) {
            throw new StoreCorruptedException(physicalOffset, "record with an invalid queue " + topic + "-" + record.queueId());
        }
        ConsumeQueue units = queues.getOrCreate(topic, record.queueId()).units();
        long queueOffset = record.queueOffset();
        int size = record.totalSize();
        long tagsCode = record.tagsCode();
        if (queueOffset < units.minOffset()) {
            return;
        }
        if (queueOffset < units.maxOffset()) {
            if (units.unitEquals(queueOffset, physicalOffset, size, tagsCode)) {
                return;
            }
            units.truncateTo(queueOffset);
        }
        if (queueOffset > units.maxOffset() && units.maxOffset() > units.minOffset()) {
            throw new StoreCorruptedException(physicalOffset, "consume queue " + topic + "-" + record.queueId()
                + " lacks units " + units.maxOffset() + " to " + (queueOffset - 1));
        }
        units.append(queueOffset, physicalOffset, size, tagsCode);
        rebuilt++;
    }

    /** Drops, in every queue, the units of records at or past {@code logEnd}; returns how many were dropped. */
    @Override
    public long cutPast(long logEnd) {
        long cut = 0;
        for (LogicalQueue queue : queues.all()) {
            ConsumeQueue units = queue.units();
            long first = units.firstOffsetAtOrAfter(logEnd);
            if (first < units.maxOffset()) {
                cut += units.maxOffset() - first;
                units.truncateTo(first);
            }
        }
        return cut;
    }

    /** Units written or rewritten. */
    @Override
    public long rebuilt() {
        return rebuilt;
    }
}
