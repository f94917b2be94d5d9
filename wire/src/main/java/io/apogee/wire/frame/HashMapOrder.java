package io.apogee.wire.frame;

import java.util.Arrays;
import java.util.List;

/**
 * Puts {@link ExtFields} entries into the order in which a {@code java.util.HashMap<String, String>} would iterate
 * them, so that typed headers encode byte for byte as RocketMQ's: RocketMQ fills a HashMap with the header's fields
 * ({@code makeCustomHeaderToNet}) and both its JSON and its binary encoder write the map in iteration order. Not
 * thread-safe: one instance per thread; its scratch arrays grow to the largest map seen, and reordering allocates
 * nothing after warm-up unless a key is not well-formed UTF-8 (its hash then needs a String).
 *
 * <p>The model, from HashMap's documented structure: a key's bucket is {@code (h ^ h >>> 16) & (capacity - 1)} with
 * {@code h = key.hashCode()}; buckets iterate in index order and keep their keys in insertion order (a resize splits
 * a bucket without reordering it); the capacity starts at 16 (or at the power of two at least the initial capacity
 * given) and doubles when the size exceeds three quarters of it, or when a bucket reaches 9 keys while the capacity
 * is below 64. Putting a key again replaces its value in place, so duplicates collapse onto the first position with
 * the last value. Not modelled: a bucket that reaches 9 keys at capacity 64 or more becomes a red-black tree whose
 * iteration order differs; {@link #reorder} reports that by returning false (it takes 9 keys colliding in one
 * of at least 64 buckets, which no RocketMQ header comes near). Keys are compared by their UTF-8 bytes.
 *
 * <p>The static methods answer the same question for {@code String} keys, for the typed headers, which work the order
 * of their fields out once when their class is loaded ({@link #fieldOrder}) and pick one by table size on the hot
 * path ({@link #tableSize}, allocation-free). They are stateless and safe for any thread.
 */
public final class HashMapOrder {
    /** The capacity of {@code new HashMap<>()}: the map {@code makeCustomHeaderToNet} creates when there is none yet. */
    public static final int DEFAULT_INITIAL_CAPACITY = 16;
    /**
     * The capacity of the map {@code RemotingCommand.addExtField} creates when there is none yet. A header whose first
     * entry came that way (the broker's {@code MSG_REGION} and {@code TRACE_ON} on a send response, the client's ACL
     * {@code AccessKey}) is ordered by this capacity, the typed fields added later included.
     */
    public static final int ADD_EXT_FIELD_INITIAL_CAPACITY = 256;
    /** The capacity of the map RocketMQ's binary header decoder creates. */
    public static final int BINARY_DECODER_INITIAL_CAPACITY = 128;

    private static final int LOAD_FACTOR_NUMERATOR = 3;
    private static final int LOAD_FACTOR_DENOMINATOR = 4;
    /** A bucket of this many keys is turned into a tree, or the table grows if it is small. */
    private static final int TREEIFY_BUCKET_SIZE = 9;
    private static final int MIN_TREEIFY_CAPACITY = 64;
    private static final int MAXIMUM_CAPACITY = 1 << 30;
    private static final int HASH_SPREAD_SHIFT = 16;
    private static final int STRING_HASH_MULTIPLIER = 31;
    private static final int BUCKET_SHIFT = 32;
    private static final long KEY_ID_MASK = 0xFFFF_FFFFL;
    private static final int EMPTY_SLOT = -1;
    private static final int INITIAL_ROOM = 32;

    private final ExtFields scratch = new ExtFields();
    private int[] spreadHashes = new int[INITIAL_ROOM];
    private int[] firstIndex = new int[INITIAL_ROOM];
    private int[] lastIndex = new int[INITIAL_ROOM];
    private long[] order = new long[INITIAL_ROOM];
    private int[] bucketSizes = new int[INITIAL_ROOM];
    private int[] dedupeSlots = new int[2 * INITIAL_ROOM];

    /** An instance with scratch room for a typical header. */
    public HashMapOrder() {
    }

