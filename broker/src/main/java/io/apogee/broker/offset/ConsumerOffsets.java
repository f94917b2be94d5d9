package io.apogee.broker.offset;

import io.apogee.broker.metadata.ConsumerOffsetTable;

/**
 * Committed consumer offsets per (group, topic, queue), kept in the broker's {@link ConsumerOffsetTable} and written
 * to disk with the other metadata (periodically and on close).
 *
 * <p>Thread-safe: the table is. A commit allocates one small entry.
 */
public final class ConsumerOffsets {
    /** The answer for a queue the group never committed. */
    public static final long NONE = ConsumerOffsetTable.NONE;

    private final ConsumerOffsetTable table;

    /** Offsets kept in {@code table}. */
    public ConsumerOffsets(ConsumerOffsetTable table) {
        this.table = table;
    }

    /** Commits {@code offset} (the next offset to consume) for the group in the queue. */
    public void commit(String group, String topic, int queueId, long offset) {
        table.commit(group, topic, queueId, offset);
    }

    /** The committed offset, or {@link #NONE}. */
    public long committed(String group, String topic, int queueId) {
        return table.offset(group, topic, queueId);
    }
}
