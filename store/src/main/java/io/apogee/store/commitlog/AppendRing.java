package io.apogee.store.commitlog;

import io.apogee.store.queue.LogicalQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A preallocated many-to-one ring of {@link AppendSlot}s: producer threads claim a sequence with a compare-and-set,
 * fill the slot and publish it; the appender reads slots in sequence order; the completer releases them. No
 * allocation per append; a full ring is reported, not waited on.
 *
 * <p>Threads: {@link #offer} from any thread; {@link #publishedSlot} from the appender; {@link #release} from the
 * completer (the appender in ASYNC mode, the flusher in SYNC mode).
 */
final class AppendRing {
    private final AppendSlot[] slots;
    private final int mask;
    private final AtomicLong claimed = new AtomicLong();
    private volatile long released;

    AppendRing(int capacity) {
        if (capacity < 2 || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
        }
        slots = new AppendSlot[capacity];
        for (int i = 0; i < capacity; i++) {
            slots[i] = new AppendSlot();
        }
        mask = capacity - 1;
    }

    /** Queues {@code request}, with the queue whose units it reserved (or null); false when the ring is full. Any thread. */
    boolean offer(AppendRequest request, LogicalQueue queue) {
        long sequence;
        do {
            sequence = claimed.get();
            if (sequence - released >= slots.length) {
                return false;
            }
        } while (!claimed.compareAndSet(sequence, sequence + 1));
        AppendSlot slot = slots[(int) (sequence & mask)];
        slot.request = request;
        slot.queue = queue;
        slot.sequence = sequence;
        return true;
    }

    /** The slot of {@code sequence} if it has been published, else null. Appender. */
    AppendSlot publishedSlot(long sequence) {
        AppendSlot slot = slots[(int) (sequence & mask)];
        return slot.sequence == sequence ? slot : null;
    }

    /** The slot of {@code sequence}, which the caller knows to be published. */
    AppendSlot slot(long sequence) {
        return slots[(int) (sequence & mask)];
    }

    /** Lets producers reuse every slot below {@code sequence}. Completer. */
    void release(long sequence) {
        released = sequence;
    }

    /** Requests claimed but not yet released. */
    long inFlight() {
        return claimed.get() - released;
    }

    int capacity() {
        return slots.length;
    }
}
