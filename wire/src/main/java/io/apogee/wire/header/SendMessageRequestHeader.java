package io.apogee.wire.header;

import io.apogee.common.text.AsciiNumbers;
import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;
import io.apogee.wire.frame.HashMapOrder;
import java.nio.ByteBuffer;

/**
 * The header of every send: SEND_MESSAGE (10), SEND_MESSAGE_V2 (310), SEND_BATCH_MESSAGE (320) and the reply sends
 * (324, 325). One class for both of Apache RocketMQ's key sets, chosen by {@link #keys(SendHeaderKeys)}, so that a
 * broker handles every send the same way. Hand-written: decoding walks the entries once, interns the names and
 * copies the properties into a reused byte array, allocating nothing once warm. Mutable and reusable: one instance
 * per thread, decoded into for every send; not thread-safe.
 *
 * <pre>
 *  V2  V1 key                type        presence   meaning
 *  a   producerGroup         name        required   the producer group
 *  b   topic                 name        required   the target topic
 *  c   defaultTopic          name        required   the template topic for auto-creation, TBW102
 *  d   defaultTopicQueueNums int         required   queues to auto-create, 4
 *  e   queueId               int         required   the target queue; below 0 the broker picks one
 *  f   sysFlag               int         required   MessageSysFlag: compression, transaction type
 *  g   bornTimestamp         long        required   the client's clock, ms
 *  h   flag                  int         required   the user's Message.flag
 *  i   properties            UTF-8 bytes optional   the properties string (name \1 value \2 ...)
 *  j   reconsumeTimes        int         optional   0 if absent
 *  k   unitMode              boolean     optional   false if absent
 *  l   maxReconsumeTimes     int         optional   retry topics only; absent means the group's limit
 *  m   batch                 boolean     optional   false if absent
 *  n   bname                 name        optional   the target broker (5.x)
 * </pre>
 *
 * <p>Other keys are ignored, as RocketMQ's broker ignores them: V2's decoder reads only {@code a} to {@code n}, and
 * the V1 keys {@code ns}, {@code nsd}, {@code oway} and {@code lo} mean nothing to a send. Both key sets are written
 * in the same order as JSON and binary: RocketMQ's {@code HashMap} order for V1 (not a {@code FastCodesHeader}),
 * and {@code a} to {@code n} for V2, which is both its map order and its binary field order.
 */
public final class SendMessageRequestHeader implements CommandHeader {
    private static final int PRODUCER_GROUP = 0;
    private static final int TOPIC = 1;
    private static final int DEFAULT_TOPIC = 2;
    private static final int DEFAULT_TOPIC_QUEUE_NUMS = 3;
    private static final int QUEUE_ID = 4;
    private static final int SYS_FLAG = 5;
    private static final int BORN_TIMESTAMP = 6;
    private static final int FLAG = 7;
    private static final int PROPERTIES = 8;
    private static final int RECONSUME_TIMES = 9;
    private static final int UNIT_MODE = 10;
    private static final int MAX_RECONSUME_TIMES = 11;
    private static final int BATCH = 12;
    private static final int BROKER_NAME = 13;
    private static final int FIELD_COUNT = 14;
    private static final int REQUIRED = (1 << PROPERTIES) - 1;
    private static final int ALWAYS_SET = (1 << DEFAULT_TOPIC_QUEUE_NUMS) | (1 << QUEUE_ID) | (1 << SYS_FLAG)
        | (1 << BORN_TIMESTAMP) | (1 << FLAG);

