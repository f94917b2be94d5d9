package io.apogee.broker.timer;

import io.apogee.store.MessageStore;
import io.apogee.store.read.UnitVisitor;

/**
 * Reads the timer queue's consume-queue units through the store: each holds its message's delivery time in the
 * tags-code slot ({@link TimerTopic#tagsCodeRule}), so finding what is due never touches the commit log. Nothing is
 * allocated per unit.
 *
 * <p>Not thread-safe: owned by the timer service's thread (the store's dispatcher writes the units concurrently; a
 * unit below the queue's max offset is complete).
 */
final class TimerUnits {
    private final MessageStore store;

    TimerUnits(MessageStore store) {
        this.store = store;
    }

    /** The first offset still held (0 before any timer message). */
    long minOffset() {
        return store.minOffset(TimerTopic.NAME, TimerTopic.QUEUE_ID);
    }

    /** One past the last unit written (0 before any timer message). */
    long maxOffset() {
        return store.maxOffset(TimerTopic.NAME, TimerTopic.QUEUE_ID);
    }

    /**
     * Tells {@code visitor} the units from {@code from} (raised to the first still held) up to {@code to}, in order,
     * each with its delivery time, until it answers false; returns the offset of the first unit not taken
     * ({@code to}, or the queue's end, when all were; where retention removed a segment meanwhile, the caller starts
     * again from the new minimum).
     */
    long scan(long from, long to, UnitVisitor visitor) {
        return store.scanUnits(TimerTopic.NAME, TimerTopic.QUEUE_ID, from, to, visitor);
    }
}
