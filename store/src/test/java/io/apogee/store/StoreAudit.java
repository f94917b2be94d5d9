package io.apogee.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.store.file.MappedSegment;
import io.apogee.store.queue.ConsumeQueue;
import io.apogee.store.queue.LogicalQueue;
import io.apogee.wire.message.ConsumeQueueEntry;
import io.apogee.wire.message.MessageSysFlag;
import io.apogee.wire.message.record.RecordStatus;
import io.apogee.wire.message.record.RecordValidator;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads a whole store back and checks that its consume queues match its commit log exactly. */
public final class StoreAudit {
    /** One record as the log holds it. */
    public record Entry(long physical, int size, long tagsCode, long queueOffset) {
    }

    private StoreAudit() {
    }

    /** Every record of the log, by "topic-queueId", in queue order; fails on anything but valid records and padding. */
    public static Map<String, List<Entry>> readLog(MessageStore store) {
        Map<String, List<Entry>> queues = new HashMap<>();
        RecordValidator validator = new RecordValidator(store.config().commitLog().maxRecordSize());
        StoredRecord record = new StoredRecord();
        long position = store.commitLog().minOffset();
        long end = store.commitLog().publishedPosition();
        while (position < end) {
            MappedSegment segment = store.commitLog().segments().segmentFor(position);
            ByteBuffer buffer = segment.readBuffer();
            int at = (int) (position - segment.baseOffset());
            RecordStatus status = validator.check(buffer, at, segment.capacity(), true);
            if (status == RecordStatus.BLANK) {
                position = segment.endOffset();
                continue;
            }
            assertThat(status).as("record at " + position).isEqualTo(RecordStatus.VALID);
            record.wrap(buffer, at);
            assertThat(record.physicalOffset()).isEqualTo(position);
            if (!MessageSysFlag.skipsConsumeQueue(record.sysFlag())) {
                queues.computeIfAbsent(record.topic() + "-" + record.queueId(), key -> new ArrayList<>())
                    .add(new Entry(position, record.totalSize(), record.tagsCode(), record.queueOffset()));
            }
            position += record.totalSize();
        }
        return queues;
    }

    /** Checks that every consume queue holds exactly one unit per record of its queue, equal to the record's. */
    public static Map<String, List<Entry>> assertQueuesMatchLog(MessageStore store) {
        Map<String, List<Entry>> expected = readLog(store);
        ConsumeQueueEntry unit = new ConsumeQueueEntry();
        int queuesSeen = 0;
        for (LogicalQueue queue : store.queues().all()) {
            String key = queue.topic() + "-" + queue.queueId();
            List<Entry> entries = expected.getOrDefault(key, List.of());
            ConsumeQueue units = queue.units();
            long first = entries.isEmpty() ? units.minOffset() : entries.get(0).queueOffset();
            assertThat(units.maxOffset()).as(key + " max offset").isEqualTo(first + entries.size());
            for (int i = 0; i < entries.size(); i++) {
                Entry entry = entries.get(i);
                assertThat(entry.queueOffset()).as(key + " queue offsets in the log").isEqualTo(first + i);
                MappedSegment segment = units.retainSegmentFor(entry.queueOffset());
                try {
                    unit.wrap(segment.readBuffer(), ConsumeQueue.positionIn(segment, entry.queueOffset()));
                    assertThat(unit.commitLogOffset()).as(key + " unit " + entry.queueOffset()).isEqualTo(entry.physical());
                    assertThat(unit.size()).isEqualTo(entry.size());
                    assertThat(unit.tagsCode()).isEqualTo(entry.tagsCode());
                } finally {
                    segment.release();
                }
            }
            if (!entries.isEmpty()) {
                queuesSeen++;
            }
        }
        assertThat(queuesSeen).as("queues with records").isEqualTo(expected.size());
        return expected;
    }
}
