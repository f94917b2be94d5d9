package io.apogee.streams.log;

import java.util.Arrays;

/**
 * Where each chunk of a stream lies: its chunk id (first offset), log position, length, timestamp and type, in append
 * order,
 * so that a subscription finds its first chunk by offset or time with a binary search and then walks forward. Built
 * by {@link StreamLog#open} from the segments and grown by each append; kept in memory.
 *
 * <p>Retention drops chunks from the head by raising the first slot; slots keep their numbers, so a reader's slot
 * stays valid, and the dropped slots stay in the arrays (see docs/streams.md, left for later).
 *
 * <p>One writer (the log's appender, under its monitor), any number of readers without locks: the writer fills a slot,
 * then publishes it by raising the volatile count. Growth copies the arrays into a new table published before the
 * count, so a reader that read the count first always finds its slots.
 */
final class ChunkIndex {
    private static final int INITIAL_CAPACITY = 1024;

    private record Table(long[] ids, long[] positions, int[] lengths, long[] timestamps, byte[] types) {
        Table grow(int capacity) {
            return new Table(Arrays.copyOf(ids, capacity), Arrays.copyOf(positions, capacity),
                Arrays.copyOf(lengths, capacity), Arrays.copyOf(timestamps, capacity), Arrays.copyOf(types, capacity));
        }
    }

    private volatile Table table = new Table(new long[INITIAL_CAPACITY], new long[INITIAL_CAPACITY],
        new int[INITIAL_CAPACITY], new long[INITIAL_CAPACITY], new byte[INITIAL_CAPACITY]);
    private volatile int count;
    private volatile int first;

    /** Adds a chunk after the last one. Writer only. */
    void add(long chunkId, long position, int length, long timestamp, byte type) {
        int slot = count;
        Table current = table;
        if (slot == current.ids.length) {
            current = current.grow(slot * 2);
            table = current;
        }
        current.ids[slot] = chunkId;
        current.positions[slot] = position;
        current.lengths[slot] = length;
        current.timestamps[slot] = timestamp;
        current.types[slot] = type;
        count = slot + 1;
    }

    /** The chunks indexed. */
    int count() {
        return count;
    }

    /** The first slot kept: the slots before it were dropped by retention. */
    int first() {
        return first;
    }

    /** Drops the slots before {@code slot}. Writer only. */
    void dropBefore(int slot) {
        first = Math.max(first, Math.min(slot, count));
    }

    /** The timestamp of chunk {@code slot}. */
    long timestamp(int slot) {
        return table.timestamps[slot];
    }

    /** The first kept slot whose chunk lies at or after log position {@code position}; {@code count()} when none does. */
    int slotOfPosition(long position) {
        Table current = table;
        int low = first;
        int high = count;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (current.positions[middle] < position) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    /** The chunk id of chunk {@code slot}. */
    long chunkId(int slot) {
        return table.ids[slot];
    }

    /** The log position of chunk {@code slot}. */
    long position(int slot) {
        return table.positions[slot];
    }

    /** The chunk type of chunk {@code slot}. */
    byte type(int slot) {
        return table.types[slot];
    }

    /** The bytes of chunk {@code slot}. */
    int length(int slot) {
        return table.lengths[slot];
    }

    /** The slot of the chunk holding {@code offset}: the last kept whose id is at most it; the first kept when all are above it. */
    int slotOfOffset(long offset, int upTo) {
        Table current = table;
        int low = first;
        int high = upTo - 1;
        int found = low;
        while (low <= high) {
            int middle = (low + high) >>> 1;
            if (current.ids[middle] <= offset) {
                found = middle;
                low = middle + 1;
            } else {
                high = middle - 1;
            }
        }
        return found;
    }

    /** The slot of the first kept chunk written at or after {@code timestamp}; {@code upTo} when none was. */
    int slotOfTimestamp(long timestamp, int upTo) {
        Table current = table;
        int low = first;
        int high = upTo;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (current.timestamps[middle] < timestamp) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }
}
