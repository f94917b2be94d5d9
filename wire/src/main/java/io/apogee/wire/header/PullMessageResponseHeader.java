package io.apogee.wire.header;

import io.apogee.common.text.AsciiNumbers;
import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;
import io.apogee.wire.frame.SerializeType;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * The response to PULL_MESSAGE and LITE_PULL_MESSAGE, whatever its code (FOUND, NOT_FOUND, RETRY_IMMEDIATELY,
 * OFFSET_MOVED): where the client pulls next. Hand-written; numbers only, so it never allocates. Mutable and
 * reusable: one instance per thread; not thread-safe.
 *
 * <pre>
 *  key                   type  presence   meaning
 *  suggestWhichBrokerId  long  required   0: pull from the master next time
 *  nextBeginOffset       long  required   where the client pulls next
 *  minOffset             long  required   the queue's min offset
 *  maxOffset             long  required   the queue's max offset
 *  offsetDelta           long  optional   static topics only
 *  topicSysFlag          int   optional
 *  groupSysFlag          int   optional
 *  forbiddenType         int   optional   set with NO_PERMISSION
 * </pre>
 *
 * <p>Apache RocketMQ writes this header ({@code FastCodesHeader}) in two orders: JSON in its {@code HashMap} order
 * ({@link #encode(ExtFields)}), binary in the table's order ({@link #encode(ExtFields, SerializeType)}).
 */
public final class PullMessageResponseHeader implements CommandHeader {
    private static final int SUGGEST_WHICH_BROKER_ID = 0;
    private static final int NEXT_BEGIN_OFFSET = 1;
    private static final int MIN_OFFSET = 2;
    private static final int MAX_OFFSET = 3;
    private static final int OFFSET_DELTA = 4;
    private static final int TOPIC_SYS_FLAG = 5;
    private static final int GROUP_SYS_FLAG = 6;
    private static final int FORBIDDEN_TYPE = 7;
    private static final int FIELD_COUNT = 8;
    private static final int REQUIRED = (1 << OFFSET_DELTA) - 1;
    private static final int INT_FIELDS = (1 << TOPIC_SYS_FLAG) | (1 << GROUP_SYS_FLAG) | (1 << FORBIDDEN_TYPE);

    /** The keys by field, in RocketMQ's binary ({@code FastCodesHeader.encode}) order. */
    private static final KeyTable KEYS = new KeyTable("suggestWhichBrokerId", "nextBeginOffset", "minOffset", "maxOffset",
        "offsetDelta", "topicSysFlag", "groupSysFlag", "forbiddenType");
    /** RocketMQ's put order: its {@code HashSet<Field>} order. */
    private static final String[] PUT_ORDER = {"maxOffset", "offsetDelta", "topicSysFlag", "minOffset", "groupSysFlag",
        "suggestWhichBrokerId", "nextBeginOffset", "forbiddenType"};
    private static final int[] MAP_ORDER = HashMapOrder.fieldOrder(KEYS.keys(), PUT_ORDER, HashMapOrder.DEFAULT_CAPACITY);
    private static final int[] BINARY_ORDER = IntStream.range(0, FIELD_COUNT).toArray();

    /** The values by field; optional ones count only when their bit is in {@link #present}, required ones always. */
    private final long[] values = new long[FIELD_COUNT];
    private int present = REQUIRED;

    @Override
    public void clear() {
        Arrays.fill(values, 0);
        present = REQUIRED;
    }

    @Override
    public void decode(ExtFields ext, InternTable names) {
        Arrays.fill(values, 0);
        int decided = 0;
        int found = 0;
        for (int i = ext.size() - 1; i >= 0; i--) {
            int field = KEYS.fieldOf(ext, i);
            if (field < 0 || (decided & (1 << field)) != 0) {
                continue;
            }
            decided |= 1 << field;
            if (!ext.isNull(i)) {
                boolean isInt = (INT_FIELDS & (1 << field)) != 0;
                long value = isInt ? HeaderField.intValue(ext, i) : ext.valueLong(i);
                if (value == AsciiNumbers.INVALID) {
                    throw MalformedHeaderException.malformed(getClass().getSimpleName(), KEYS.key(field),
                        isInt ? "an int" : "a long", ext, i);
                }
                values[field] = value;
                found |= 1 << field;
            }
        }
        present = REQUIRED | found;
        if ((found & REQUIRED) != REQUIRED) {
            throw MalformedHeaderException.missing(getClass().getSimpleName(),
                KEYS.key(Integer.numberOfTrailingZeros(~found & REQUIRED)));
        }
    }

    /** Appends the set fields in RocketMQ's {@code HashMap} order: the order of its JSON headers. */
    @Override
    public void encode(ExtFields ext) {
        write(MAP_ORDER, ext);
    }

    /** Appends the set fields as RocketMQ writes them: field order in binary headers, map order in JSON. */
    @Override
    public void encode(ExtFields ext, SerializeType type) {
        write(type == SerializeType.ROCKETMQ ? BINARY_ORDER : MAP_ORDER, ext);
    }

    private void write(int[] order, ExtFields ext) {
        for (int field : order) {
            if ((present & (1 << field)) != 0) {
                ext.add(KEYS.key(field), values[field]);
            }
        }
    }

    private PullMessageResponseHeader set(int field, long value) {
        values[field] = value;
        present |= 1 << field;
        return this;
    }

    private boolean has(int field) {
        return (present & (1 << field)) != 0;
    }

    // ---- accessors --------------------------------------------------------------------------------------------

    /** {@code suggestWhichBrokerId}: the broker id to pull from next, 0 for the master. */
    public long suggestWhichBrokerId() {
        return values[SUGGEST_WHICH_BROKER_ID];
    }

    /** Sets the suggested broker id. */
    public PullMessageResponseHeader suggestWhichBrokerId(long value) {
        return set(SUGGEST_WHICH_BROKER_ID, value);
    }

    /** {@code nextBeginOffset}: where the client pulls next. */
    public long nextBeginOffset() {
        return values[NEXT_BEGIN_OFFSET];
    }

    /** Sets the next offset. */
    public PullMessageResponseHeader nextBeginOffset(long value) {
        return set(NEXT_BEGIN_OFFSET, value);
    }

    /** {@code minOffset}: the queue's min offset. */
    public long minOffset() {
        return values[MIN_OFFSET];
    }

    /** Sets the queue's min offset. */
    public PullMessageResponseHeader minOffset(long value) {
        return set(MIN_OFFSET, value);
    }

    /** {@code maxOffset}: the queue's max offset. */
    public long maxOffset() {
        return values[MAX_OFFSET];
    }

    /** Sets the queue's max offset. */
    public PullMessageResponseHeader maxOffset(long value) {
        return set(MAX_OFFSET, value);
    }

    /** True if {@code offsetDelta} is present. */
    public boolean hasOffsetDelta() {
        return has(OFFSET_DELTA);
    }

    /** {@code offsetDelta}: the static-topic offset correction; 0 if absent. */
    public long offsetDelta() {
        return values[OFFSET_DELTA];
    }

    /** Sets the offset delta. */
    public PullMessageResponseHeader offsetDelta(long value) {
        return set(OFFSET_DELTA, value);
    }

    /** True if {@code topicSysFlag} is present. */
    public boolean hasTopicSysFlag() {
        return has(TOPIC_SYS_FLAG);
    }

    /** {@code topicSysFlag}: the topic's system flag; 0 if absent. */
    public int topicSysFlag() {
        return (int) values[TOPIC_SYS_FLAG];
    }

    /** Sets the topic's system flag. */
    public PullMessageResponseHeader topicSysFlag(int value) {
        return set(TOPIC_SYS_FLAG, value);
    }

    /** True if {@code groupSysFlag} is present. */
    public boolean hasGroupSysFlag() {
        return has(GROUP_SYS_FLAG);
    }

    /** {@code groupSysFlag}: the group's system flag; 0 if absent. */
    public int groupSysFlag() {
        return (int) values[GROUP_SYS_FLAG];
    }

    /** Sets the group's system flag. */
    public PullMessageResponseHeader groupSysFlag(int value) {
        return set(GROUP_SYS_FLAG, value);
    }

    /** True if {@code forbiddenType} is present. */
    public boolean hasForbiddenType() {
        return has(FORBIDDEN_TYPE);
    }

    /** {@code forbiddenType}: why the pull was refused; 0 if absent. */
    public int forbiddenType() {
        return (int) values[FORBIDDEN_TYPE];
    }

    /** Sets the forbidden type. */
    public PullMessageResponseHeader forbiddenType(int value) {
        return set(FORBIDDEN_TYPE, value);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("PullMessageResponseHeader{");
        for (int field = 0; field < FIELD_COUNT; field++) {
            if (has(field)) {
                text.append(field == 0 ? "" : ", ").append(KEYS.key(field)).append('=').append(values[field]);
            }
        }
        return text.append('}').toString();
    }
}