    /** The V2 keys, by field: one letter each, {@code 'a' + field}. */
    private static final String[] V2_KEYS = {"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n"};
    /** The V1 keys, by field. */
    private static final String[] V1_KEYS = {"producerGroup", "topic", "defaultTopic", "defaultTopicQueueNums",
        "queueId", "sysFlag", "bornTimestamp", "flag", "properties", "reconsumeTimes", "unitMode", "maxReconsumeTimes",
        "batch", "bname"};
    private static final KeyTable V1_TABLE = new KeyTable(V1_KEYS);
    private static final KeyTable V2_TABLE = new KeyTable(V2_KEYS);
    /** The order RocketMQ's {@code makeCustomHeaderToNet} puts the V1 keys (its HashSet order, without ns, nsd, oway, lo). */
    private static final String[] V1_PUT_ORDER = {"maxReconsumeTimes", "producerGroup", "topic", "bornTimestamp",
        "properties", "queueId", "flag", "bname", "sysFlag", "reconsumeTimes", "batch", "unitMode",
        "defaultTopicQueueNums", "defaultTopic"};
    /** The table a {@code HashMap} grows to past 12 keys; this header has too few keys to ever need more. */
    private static final int LARGE_TABLE = HashMapOrder.DEFAULT_INITIAL_CAPACITY * 2;
    private static final int[] V1_ORDER_SMALL = HashMapOrder.fieldOrder(V1_KEYS, V1_PUT_ORDER, HashMapOrder.DEFAULT_INITIAL_CAPACITY);
    private static final int[] V1_ORDER_LARGE = HashMapOrder.fieldOrder(V1_KEYS, V1_PUT_ORDER, LARGE_TABLE);

    private final Utf8Bytes properties = new Utf8Bytes();
    private SendHeaderKeys keys = SendHeaderKeys.V2;
    /** Bits of the optional numbers and booleans that are present. */
    private int presentOptionals;
    private String producerGroup;
    private String topic;
    private String defaultTopic;
    private int defaultTopicQueueNums;
    private int queueId;
    private int sysFlag;
    private long bornTimestamp;
    private int flag;
    private int reconsumeTimes;
    private boolean unitMode;
    private int maxReconsumeTimes;
    private boolean batch;
    private String brokerName;

    /** The key set that {@link #decode} reads and {@link #encode} writes; V2 unless set. */
    public SendHeaderKeys keys() {
        return keys;
    }

    /** Sets the key set; kept by {@link #clear()}. */
    public SendMessageRequestHeader keys(SendHeaderKeys value) {
        this.keys = value;
        return this;
    }

    /**
     * Decodes a send request's ext fields with the key set of its code: the broker's entry point.
     *
     * @throws MalformedHeaderException if a required field is missing or a number does not parse
     * @throws IllegalArgumentException if {@code requestCode} is not a send code
     */
    public SendMessageRequestHeader decode(int requestCode, ExtFields ext, InternTable names) {
        keys = SendHeaderKeys.forRequestCode(requestCode);
        decode(ext, names);
        return this;
    }

    @Override
    public void clear() {
        presentOptionals = 0;
        producerGroup = null;
        topic = null;
        defaultTopic = null;
        defaultTopicQueueNums = 0;
        queueId = 0;
        sysFlag = 0;
        bornTimestamp = 0;
        flag = 0;
        properties.setNull();
        reconsumeTimes = 0;
        unitMode = false;
        maxReconsumeTimes = 0;
        batch = false;
        brokerName = null;
    }

    @Override
    public void decode(ExtFields ext, InternTable names) {
        clear();
        int decided = 0;
        int present = 0;
        for (int i = ext.size() - 1; i >= 0; i--) {
            int field = keys == SendHeaderKeys.V2 ? v2Field(ext, i) : V1_TABLE.fieldOf(ext, i);
            if (field < 0 || (decided & (1 << field)) != 0) {
                continue;
            }
            decided |= 1 << field;
            if (!ext.isNull(i)) {
                read(field, ext, i, names);
                present |= 1 << field;
            }
        }
        if ((present & REQUIRED) != REQUIRED) {
            throw MalformedHeaderException.missing(getClass().getSimpleName(),
                label(Integer.numberOfTrailingZeros(~present & REQUIRED)));
        }
    }

