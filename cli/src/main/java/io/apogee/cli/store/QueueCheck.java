package io.apogee.cli.store;

import io.apogee.wire.message.ConsumeQueueEntry;
import io.apogee.wire.message.TagsCode;
import io.apogee.wire.message.record.StoredRecord;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks every consume queue ({@code consumequeue/TOPIC/QUEUE/<20-digit byte offset>}) against the log: each
 * written unit must point at an intact record of that topic, queue and queue offset, inside the log, with the
 * record's size and, for plain tags, its tags code; units must go forward in the log, and a queue must hold a unit
 * for every queue offset the log's records took.
 *
 * <p>Not thread-safe: one verification, one thread.
 */
final class QueueCheck {
    private static final int NAME_DIGITS = 20;
    /** RocketMQ's padding unit before a queue's first real unit: offset 0, this size, tags code 0. */
    private static final int PRE_BLANK_SIZE = Integer.MAX_VALUE;
    /** Tags codes at or below this are addresses in RocketMQ's consume-queue extension, not tag hashes. */
    private static final long MAX_EXTENSION_ADDRESS = Integer.MIN_VALUE - 1L;
    /** Topics whose units hold a delivery time in the tags-code slot (docs/protocol.md §4.5). */
    private static final Set<String> TIME_CODED_TOPICS = Set.of("SCHEDULE_TOPIC_XXXX", "rmq_sys_wheel_timer");

    private final StoreDirectory store;
    private final Findings findings;
    private final RecordProbe probe;
    private final ConsumeQueueEntry unit = new ConsumeQueueEntry();
    private final Map<QueueKey, Long> queueEnds = new HashMap<>();

    QueueCheck(StoreDirectory store, Findings findings, RecordProbe probe) {
        this.store = store;
        this.findings = findings;
        this.probe = probe;
    }

    /** Checks every queue, then that each queue of the log has its units ({@code logNext}: per queue, one past). */
    void check(Map<QueueKey, Long> logNext) {
        for (Path topicDirectory : ReadOnlyFiles.list(store.consumeQueues())) {
            String topic = topicDirectory.getFileName().toString();
            for (Path queueDirectory : ReadOnlyFiles.list(topicDirectory)) {
                String name = queueDirectory.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit) || name.isEmpty() || name.length() > 9) {
                    findings.add(store.name(queueDirectory), -1, "not a queue id");
                    continue;
                }
                QueueKey queue = new QueueKey(topic, Integer.parseInt(name));
                queueEnds.put(queue, checkQueue(queue, ReadOnlyFiles.list(queueDirectory)));
            }
        }
        for (Map.Entry<QueueKey, Long> entry : logNext.entrySet()) {
            QueueKey queue = entry.getKey();
            Long queueEnd = queueEnds.get(queue);
            String directory = "consumequeue/" + queue.topic() + "/" + queue.queueId();
            if (queueEnd == null) {
                findings.add(directory, -1, "missing: the log holds records of this queue up to queue offset "
                    + (entry.getValue() - 1));
            } else if (queueEnd < entry.getValue()) {
                findings.add(directory, -1, "ends at queue offset " + queueEnd + " but the log holds records up to "
                    + (entry.getValue() - 1));
            }
        }
    }

    /** Every queue found, with one past its last written unit. */
    Map<QueueKey, Long> queueEnds() {
        return queueEnds;
    }

    /** Checks the files of one queue; returns one past its last written unit's queue offset. */
    private long checkQueue(QueueKey queue, List<Path> files) {
        long fileSize = -1;
        long expectedBase = -1;
        long end = 0;
        long previousOffset = -1;
        boolean ended = false;
        for (Path file : files) {
            String name = store.name(file);
            String fileName = file.getFileName().toString();
            long size = ReadOnlyFiles.size(file);
            if (fileName.length() != NAME_DIGITS || !fileName.chars().allMatch(Character::isDigit)) {
                findings.add(name, -1, "not a consume-queue file name (20 digits, its byte offset)");
                continue;
            }
            long base = Long.parseLong(fileName);
            if (fileSize < 0) {
                fileSize = size;
                expectedBase = base;
                end = base / ConsumeQueueEntry.SIZE;
            }
            if (size != fileSize || size % ConsumeQueueEntry.SIZE != 0) {
                findings.add(name, -1, "file of " + size + " bytes where the first has " + fileSize
                    + " (a whole number of 20-byte units)");
            }
            if (base != expectedBase || base % ConsumeQueueEntry.SIZE != 0) {
                findings.add(name, -1, "expected the file of byte offset " + expectedBase + " (a file is missing)");
            }
            expectedBase = base + fileSize;
            try (ReadOnlyMapping mapping = ReadOnlyMapping.of(file)) {
                ByteBuffer buffer = mapping.buffer();
                for (int at = 0; at + ConsumeQueueEntry.SIZE <= buffer.capacity(); at += ConsumeQueueEntry.SIZE) {
                    unit.wrap(buffer, at);
                    if (unit.commitLogOffset() == 0 && unit.size() == 0 && unit.tagsCode() == 0) {
                        ended = true; // the unwritten rest of the queue
                        continue;
                    }
                    long queueOffset = (base + at) / ConsumeQueueEntry.SIZE;
                    if (ended) {
                        findings.add(name, at, "unit after unwritten units (a hole in the queue)");
                    }
                    if (unit.commitLogOffset() == 0 && unit.size() == PRE_BLANK_SIZE) {
                        end = queueOffset + 1;
                        continue;
                    }
                    if (unit.commitLogOffset() <= previousOffset) {
                        findings.add(name, at, "unit's commit-log offset " + unit.commitLogOffset()
                            + " does not go forward from " + previousOffset);
                    }
                    previousOffset = unit.commitLogOffset();
                    checkUnit(queue, name, at, queueOffset);
                    end = queueOffset + 1;
                }
            }
        }
        return end;
    }

    private void checkUnit(QueueKey queue, String name, int at, long queueOffset) {
        findings.countQueueUnit();
        long offset = unit.commitLogOffset();
        int size = unit.size();
        long tagsCode = unit.tagsCode();
        if (probe.beforeStart(offset)) {
            return; // its log file was deleted by retention
        }
        StoredRecord record = probe.at(offset);
        if (record == null) {
            findings.add(name, at, "unit (queue offset " + queueOffset + ", commit-log offset " + offset + ") "
                + probe.failure());
            return;
        }
        String problem = null;
        if (record.totalSize() != size) {
            problem = "size " + size + " but the record has " + record.totalSize();
        } else if (!record.topicEquals(queue.topic()) || record.queueId() != queue.queueId()) {
            problem = "points at a record of " + record.topic() + "/" + record.queueId();
        } else if (record.queueOffset() != queueOffset) {
            problem = "points at the record of queue offset " + record.queueOffset();
        } else if (tagsCode > MAX_EXTENSION_ADDRESS && !TIME_CODED_TOPICS.contains(queue.topic())
            && tagsCode != TagsCode.of(record.properties())) {
            problem = "tags code " + tagsCode + " but the record's tags hash to " + TagsCode.of(record.properties());
        }
        if (problem != null) {
            findings.add(name, at, "unit (queue offset " + queueOffset + ", commit-log offset " + offset + ") " + problem);
        }
    }
}
