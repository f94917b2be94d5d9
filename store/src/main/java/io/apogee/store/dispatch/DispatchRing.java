package io.apogee.store.dispatch;

/**
 * A preallocated single-producer, single-consumer ring of {@link DispatchEntry}s from the appender to the
 * dispatcher (the producer is whichever thread holds the appender's write turn; the turn orders them). The appender claims entries, fills them, and publishes a whole batch with one volatile write; the
 * dispatcher reads up to the published sequence and frees what it has processed with one volatile write.
 *
 * <p>Threads: exactly one producer (the appender) and one consumer (the dispatcher); the name of each method says
 * which side calls it.
 */
public final class DispatchRing {
    private final DispatchEntry[] entries;
    private final int mask;
    private long producerClaimed;
    private long producerConsumedCache;
    private volatile long published;
    private volatile long consumed;

    /** Creates the ring with {@code capacity} entries, a power of two. */
    public DispatchRing(int capacity) {
        if (capacity < 2 || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
        }
        entries = new DispatchEntry[capacity];
        for (int i = 0; i < capacity; i++) {
            entries[i] = new DispatchEntry();
        }
        mask = capacity - 1;
    }

    /** Entries in the ring. */
    public int capacity() {
        return entries.length;
    }

    /** Producer: how many entries may be claimed now. */
    public int producerFree() {
        long free = entries.length - (producerClaimed - producerConsumedCache);
        if (free <= 0) {
            producerConsumedCache = consumed;
            free = entries.length - (producerClaimed - producerConsumedCache);
        }
        return (int) free;
    }

    /** Producer: whether {@code count} entries may be claimed now. */
    public boolean producerHasRoom(int count) {
        if (entries.length - (producerClaimed - producerConsumedCache) >= count) {
            return true;
        }
        producerConsumedCache = consumed;
        return entries.length - (producerClaimed - producerConsumedCache) >= count;
    }

    /** Producer: claims the next entry (after checking room); it stays invisible until {@link #producerPublish()}. */
    public DispatchEntry producerClaim() {
        return entries[(int) (producerClaimed++ & mask)];
    }

    /** Producer: the entry at {@code sequence}, claimed and not yet published (to read back before publishing). */
    public DispatchEntry producerEntry(long sequence) {
        return entries[(int) (sequence & mask)];
    }

    /** Producer: entries claimed and not yet consumed, the consumer's backlog once published. */
    public long producerBacklog() {
        return producerClaimed - consumed;
    }

    /** Producer: the sequence of the next entry to claim, to roll back to with {@link #producerRollback(long)}. */
    public long producerPosition() {
        return producerClaimed;
    }

    /** Producer: forgets entries claimed at or after {@code position} and not yet published. */
    public void producerRollback(long position) {
        if (position < published || position > producerClaimed) {
            throw new IllegalArgumentException("cannot roll back to " + position);
        }
        producerClaimed = position;
    }

    /** Producer: makes every claimed entry visible to the consumer. */
    public void producerPublish() {
        published = producerClaimed;
    }

    /** Consumer: the first sequence not yet consumed. */
    public long consumerPosition() {
        return consumed;
    }

    /** Consumer: the sequence up to which entries are published (exclusive). */
    public long consumerAvailable() {
        return published;
    }

    /** Consumer: the entry at {@code sequence}, which must be below {@link #consumerAvailable()}. */
    public DispatchEntry consumerEntry(long sequence) {
        return entries[(int) (sequence & mask)];
    }

    /** Consumer: frees every entry below {@code sequence}. */
    public void consumerRelease(long sequence) {
        for (long s = consumed; s < sequence; s++) {
            entries[(int) (s & mask)].clear();
        }
        consumed = sequence;
    }
}