    /**
     * Copies {@code source}'s entries into {@code target} (cleared first) in the iteration order of
     * {@code new HashMap<>()} after {@code put(key, value)} of each entry in {@code source} order.
     *
     * @return true if the order is exact, false if HashMap would have made a tree bucket (order then approximate)
     */
    public boolean reorder(ExtFields source, ExtFields target) {
        return reorder(source, target, DEFAULT_INITIAL_CAPACITY);
    }

    /**
     * Like {@link #reorder(ExtFields, ExtFields)} for {@code new HashMap<>(initialCapacity)}, such as
     * {@link #ADD_EXT_FIELD_INITIAL_CAPACITY} or {@link #BINARY_DECODER_INITIAL_CAPACITY}.
     */
    public boolean reorder(ExtFields source, ExtFields target, int initialCapacity) {
        if (initialCapacity < 1) {
            throw new IllegalArgumentException("initialCapacity must be at least 1: " + initialCapacity);
        }
        if (source == target) {
            throw new IllegalArgumentException("source and target must differ; use reorder(ExtFields) to reorder in place");
        }
        int distinct = collectDistinctKeys(source);
        int capacity = simulateCapacity(distinct, initialCapacity);
        boolean exact = capacity > 0;
        int mask = Math.abs(capacity) - 1;
        for (int d = 0; d < distinct; d++) {
            order[d] = (long) (spreadHashes[d] & mask) << BUCKET_SHIFT | d; // ids grow with first position
        }
        Arrays.sort(order, 0, distinct);
        copyInOrder(source, target, distinct);
        return exact;
    }

    /** Reorders {@code fields} in place, as {@link #reorder(ExtFields, ExtFields)} does. */
    public boolean reorder(ExtFields fields) {
        return reorder(fields, DEFAULT_INITIAL_CAPACITY);
    }

    /** Reorders {@code fields} in place, as {@link #reorder(ExtFields, ExtFields, int)} does. */
    public boolean reorder(ExtFields fields, int initialCapacity) {
        boolean exact = reorder(fields, scratch, initialCapacity);
        fields.clear();
        fields.addAll(scratch);
        if (scratch.isPresent()) {
            fields.markPresent();
        }
        return exact;
    }

    /** The bucket of {@code key} in a table of {@code tableSize} (a power of two). */
    public static int bucket(String key, int tableSize) {
        return spread(key.hashCode()) & (tableSize - 1);
    }

    /**
     * The table size of {@code new HashMap<>(initialCapacity)} after {@code puts} distinct keys, assuming no bucket
     * exceeds 8 keys (true for any header; {@link #iterationOrder(int, String...)} checks it). Allocates nothing.
     */
    public static int tableSize(int initialCapacity, int puts) {
        int capacity = tableSizeFor(initialCapacity);
        while (puts > threshold(capacity) && capacity < MAXIMUM_CAPACITY) {
            capacity <<= 1;
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
        HashMapOrder model = new HashMapOrder();
        int keys = keysInPutOrder.length;
        model.ensureRoom(keys);
        for (int d = 0; d < keys; d++) {
            model.spreadHashes[d] = spread(keysInPutOrder[d].hashCode());
        }
        int capacity = model.simulateCapacity(keys, initialCapacity);
        if (capacity < 0) {
            throw new UnsupportedOperationException("a bucket of a table of " + -capacity + " would become a tree: "
                + Arrays.toString(keysInPutOrder));
        }
        return iterationOrder(keysInPutOrder, capacity);
    }

    /** Fills the per-key arrays with each distinct key's hash, first and last position; returns their count. */
    private int collectDistinctKeys(ExtFields source) {
        int n = source.size();
        ensureRoom(n);
        int slotMask = dedupeSlots.length - 1;
        Arrays.fill(dedupeSlots, EMPTY_SLOT);
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            int spread = spread(stringHash(source, i));
            int slot = spread & slotMask;
            while (dedupeSlots[slot] != EMPTY_SLOT && !sameKey(source, firstIndex[dedupeSlots[slot]], i)) {
                slot = (slot + 1) & slotMask;
            }
            if (dedupeSlots[slot] != EMPTY_SLOT) {
                lastIndex[dedupeSlots[slot]] = i;
            } else {
                dedupeSlots[slot] = distinct;
                spreadHashes[distinct] = spread;
                firstIndex[distinct] = i;
                lastIndex[distinct] = i;
                distinct++;
            }
        }
        return distinct;
    }