    private static int v2Field(ExtFields ext, int index) {
        if (ext.keyLength(index) != 1) {
            return -1;
        }
        int field = ext.array()[ext.keyOffset(index)] - 'a';
        return field >= 0 && field < FIELD_COUNT ? field : -1;
    }

    private void read(int field, ExtFields ext, int index, InternTable names) {
        switch (field) {
            case PRODUCER_GROUP -> producerGroup = ext.valueInterned(index, names);
            case TOPIC -> topic = ext.valueInterned(index, names);
            case DEFAULT_TOPIC -> defaultTopic = ext.valueInterned(index, names);
            case DEFAULT_TOPIC_QUEUE_NUMS -> defaultTopicQueueNums = intValue(field, ext, index);
            case QUEUE_ID -> queueId = intValue(field, ext, index);
            case SYS_FLAG -> sysFlag = intValue(field, ext, index);
            case BORN_TIMESTAMP -> bornTimestamp = longValue(field, ext, index);
            case FLAG -> flag = intValue(field, ext, index);
            case PROPERTIES -> properties.copyFrom(ext.buffer(), ext.valueOffset(index), ext.valueLength(index));
            case RECONSUME_TIMES -> reconsumeTimes = intValue(field, ext, index);
            case UNIT_MODE -> unitMode = ext.valueBoolean(index);
            case MAX_RECONSUME_TIMES -> maxReconsumeTimes = intValue(field, ext, index);
            case BATCH -> batch = ext.valueBoolean(index);
            case BROKER_NAME -> brokerName = ext.valueInterned(index, names);
            default -> throw new IllegalStateException("no field " + field);
        }
        presentOptionals |= 1 << field;
    }

    private int intValue(int field, ExtFields ext, int index) {
        long value = HeaderField.intValue(ext, index);
        if (value == AsciiNumbers.INVALID) {
            throw MalformedHeaderException.malformed(getClass().getSimpleName(), label(field), "an int", ext, index);
        }
        return (int) value;
    }

    private long longValue(int field, ExtFields ext, int index) {
        long value = ext.valueLong(index);
        if (value == AsciiNumbers.INVALID) {
            throw MalformedHeaderException.malformed(getClass().getSimpleName(), label(field), "a long", ext, index);
        }
        return value;
    }

    /** The field's key for error messages: {@code "b (topic)"} in V2, {@code "topic"} in V1. */
    private String label(int field) {
        return keys == SendHeaderKeys.V2 ? V2_KEYS[field] + " (" + V1_KEYS[field] + ")" : V1_KEYS[field];
    }

    @Override
    public void encode(ExtFields ext) {
        if (keys == SendHeaderKeys.V2) {
            for (int field = 0; field < FIELD_COUNT; field++) {
                write(field, V2_TABLE.keyBytes(field), ext);
            }
            return;
        }
        int[] order = HashMapOrder.tableSize(HashMapOrder.DEFAULT_INITIAL_CAPACITY, Integer.bitCount(setFields())) == LARGE_TABLE
            ? V1_ORDER_LARGE : V1_ORDER_SMALL;
        for (int field : order) {
            write(field, V1_TABLE.keyBytes(field), ext);
        }
    }

    /** A bit per field that {@link #encode} writes. */
    private int setFields() {
        int set = ALWAYS_SET | presentOptionals & ((1 << RECONSUME_TIMES) | (1 << UNIT_MODE) | (1 << MAX_RECONSUME_TIMES)
            | (1 << BATCH));
        set |= producerGroup != null ? 1 << PRODUCER_GROUP : 0;
        set |= topic != null ? 1 << TOPIC : 0;
        set |= defaultTopic != null ? 1 << DEFAULT_TOPIC : 0;
        set |= !properties.isNull() ? 1 << PROPERTIES : 0;
        set |= brokerName != null ? 1 << BROKER_NAME : 0;
        return set;
    }

