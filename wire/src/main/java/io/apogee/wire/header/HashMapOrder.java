package io.apogee.wire.header;

import java.util.Arrays;
import java.util.List;

/**
 * The order in which a {@code java.util.HashMap<String, ?>} iterates its keys, worked out without building one.
 * Apache RocketMQ puts a header's fields into such a map and writes the map in iteration order, so this is what
 * an encoder needs to produce the same bytes. Stateless; every method is safe for any thread.
 *
 * <p>A HashMap iterates its table from bucket 0 up; a key's bucket is {@code (h ^ (h >>> 16)) & (size - 1)} for
 * its {@code hashCode} h; keys in one bucket come in insertion order (a resize splits a bucket without reordering
 * it). The table starts at the initial capacity rounded up to a power of two (16 for {@code new HashMap<>()}) and
 * doubles whenever the size exceeds 3/4 of it, or when a bucket would grow past 8 keys in a table smaller than
 * 64. Past that, a bucket becomes a tree, whose order this class does not model: it throws instead. Header-sized
 * maps never get there.
 */
public final class HashMapOrder {
    /** The initial capacity of {@code new HashMap<>()}. */
    public static final int DEFAULT_CAPACITY = 16;

    private static final int MAXIMUM_CAPACITY = 1 << 30;
    private static final int TREEIFY_THRESHOLD = 8;
    private static final int MIN_TREEIFY_CAPACITY = 64;
    private static final int LOAD_NUMERATOR = 3;
    private static final int LOAD_DENOMINATOR = 4;
    /** HashMap.hash: the high half of the hash code is folded into the low half. */
    private static final int SPREAD_SHIFT = 16;

    private HashMapOrder() {
    }

    /** The bucket of {@code key} in a table of {@code tableSize} (a power of two). */
    public static int bucket(String key, int tableSize) {
        int h = key.hashCode();
        return (h ^ (h >>> SPREAD_SHIFT)) & (tableSize - 1);
    }

    /**
     * The table size of {@code new HashMap<>(initialCapacity)} after {@code puts} distinct keys, assuming no bucket
     * exceeds 8 keys (true for any header; {@link #iterationOrder(int, String...)} checks it). Allocates nothing.
     */
    public static int tableSize(int initialCapacity, int puts) {
        int capacity = Table.tableSizeFor(initialCapacity);
        int threshold = Table.threshold(capacity);
        while (puts > threshold) {
            int oldCapacity = capacity;
            capacity <<= 1;
            threshold = oldCapacity >= DEFAULT_CAPACITY ? threshold << 1 : Table.threshold(capacity);
        }
        return capacity;
    }

    /**
     * The indexes of {@code keysInPutOrder} in the order a table of {@code tableSize} iterates them: by bucket,
     * and by put order within a bucket.
     */
    public static int[] iterationOrder(String[] keysInPutOrder, int tableSize) {
        Integer[] order = new Integer[keysInPutOrder.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Integer.compare(bucket(keysInPutOrder[a], tableSize),
            bucket(keysInPutOrder[b], tableSize))); // a stable sort: put order within a bucket
        int[] result = new int[order.length];
        for (int i = 0; i < order.length; i++) {
            result[i] = order[i];
        }
        return result;
    }

    /**
     * For a header whose fields have the keys {@code fieldKeys} (indexed by field number), the field numbers in
     * the order a table of {@code tableSize} iterates them, given the order {@code keysInPutOrder} in which the
     * keys were put (the same keys, in any order).
     *
     * @throws IllegalArgumentException if the two arrays do not hold the same keys
     */
    public static int[] fieldOrder(String[] fieldKeys, String[] keysInPutOrder, int tableSize) {
        List<String> fields = Arrays.asList(fieldKeys);
        if (fieldKeys.length != keysInPutOrder.length || !fields.containsAll(Arrays.asList(keysInPutOrder))) {
            throw new IllegalArgumentException(Arrays.toString(keysInPutOrder) + " are not the keys "
                + Arrays.toString(fieldKeys));
        }
        int[] puts = iterationOrder(keysInPutOrder, tableSize);
        int[] order = new int[puts.length];
        for (int i = 0; i < puts.length; i++) {
            order[i] = fields.indexOf(keysInPutOrder[puts[i]]);
        }
        return order;
    }

    /**
     * The iteration order of {@code new HashMap<>(initialCapacity)} after putting the distinct
     * {@code keysInPutOrder}, as indexes into that array; resizes for long buckets included.
     *
     * @throws UnsupportedOperationException if a bucket would be turned into a tree
     */
    public static int[] iterationOrder(int initialCapacity, String... keysInPutOrder) {
        Table table = new Table(initialCapacity);
        for (int put = 0; put < keysInPutOrder.length; put++) {
            table.ensureAllocated();
            int bucket = bucket(keysInPutOrder[put], table.capacity);
            int before = 0;
            for (int earlier = 0; earlier < put; earlier++) {
                if (bucket(keysInPutOrder[earlier], table.capacity) == bucket) {
                    before++;
                }
            }
            if (before >= TREEIFY_THRESHOLD) {
                if (table.capacity >= MIN_TREEIFY_CAPACITY) {
                    throw new UnsupportedOperationException("bucket " + bucket + " of " + table.capacity
                        + " would become a tree at key '" + keysInPutOrder[put] + "'");
                }
                table.resize();
            }
            table.afterPut(put + 1);
        }
        table.ensureAllocated();
        return iterationOrder(keysInPutOrder, table.capacity);
    }

    /** The capacity and threshold of one HashMap, resized exactly as {@code HashMap.resize()} does. */
    private static final class Table {
        private int capacity;
        private int threshold;

        Table(int initialCapacity) {
            this.threshold = tableSizeFor(initialCapacity);
        }

        void ensureAllocated() {
            if (capacity == 0) {
                resize();
            }
        }

        void afterPut(int size) {
            ensureAllocated();
            if (size > threshold) {
                resize();
            }
        }

        void resize() {
            int newThreshold = 0;
            if (capacity > 0) {
                int oldCapacity = capacity;
                capacity = oldCapacity << 1;
                if (capacity < MAXIMUM_CAPACITY && oldCapacity >= DEFAULT_CAPACITY) {
                    newThreshold = threshold << 1;
                }
            } else {
                capacity = threshold;
            }
            if (newThreshold == 0) {
                newThreshold = threshold(capacity);
            }
            threshold = newThreshold;
        }

        static int threshold(int capacity) {
            return (int) ((float) capacity * LOAD_NUMERATOR / LOAD_DENOMINATOR);
        }

        static int tableSizeFor(int initialCapacity) {
            int n = -1 >>> Integer.numberOfLeadingZeros(initialCapacity - 1);
            return n < 0 ? 1 : n >= MAXIMUM_CAPACITY ? MAXIMUM_CAPACITY : n + 1;
        }
    }
}
