package io.apogee.wire.header;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The decoder and encoder of one header class, driven by its table of {@link HeaderField}s: the shared
 * mechanism behind every header except the four hot ones, which are written out by hand.
 *
 * <p><b>Decoding</b> walks the ext entries once, from the last to the first so that the last of duplicate keys
 * wins, matching each key against the table. <b>Encoding</b> writes the set fields in Apache RocketMQ's
 * {@code HashMap} iteration order. That order depends on the order RocketMQ put the keys in, which is the
 * iteration order of the {@code HashSet<Field>} its {@code makeCustomHeaderToNet} collects: a hash order of the
 * declaring class and field names, given here per class as {@link Builder#putOrder}. Keys that RocketMQ adds with
 * {@code addExtField} before flattening the header ({@link Builder#preset}) come first and make the map a
 * {@code HashMap(256)}. The iteration order for each possible table size is worked out once, when the class is
 * loaded.
 *
 * <p>Immutable and shared by every instance of the header class, so safe for any thread; the header instance
 * passed in belongs to the caller.
 */
final class HeaderSchema<H> {
    /** The capacity of the map that {@code RemotingCommand.addExtField} creates. */
    static final int PRESET_MAP_CAPACITY = 256;
    private static final int MAX_FIELDS = Long.SIZE;

    private final String headerName;
    private final List<HeaderField<? super H>> fields;
    private final long requiredMask;
    private final long presetMask;
    /** For table size 2^i: the field indexes in iteration order, or null if the size cannot occur. */
    private final int[][] orderByTableShift;

    private HeaderSchema(String headerName, List<HeaderField<? super H>> fields, long requiredMask, long presetMask,
                         int[][] orderByTableShift) {
        this.headerName = headerName;
        this.fields = fields;
        this.requiredMask = requiredMask;
        this.presetMask = presetMask;
        this.orderByTableShift = orderByTableShift;
    }

    /** Starts the table of {@code type}, whose simple name becomes the header name in error messages. */
    static <H> Builder<H> builder(Class<H> type) {
        return new Builder<>(type.getSimpleName());
    }

    /** Clears every field of {@code header}. */
    void clear(H header) {
        for (int f = 0; f < fields.size(); f++) {
            fields.get(f).clear(header);
        }
    }

    /** Clears {@code header}, then reads it from {@code ext}; see {@link CommandHeader#decode}. */
    void decode(H header, ExtFields ext, InternTable names) {
        clear(header);
        long decided = 0;
        long present = 0;
        for (int i = ext.size() - 1; i >= 0; i--) {
            int f = fieldOf(ext, i);
            if (f < 0 || (decided & (1L << f)) != 0) {
                continue;
            }
            decided |= 1L << f;
            if (ext.isNull(i)) {
                continue;
            }
            HeaderField<? super H> field = fields.get(f);
            if (!field.read(header, ext, i, names)) {
                throw MalformedHeaderException.malformed(headerName, field.key(), field.expected(), ext, i);
            }
            present |= 1L << f;
        }
        long missing = requiredMask & ~present;
        if (missing != 0) {
            throw MalformedHeaderException.missing(headerName, fields.get(Long.numberOfTrailingZeros(missing)).key());
        }
    }

    /** Appends the set fields of {@code header} to {@code out} in RocketMQ's map order. */
    void encode(H header, ExtFields out) {
        int count = 0;
        boolean presets = false;
        for (int f = 0; f < fields.size(); f++) {
            if (fields.get(f).isSet(header)) {
                count++;
                presets |= (presetMask & (1L << f)) != 0;
            }
        }
        if (count == 0) {
            return;
        }
        int tableSize = HashMapOrder.tableSize(presets ? PRESET_MAP_CAPACITY : HashMapOrder.DEFAULT_CAPACITY, count);
        for (int f : orderByTableShift[Integer.numberOfTrailingZeros(tableSize)]) {
            HeaderField<? super H> field = fields.get(f);
            if (field.isSet(header)) {
                field.write(header, out);
            }
        }
    }

    /** {@code Name{key=value, ...}} of the set fields, for logs and test failures. */
    String toString(H header) {
        StringBuilder text = new StringBuilder(headerName).append('{');
        String separator = "";
        for (int f = 0; f < fields.size(); f++) {
            HeaderField<? super H> field = fields.get(f);
            if (field.isSet(header)) {
                text.append(separator).append(field.key()).append('=').append(field.value(header));
                separator = ", ";
            }
        }
        return text.append('}').toString();
    }

    private int fieldOf(ExtFields ext, int index) {
        int keyLength = ext.keyLength(index);
        for (int f = 0; f < fields.size(); f++) {
            String key = fields.get(f).key();
            if (key.length() == keyLength && ext.keyEquals(index, key)) {
                return f;
            }
        }
        return -1;
    }

    /** Collects the field table of one header class; for one thread, during class initialisation. */
    static final class Builder<H> {
        private final String headerName;
        private final List<HeaderField<? super H>> fields = new ArrayList<>();
        private final List<String> presets = new ArrayList<>();
        private String[] putOrder;

        private Builder(String headerName) {
            this.headerName = headerName;
        }

        /** Adds fields, in the order {@code toString} shows them. */
        @SafeVarargs
        final Builder<H> add(HeaderField<? super H>... more) {
            for (HeaderField<? super H> field : more) {
                fields.add(field);
            }
            return this;
        }

        /** Adds shared fields, such as those of {@link RpcRequestHeader}. */
        Builder<H> add(List<? extends HeaderField<? super H>> more) {
            fields.addAll(more);
            return this;
        }

        /** Adds a field that RocketMQ puts with {@code addExtField} before the header's own fields. */
        Builder<H> preset(HeaderField<? super H> field) {
            fields.add(field);
            presets.add(field.key());
            return this;
        }

        /** The order RocketMQ's {@code makeCustomHeaderToNet} puts the header's keys in: every key but presets. */
        Builder<H> putOrder(String... keys) {
            this.putOrder = keys.clone();
            return this;
        }

        HeaderSchema<H> build() {
            if (fields.size() > MAX_FIELDS) {
                throw new IllegalStateException(headerName + ": more than " + MAX_FIELDS + " fields");
            }
            String[] keysInPutOrder = keysInPutOrder();
            String[] fieldKeys = new String[fields.size()];
            long required = 0;
            long presetBits = 0;
            for (int f = 0; f < fields.size(); f++) {
                HeaderField<? super H> field = fields.get(f);
                fieldKeys[f] = field.key();
                required |= field.presence() == HeaderField.Presence.REQUIRED ? 1L << f : 0;
                presetBits |= presets.contains(field.key()) ? 1L << f : 0;
            }
            int[][] orders = new int[Integer.SIZE][];
            int largest = HashMapOrder.tableSize(HashMapOrder.DEFAULT_CAPACITY, fields.size());
            for (int size = HashMapOrder.DEFAULT_CAPACITY; size <= largest; size <<= 1) {
                orders[Integer.numberOfTrailingZeros(size)] = HashMapOrder.fieldOrder(fieldKeys, keysInPutOrder, size);
            }
            if (!presets.isEmpty()) {
                orders[Integer.numberOfTrailingZeros(PRESET_MAP_CAPACITY)] =
                    HashMapOrder.fieldOrder(fieldKeys, keysInPutOrder, PRESET_MAP_CAPACITY);
            }
            return new HeaderSchema<H>(headerName, List.<HeaderField<? super H>>copyOf(fields), required, presetBits, orders);
        }

        private String[] keysInPutOrder() {
            List<String> keys = new ArrayList<>(presets);
            keys.addAll(Arrays.asList(putOrder));
            List<String> declared = new ArrayList<>();
            fields.forEach(field -> declared.add(field.key()));
            if (keys.size() != declared.size() || !keys.containsAll(declared)) {
                throw new IllegalStateException(headerName + ": put order " + keys + " does not list the fields " + declared);
            }
            // the checked, bin-aware simulation: fails the class load if a bucket could ever grow into a tree
            HashMapOrder.iterationOrder(HashMapOrder.DEFAULT_CAPACITY, keys.toArray(new String[0]));
            return keys.toArray(new String[0]);
        }
    }
}
