package io.apogee.store.queue;

import java.util.Objects;

/**
 * Everything the store keeps for one (topic, queue id): its consume queue, its long-polling waiters, and the
 * next queue offset to assign.
 *
 * <p>Threads: {@link #assignOffsets(int)} belongs to the appender alone (a plain field, no synchronization);
 * the consume queue is written by the appender too (both under its write turn); readers use {@link #units()} and {@link #awaitArrival}.
 */
public final class LogicalQueue {
    private final ConsumeQueue units;
    private final QueueWaiters waiters = new QueueWaiters();
    private long nextOffset;
    /** Requests to this queue wait for its next file to be made: later ones wait behind them. */
    private volatile boolean fileAwaited;

    /** Wraps {@code units}; the next offset to assign starts at its max offset (loaded or recovered). */
    public LogicalQueue(ConsumeQueue units) {
        this.units = Objects.requireNonNull(units, "units");
        this.nextOffset = units.maxOffset();
    }

    /** The topic. */
    public String topic() {
        return units.topic();
    }

    /** The queue id. */
    public int queueId() {
        return units.queueId();
    }

    /** The consume queue. */
    public ConsumeQueue units() {
        return units;
    }

    /** The long-polling waiters. */
    public QueueWaiters waiters() {
        return waiters;
    }

    /** Whether requests to this queue wait for its next file (see the appender's queue-file maker). Any thread. */
    public boolean fileAwaited() {
        return fileAwaited;
    }

    /** Marks that requests wait for this queue's next file, or no longer do. The queue-file maker, under its lock. */
    public void fileAwaited(boolean value) {
        fileAwaited = value;
    }

    /** Reserves {@code count} consecutive queue offsets and returns the first. Appender only. */
    public long assignOffsets(int count) {
        long first = nextOffset;
        nextOffset = first + count;
        return first;
    }

    /** Gives back the last {@code count} offsets reserved (a request that failed to write). Appender only. */
    public void unassignOffsets(int count) {
        nextOffset -= count;
    }

    /** The next queue offset the appender will assign. Appender only (or before it runs). */
    public long nextOffset() {
        return nextOffset;
    }

    /** Sets the next queue offset to assign (recovery, before the appender runs). */
    public void nextOffset(long value) {
        nextOffset = value;
    }

    /**
     * Waits for a message at or after {@code offset}: returns false when one is already there (the caller reads
     * now, and the listener is not kept), true when {@code listener} will be told on arrival (or was just told).
     * The caller removes the listener on timeout with {@code waiters().remove(listener)}.
     */
    public boolean awaitArrival(long offset, ArrivalListener listener) {
        if (units.maxOffset() > offset) {
            return false;
        }
        waiters.add(listener);
        if (units.maxOffset() > offset) {
            return !waiters.remove(listener);
        }
        return true;
    }
}
