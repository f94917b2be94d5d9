package io.apogee.store.recovery;

import io.apogee.store.queue.ConsumeQueue;
import io.apogee.store.queue.LogicalQueue;
import io.apogee.store.queue.QueueTable;
import io.apogee.wire.message.MessageSysFlag;
import io.apogee.wire.message.record.StoredRecord;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Makes the consume queues match the records recovery reads back: a unit that is missing is written, a unit that
 * disagrees with its record (another offset, size or tags code) is cut together with everything after it and
 * written again, and once the scan is done {@link #cutPast(long)} drops units that point past the end of the log.
 * A record whose queue offset lies beyond the queue's end, in a queue that already holds units, means units the
 * checkpoint promised are gone, and a record whose queue offset does not follow the one before it in its queue (or
 * follows units that point at replayed records of another queue) means a header field damaged where no CRC covers
 * it: both are reported, never papered over.
 *
 * <p>Single-threaded: recovery only.
 */
final class QueueRebuilder implements DerivedRebuild {
    private final QueueTable queues;
    private final long replayFrom;
    private final Map<String, String> topics = new HashMap<>();
    private final Map<ConsumeQueue, Long> replayedEnd = new IdentityHashMap<>();
    private long rebuilt;

    /** Rebuilds {@code queues} from the records replayed from commit-log offset {@code replayFrom}. */
    QueueRebuilder(QueueTable queues, long replayFrom) {
        this.queues = Objects.requireNonNull(queues, "queues");
        this.replayFrom = replayFrom;
    }

    @Override
    public void onRecord(StoredRecord record, long physicalOffset) {
        if (MessageSysFlag.skipsConsumeQueue(record.sysFlag())) {
            return;
        }
        String topic = topics.computeIfAbsent(record.topic(), name -> name);
        if (!QueueTable.isValidQueue(topic, record.queueId())) {
            throw new StoreCorruptedException(physicalOffset, "record with an invalid queue " + topic + "-" + record.queueId());
        }
        ConsumeQueue units = queues.getOrCreate(topic, record.queueId()).units();
        long queueOffset = record.queueOffset();
        Long previousEnd = replayedEnd.put(units, queueOffset + 1);
        // a queue's records follow each other: a skipped offset is a record damaged where no CRC covers it
        long unseen = previousEnd != null ? previousEnd : units.firstOffsetAtOrAfter(replayFrom);
        if (previousEnd != null ? queueOffset != previousEnd : unseen < Math.min(queueOffset, units.maxOffset())) {
            throw new StoreCorruptedException(physicalOffset, "record at queue offset " + queueOffset + " of "
                + topic + "-" + record.queueId() + " where the replay expects " + unseen);
        }
        int size = record.totalSize();
        long tagsCode = queues.tagsCodeRule().tagsCode(record, record.tagsCode()); // as the appender computed it
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

    /**
     * Drops, in every queue, the units that the replay did not confirm: those of records at or past {@code logEnd},
     * and those pointing into the replayed range at records that belong elsewhere (a header field damaged where
     * no CRC covers it). Returns how many were dropped.
     */
    @Override
    public long cutPast(long logEnd) {
        long cut = 0;
        for (LogicalQueue queue : queues.all()) {
            ConsumeQueue units = queue.units();
            Long confirmedEnd = replayedEnd.get(units);
            long first = confirmedEnd != null ? Math.min(confirmedEnd, units.firstOffsetAtOrAfter(logEnd))
                : units.firstOffsetAtOrAfter(Math.min(replayFrom, logEnd));
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