    /**
     * Replays the puts to find the final table capacity; a negative answer is the capacity when a bucket would have
     * become a tree (the order is then not exact).
     */
    private int simulateCapacity(int distinct, int initialCapacity) {
        int capacity = recount(0, tableSizeFor(initialCapacity));
        boolean treeified = false;
        for (int d = 0; d < distinct; d++) {
            if (++bucketSizes[spreadHashes[d] & (capacity - 1)] >= TREEIFY_BUCKET_SIZE) {
                if (capacity < MIN_TREEIFY_CAPACITY) {
                    capacity = recount(d + 1, capacity << 1);
                } else {
                    treeified = true;
                }
            }
            if (d + 1 > threshold(capacity) && capacity < MAXIMUM_CAPACITY) {
                capacity = recount(d + 1, capacity << 1);
            }
        }
        return treeified ? -capacity : capacity;
    }

    /** Counts the first {@code keys} distinct keys per bucket of a table of {@code capacity}; returns the capacity. */
    private int recount(int keys, int capacity) {
        if (bucketSizes.length < capacity) {
            bucketSizes = new int[capacity];
        }
        Arrays.fill(bucketSizes, 0, capacity, 0);
        for (int d = 0; d < keys; d++) {
            bucketSizes[spreadHashes[d] & (capacity - 1)]++;
        }
        return capacity;
    }

    private void copyInOrder(ExtFields source, ExtFields target, int distinct) {
        target.clear();
        for (int k = 0; k < distinct; k++) {
            int id = (int) (order[k] & KEY_ID_MASK);
            target.addCopy(source, firstIndex[id], lastIndex[id]);
        }
        if (source.isPresent()) {
            target.markPresent();
        }
    }

    private boolean sameKey(ExtFields source, int a, int b) {
        int length = source.keyLength(a);
        if (length != source.keyLength(b)) {
            return false;
        }
        byte[] bytes = source.array();
        int offsetA = source.keyOffset(a);
        int offsetB = source.keyOffset(b);
        return Arrays.equals(bytes, offsetA, offsetA + length, bytes, offsetB, offsetB + length);
    }

    private void ensureRoom(int n) {
        if (spreadHashes.length < n) {
            int room = Integer.highestOneBit(n) << 1;
            spreadHashes = new int[room];
            firstIndex = new int[room];
            lastIndex = new int[room];
            order = new long[room];
            dedupeSlots = new int[2 * room];
        }
    }

    /** {@code key.hashCode()} of entry {@code i}'s key, computed from its UTF-8 bytes. */
    static int stringHash(ExtFields fields, int i) {
        byte[] bytes = fields.array();
        int at = fields.keyOffset(i);
        int end = at + fields.keyLength(i);
        int hash = 0;
        while (at < end) {
            int length = Utf8Sequences.sequenceLength(bytes, at, end);
            if (length < 0) {
                return fields.keyString(i).hashCode();
            }
            int codePoint = Utf8Sequences.codePoint(bytes, at, length);
            if (Character.isBmpCodePoint(codePoint)) {
                hash = STRING_HASH_MULTIPLIER * hash + codePoint;
            } else {
                hash = STRING_HASH_MULTIPLIER * hash + Character.highSurrogate(codePoint);
                hash = STRING_HASH_MULTIPLIER * hash + Character.lowSurrogate(codePoint);
            }
            at += length;
        }
        return hash;
    }

    private static int spread(int hash) {
        return hash ^ hash >>> HASH_SPREAD_SHIFT;
    }

    private static int threshold(int capacity) {
        return (int) ((long) capacity * LOAD_FACTOR_NUMERATOR / LOAD_FACTOR_DENOMINATOR);
    }

    private static int tableSizeFor(int capacity) {
        int size = capacity <= 1 ? 1 : Integer.highestOneBit(capacity - 1) << 1;
        return Math.min(size, MAXIMUM_CAPACITY);
    }
}