    private void write(int field, byte[] key, ExtFields ext) {
        switch (field) {
            case PRODUCER_GROUP -> ext.add(key, producerGroup);
            case TOPIC -> ext.add(key, topic);
            case DEFAULT_TOPIC -> ext.add(key, defaultTopic);
            case DEFAULT_TOPIC_QUEUE_NUMS -> ext.add(key, defaultTopicQueueNums);
            case QUEUE_ID -> ext.add(key, queueId);
            case SYS_FLAG -> ext.add(key, sysFlag);
            case BORN_TIMESTAMP -> ext.add(key, bornTimestamp);
            case FLAG -> ext.add(key, flag);
            case PROPERTIES -> {
                if (!properties.isNull()) {
                    ext.add(key, properties.array(), 0, properties.length());
                }
            }
            case RECONSUME_TIMES -> writeIfPresent(field, key, reconsumeTimes, ext);
            case UNIT_MODE -> {
                if (isPresent(field)) {
                    ext.add(key, unitMode);
                }
            }
            case MAX_RECONSUME_TIMES -> writeIfPresent(field, key, maxReconsumeTimes, ext);
            case BATCH -> {
                if (isPresent(field)) {
                    ext.add(key, batch);
                }
            }
            case BROKER_NAME -> ext.add(key, brokerName);
            default -> throw new IllegalStateException("no field " + field);
        }
    }

    private void writeIfPresent(int field, byte[] key, int value, ExtFields ext) {
        if (isPresent(field)) {
            ext.add(key, value);
        }
    }

    private boolean isPresent(int field) {
        return (presentOptionals & (1 << field)) != 0;
    }

    private SendMessageRequestHeader present(int field) {
        presentOptionals |= 1 << field;
        return this;
    }

    // ---- accessors --------------------------------------------------------------------------------------------

    /** {@code a} / {@code producerGroup}: the producer group. */
    public String producerGroup() {
        return producerGroup;
    }

    /** Sets the producer group. */
    public SendMessageRequestHeader producerGroup(String value) {
        this.producerGroup = value;
        return this;
    }

    /** {@code b} / {@code topic}: the target topic. */
    public String topic() {
        return topic;
    }

    /** Sets the topic. */
    public SendMessageRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** {@code c} / {@code defaultTopic}: the template topic for auto-creation. */
    public String defaultTopic() {
        return defaultTopic;
    }

    /** Sets the template topic. */
    public SendMessageRequestHeader defaultTopic(String value) {
        this.defaultTopic = value;
        return this;
    }

    /** {@code d} / {@code defaultTopicQueueNums}: how many queues an auto-created topic gets. */
    public int defaultTopicQueueNums() {
        return defaultTopicQueueNums;
    }

    /** Sets the number of queues for auto-creation. */
    public SendMessageRequestHeader defaultTopicQueueNums(int value) {
        this.defaultTopicQueueNums = value;
        return this;
    }

    /** {@code e} / {@code queueId}: the target queue; below 0 the broker picks one. */
    public int queueId() {
        return queueId;
    }

    /** Sets the queue id. */
    public SendMessageRequestHeader queueId(int value) {
        this.queueId = value;
        return this;
    }

    /** {@code f} / {@code sysFlag}: the MessageSysFlag bits. */
    public int sysFlag() {
        return sysFlag;
    }

    /** Sets the system flag. */
    public SendMessageRequestHeader sysFlag(int value) {
        this.sysFlag = value;
        return this;
    }

    /** {@code g} / {@code bornTimestamp}: the client's clock when the message was made, in ms. */
    public long bornTimestamp() {
        return bornTimestamp;
    }

    /** Sets the born timestamp. */
    public SendMessageRequestHeader bornTimestamp(long value) {
        this.bornTimestamp = value;
        return this;
    }

    /** {@code h} / {@code flag}: the user's message flag, stored as is. */
    public int flag() {
        return flag;
    }

    /** Sets the user flag. */
    public SendMessageRequestHeader flag(int value) {
        this.flag = value;
        return this;
    }

