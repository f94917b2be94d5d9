package io.apogee.broker.offset;

import io.apogee.broker.metadata.ConsumerOffsetTable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Committed consumer offsets per (group, topic, queue), kept in the broker's {@link ConsumerOffsetTable} and written
 * to disk with the other metadata (periodically and on close), and the resets an operator asked for that the group's
 * consumers have not yet been told of (RocketMQ's server-side reset): the next pull of such a queue is answered with
 * the reset offset, and the consumers' commits to it are ignored until then, since they predate the reset.
 *
 * <p>Thread-safe: the tables are. A commit allocates one small entry; while no reset waits, checking for one costs a
 * volatile read.
 */
public final class ConsumerOffsets {
    /** The answer for a queue the group never committed, and for a queue with no reset waiting. */
    public static final long NONE = ConsumerOffsetTable.NONE;

    private final ConsumerOffsetTable table;
    private final ConcurrentHashMap<QueueOfGroup, Long> resets = new ConcurrentHashMap<>();
    private final AtomicInteger waitingResets = new AtomicInteger();

    /** Offsets kept in {@code table}. */
    public ConsumerOffsets(ConsumerOffsetTable table) {
        this.table = table;
    }

    /** Commits {@code offset} (the next offset to consume) for the group in the queue. */
    public void commit(String group, String topic, int queueId, long offset) {
        table.commit(group, topic, queueId, offset);
    }

    /**
     * Commits a client's {@code offset} unless a reset of the queue waits for the group's consumers; whether it was
     * committed.
     */
    public boolean commitUnlessReset(String group, String topic, int queueId, long offset) {
        if (waitingResets.get() > 0 && resets.containsKey(new QueueOfGroup(group, topic, queueId))) {
            return false;
        }
        table.commit(group, topic, queueId, offset);
        return true;
    }

    /** The committed offset, or {@link #NONE}. */
    public long committed(String group, String topic, int queueId) {
        return table.offset(group, topic, queueId);
    }

    /** Commits {@code offset} as an operator's reset, which the next pull of the queue by the group is told of. */
    public void reset(String group, String topic, int queueId, long offset) {
        if (resets.put(new QueueOfGroup(group, topic, queueId), offset) == null) {
            waitingResets.incrementAndGet();
        }
        table.commit(group, topic, queueId, offset);
    }

    /** The offset of a reset of the queue that waits for the group's next pull, now taken; or {@link #NONE}. */
    public long takeReset(String group, String topic, int queueId) {
        if (waitingResets.get() <= 0) {
            return NONE;
        }
        Long offset = resets.remove(new QueueOfGroup(group, topic, queueId));
        if (offset == null) {
            return NONE;
        }
        waitingResets.decrementAndGet();
        return offset;
    }

    /** One queue of one group's topic. */
    private record QueueOfGroup(String group, String topic, int queueId) {
    }
}
