package io.apogee.broker.timer;

import java.util.Arrays;

/**
 * The timer messages loaded for delivery: a binary min-heap of (delivery time, timer-queue offset) pairs in two
 * parallel primitive arrays, earliest time first (then lowest offset), 16 bytes a message and nothing allocated per
 * message. Hand-written because no dependency of the project offers a primitive heap.
 *
 * <p>Not thread-safe: owned by the timer service's thread.
 */
final class PendingTimers {
    private static final int INITIAL_CAPACITY = 64;

    private long[] times = new long[INITIAL_CAPACITY];
    private long[] offsets = new long[INITIAL_CAPACITY];
    private int size;

    /** How many are loaded. */
    int size() {
        return size;
    }

    /** Whether none is loaded. */
    boolean isEmpty() {
        return size == 0;
    }

    /** Adds the message at timer-queue {@code offset}, due at {@code time}. */
    void add(long time, long offset) {
        if (size == times.length) {
            times = Arrays.copyOf(times, size * 2);
            offsets = Arrays.copyOf(offsets, size * 2);
        }
        int child = size++;
        while (child > 0) {
            int parent = (child - 1) >>> 1;
            if (!before(time, offset, times[parent], offsets[parent])) {
                break;
            }
            times[child] = times[parent];
            offsets[child] = offsets[parent];
            child = parent;
        }
        times[child] = time;
        offsets[child] = offset;
    }

    /** The earliest delivery time loaded; only when not empty. */
    long firstTime() {
        return times[0];
    }

    /** The timer-queue offset of the earliest; only when not empty. */
    long firstOffset() {
        return offsets[0];
    }

    /** Removes the earliest; only when not empty. */
    void removeFirst() {
        size--;
        siftDown(0, times[size], offsets[size]);
        shrinkWhenSparse();
    }

    /** Places ({@code time}, {@code offset}) at {@code parent} or below, moving earlier children up. */
    private void siftDown(int parent, long time, long offset) {
        while (true) {
            int child = 2 * parent + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && before(times[child + 1], offsets[child + 1], times[child], offsets[child])) {
                child++;
            }
            if (!before(times[child], offsets[child], time, offset)) {
                break;
            }
            times[parent] = times[child];
            offsets[parent] = offsets[child];
            parent = child;
        }
        times[parent] = time;
        offsets[parent] = offset;
    }

    /** Gives back the arrays of a burst once three quarters of them stand empty, so a peak does not hold memory. */
    private void shrinkWhenSparse() {
        if (times.length > INITIAL_CAPACITY && size < times.length / 4) {
            int capacity = Math.max(INITIAL_CAPACITY, times.length / 2);
            times = Arrays.copyOf(times, capacity);
            offsets = Arrays.copyOf(offsets, capacity);
        }
    }

    /** The delivery time of rank {@code rank} (0 the earliest) among those loaded; sorts a copy (rare: overload only). */
    long timeAtRank(int rank) {
        long[] sorted = Arrays.copyOf(times, size);
        Arrays.sort(sorted);
        return sorted[rank];
    }

    /** Drops every message due after {@code time}; returns how many. */
    int dropAfter(long time) {
        int kept = 0;
        for (int i = 0; i < size; i++) {
            if (times[i] <= time) {
                times[kept] = times[i];
                offsets[kept] = offsets[i];
                kept++;
            }
        }
        int dropped = size - kept;
        size = kept;
        for (int parent = size / 2 - 1; parent >= 0; parent--) {
            siftDown(parent, times[parent], offsets[parent]);
        }
        return dropped;
    }

    private static boolean before(long time, long offset, long otherTime, long otherOffset) {
        return time < otherTime || time == otherTime && offset < otherOffset;
    }
}