    /**
     * {@code i} / {@code properties}: the properties string as UTF-8 bytes, null if absent. Owned by this header
     * and overwritten by the next decode: copy what must outlive it.
     */
    public Utf8Bytes properties() {
        return properties;
    }

    /** The properties as a new string, or null. Allocates: for callers that cannot work on bytes. */
    public String propertiesString() {
        return properties.asString();
    }

    /** Sets the properties from text; null leaves them out. */
    public SendMessageRequestHeader properties(CharSequence value) {
        properties.set(value);
        return this;
    }

    /** Sets the properties to the {@code length} UTF-8 bytes at absolute {@code index} of {@code source}. */
    public SendMessageRequestHeader properties(ByteBuffer source, int index, int length) {
        properties.copyFrom(source, index, length);
        return this;
    }

    /** True if {@code j} / {@code reconsumeTimes} is present. */
    public boolean hasReconsumeTimes() {
        return isPresent(RECONSUME_TIMES);
    }

    /** {@code j} / {@code reconsumeTimes}: how often the message was consumed before; 0 if absent. */
    public int reconsumeTimes() {
        return reconsumeTimes;
    }

    /** Sets the reconsume count. */
    public SendMessageRequestHeader reconsumeTimes(int value) {
        this.reconsumeTimes = value;
        return present(RECONSUME_TIMES);
    }

    /** True if {@code k} / {@code unitMode} is present. */
    public boolean hasUnitMode() {
        return isPresent(UNIT_MODE);
    }

    /** {@code k} / {@code unitMode}; false if absent. */
    public boolean unitMode() {
        return unitMode;
    }

    /** Sets unit mode. */
    public SendMessageRequestHeader unitMode(boolean value) {
        this.unitMode = value;
        return present(UNIT_MODE);
    }

    /** True if {@code l} / {@code maxReconsumeTimes} is present; when absent the group's own limit applies. */
    public boolean hasMaxReconsumeTimes() {
        return isPresent(MAX_RECONSUME_TIMES);
    }

    /** {@code l} / {@code maxReconsumeTimes}: the retry limit the consumer uses; 0 if absent. */
    public int maxReconsumeTimes() {
        return maxReconsumeTimes;
    }

    /** Sets the retry limit. */
    public SendMessageRequestHeader maxReconsumeTimes(int value) {
        this.maxReconsumeTimes = value;
        return present(MAX_RECONSUME_TIMES);
    }

    /** True if {@code m} / {@code batch} is present. */
    public boolean hasBatch() {
        return isPresent(BATCH);
    }

    /** {@code m} / {@code batch}: true for a batch body; false if absent. */
    public boolean batch() {
        return batch;
    }

    /** Sets the batch flag. */
    public SendMessageRequestHeader batch(boolean value) {
        this.batch = value;
        return present(BATCH);
    }

    /** {@code n} / {@code bname}: the broker the producer meant, or null. */
    public String brokerName() {
        return brokerName;
    }

    /** Sets the broker name; null leaves it out. */
    public SendMessageRequestHeader brokerName(String value) {
        this.brokerName = value;
        return this;
    }

    @Override
    public String toString() {
        return "SendMessageRequestHeader{keys=" + keys + ", producerGroup=" + producerGroup + ", topic=" + topic
            + ", defaultTopic=" + defaultTopic + ", defaultTopicQueueNums=" + defaultTopicQueueNums + ", queueId=" + queueId
            + ", sysFlag=" + sysFlag + ", bornTimestamp=" + bornTimestamp + ", flag=" + flag + ", properties=" + properties
            + ", reconsumeTimes=" + (hasReconsumeTimes() ? reconsumeTimes : null)
            + ", unitMode=" + (hasUnitMode() ? unitMode : null)
            + ", maxReconsumeTimes=" + (hasMaxReconsumeTimes() ? maxReconsumeTimes : null)
            + ", batch=" + (hasBatch() ? batch : null) + ", brokerName=" + brokerName + '}';
    }
}
