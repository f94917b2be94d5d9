package io.apogee.wire.header;

import io.apogee.common.text.AsciiNumbers;
import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;
import io.apogee.wire.frame.SerializeType;

/**
 * The response to every send (codes SUCCESS, FLUSH_DISK_TIMEOUT, SLAVE_NOT_AVAILABLE, FLUSH_SLAVE_TIMEOUT): where
 * the message was stored. Also carries the two ext fields a broker adds beside the header, {@code MSG_REGION} and
 * {@code TRACE_ON}, which clients read and which every send response must have. Hand-written. Mutable and reusable:
 * one instance per thread; not thread-safe.
 *
 * <pre>
 *  key            type     presence   meaning
 *  msgId          text     required   the offset message id; for a batch, all of them joined with ','
 *  queueId        int      required   the queue used
 *  queueOffset    long     required   the consume-queue offset of the (first) message
 *  transactionId  text     optional   the message's UNIQ_KEY
 *  batchUniqId    text     optional   inner-batch topics only
 *  recallHandle   text     optional   5.x timer messages
 *  MSG_REGION     name     optional   the broker's region; a broker always sends it
 *  TRACE_ON       boolean  optional   whether tracing is on; a broker always sends it
 * </pre>
 *
 * <p>Key order: Apache RocketMQ's broker adds {@code MSG_REGION} and {@code TRACE_ON} first, which makes the ext map
 * a {@code HashMap(256)}, and then flattens the header into it; JSON headers follow that map's order
 * ({@link #encode(ExtFields)}). Binary headers ({@code FastCodesHeader}) have the six header fields in table order,
 * then the two ext fields in the map's order ({@link #encode(ExtFields, SerializeType)}).
 */
public final class SendMessageResponseHeader implements CommandHeader {
    private static final int MSG_ID = 0;
    private static final int QUEUE_ID = 1;
    private static final int QUEUE_OFFSET = 2;
    private static final int TRANSACTION_ID = 3;
    private static final int BATCH_UNIQ_ID = 4;
    private static final int RECALL_HANDLE = 5;
    private static final int REGION = 6;
    private static final int TRACE_ON = 7;
    private static final int FIELD_COUNT = 8;
    private static final int REQUIRED = (1 << MSG_ID) | (1 << QUEUE_ID) | (1 << QUEUE_OFFSET);
    private static final int ADDED_BESIDE = (1 << REGION) | (1 << TRACE_ON);

    /** The keys by field: the header's own in RocketMQ's binary order, then the two ext fields. */
    private static final KeyTable KEYS = new KeyTable("msgId", "queueId", "queueOffset", "transactionId", "batchUniqId",
        "recallHandle", "MSG_REGION", "TRACE_ON");
    /** RocketMQ's put order: the two {@code addExtField} keys, then its {@code HashSet<Field>} order. */
    private static final String[] PUT_ORDER = {"MSG_REGION", "TRACE_ON", "msgId", "recallHandle", "queueOffset",
        "batchUniqId", "transactionId", "queueId"};
    private static final int[] MAP_ORDER_WITH_EXT = HashMapOrder.fieldOrder(KEYS.keys(), PUT_ORDER,
        HeaderSchema.PRESET_MAP_CAPACITY);
    private static final int[] MAP_ORDER = HashMapOrder.fieldOrder(KEYS.keys(), PUT_ORDER, HashMapOrder.DEFAULT_CAPACITY);
    private static final int[] BINARY_ORDER = binaryOrder();

    private int presentOptionals;
    private String msgId;
    private int queueId;
    private long queueOffset;
    private String transactionId;
    private String batchUniqId;
    private String recallHandle;
    private String region;
    private boolean traceOn;

    /** The six header fields in order, then the two ext fields in the order a {@code HashMap(256)} keeps them. */
    private static int[] binaryOrder() {
        int[] order = new int[FIELD_COUNT];
        int at = 0;
        for (int field = MSG_ID; field <= RECALL_HANDLE; field++) {
            order[at++] = field;
        }
        for (int field : MAP_ORDER_WITH_EXT) {
            if ((ADDED_BESIDE & (1 << field)) != 0) {
                order[at++] = field;
            }
        }
        return order;
    }

    @Override
    public void clear() {
        presentOptionals = 0;
        msgId = null;
        queueId = 0;
        queueOffset = 0;
        transactionId = null;
        batchUniqId = null;
        recallHandle = null;
        region = null;
        traceOn = false;
    }

    @Override
    public void decode(ExtFields ext, InternTable names) {
        clear();
        int decided = 0;
        int present = 0;
        for (int i = ext.size() - 1; i >= 0; i--) {
            int field = KEYS.fieldOf(ext, i);
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
                KEYS.key(Integer.numberOfTrailingZeros(~present & REQUIRED)));
        }
    }

    private void read(int field, ExtFields ext, int index, InternTable names) {
        switch (field) {
            case MSG_ID -> msgId = ext.valueString(index);
            case QUEUE_ID -> {
                long value = HeaderField.intValue(ext, index);
                if (value == AsciiNumbers.INVALID) {
                    throw MalformedHeaderException.malformed(getClass().getSimpleName(), KEYS.key(field), "an int", ext, index);
                }
                queueId = (int) value;
            }
            case QUEUE_OFFSET -> {
                queueOffset = ext.valueLong(index);
                if (queueOffset == AsciiNumbers.INVALID) {
                    throw MalformedHeaderException.malformed(getClass().getSimpleName(), KEYS.key(field), "a long", ext, index);
                }
            }
            case TRANSACTION_ID -> transactionId = ext.valueString(index);
            case BATCH_UNIQ_ID -> batchUniqId = ext.valueString(index);
            case RECALL_HANDLE -> recallHandle = ext.valueString(index);
            case REGION -> region = ext.valueInterned(index, names);
            case TRACE_ON -> {
                traceOn = ext.valueBoolean(index);
                presentOptionals |= 1 << TRACE_ON;
            }
            default -> throw new IllegalStateException("no field " + field);
        }
    }

    /** Appends the set fields in the order of a RocketMQ broker's JSON send response. */
    @Override
    public void encode(ExtFields ext) {
        int set = setFields();
        write((set & ADDED_BESIDE) != 0 ? MAP_ORDER_WITH_EXT : MAP_ORDER, set, ext);
    }

    /** Appends the set fields as a RocketMQ broker writes them: binary or JSON order. */
    @Override
    public void encode(ExtFields ext, SerializeType type) {
        if (type == SerializeType.ROCKETMQ) {
            write(BINARY_ORDER, setFields(), ext);
        } else {
            encode(ext);
        }
    }

    private int setFields() {
        int set = (1 << QUEUE_ID) | (1 << QUEUE_OFFSET) | presentOptionals & (1 << TRACE_ON);
        set |= msgId != null ? 1 << MSG_ID : 0;
        set |= transactionId != null ? 1 << TRANSACTION_ID : 0;
        set |= batchUniqId != null ? 1 << BATCH_UNIQ_ID : 0;
        set |= recallHandle != null ? 1 << RECALL_HANDLE : 0;
        set |= region != null ? 1 << REGION : 0;
        return set;
    }

    private void write(int[] order, int set, ExtFields ext) {
        for (int field : order) {
            if ((set & (1 << field)) == 0) {
                continue;
            }
            String key = KEYS.key(field);
            switch (field) {
                case MSG_ID -> ext.add(key, msgId);
                case QUEUE_ID -> ext.add(key, queueId);
                case QUEUE_OFFSET -> ext.add(key, queueOffset);
                case TRANSACTION_ID -> ext.add(key, transactionId);
                case BATCH_UNIQ_ID -> ext.add(key, batchUniqId);
                case RECALL_HANDLE -> ext.add(key, recallHandle);
                case REGION -> ext.add(key, region);
                case TRACE_ON -> ext.add(key, traceOn);
                default -> throw new IllegalStateException("no field " + field);
            }
        }
    }

    // ---- accessors --------------------------------------------------------------------------------------------

    /** {@code msgId}: the offset message id (several, joined with ',', for a batch). */
    public String msgId() {
        return msgId;
    }

    /** Sets the offset message id. */
    public SendMessageResponseHeader msgId(String value) {
        this.msgId = value;
        return this;
    }

    /** {@code queueId}: the queue the message went to. */
    public int queueId() {
        return queueId;
    }

    /** Sets the queue id. */
    public SendMessageResponseHeader queueId(int value) {
        this.queueId = value;
        return this;
    }

    /** {@code queueOffset}: the consume-queue offset of the (first) message. */
    public long queueOffset() {
        return queueOffset;
    }

    /** Sets the queue offset. */
    public SendMessageResponseHeader queueOffset(long value) {
        this.queueOffset = value;
        return this;
    }

    /** {@code transactionId}: the message's UNIQ_KEY, or null. */
    public String transactionId() {
        return transactionId;
    }

    /** Sets the transaction id; null leaves it out. */
    public SendMessageResponseHeader transactionId(String value) {
        this.transactionId = value;
        return this;
    }

    /** {@code batchUniqId}: the batch's unique id on inner-batch topics, or null. */
    public String batchUniqId() {
        return batchUniqId;
    }

    /** Sets the batch unique id; null leaves it out. */
    public SendMessageResponseHeader batchUniqId(String value) {
        this.batchUniqId = value;
        return this;
    }

    /** {@code recallHandle}: the handle to recall a timer message, or null. */
    public String recallHandle() {
        return recallHandle;
    }

    /** Sets the recall handle; null leaves it out. */
    public SendMessageResponseHeader recallHandle(String value) {
        this.recallHandle = value;
        return this;
    }

    /** {@code MSG_REGION}: the broker's region, or null. */
    public String region() {
        return region;
    }

    /** Sets the region; null leaves it out (but clients expect it). */
    public SendMessageResponseHeader region(String value) {
        this.region = value;
        return this;
    }

    /** True if {@code TRACE_ON} is present. */
    public boolean hasTraceOn() {
        return (presentOptionals & (1 << TRACE_ON)) != 0;
    }

    /** {@code TRACE_ON}: whether the broker traces messages; false if absent. */
    public boolean traceOn() {
        return traceOn;
    }

    /** Sets the trace switch. */
    public SendMessageResponseHeader traceOn(boolean value) {
        this.traceOn = value;
        presentOptionals |= 1 << TRACE_ON;
        return this;
    }

    @Override
    public String toString() {
        return "SendMessageResponseHeader{msgId=" + msgId + ", queueId=" + queueId + ", queueOffset=" + queueOffset
            + ", transactionId=" + transactionId + ", batchUniqId=" + batchUniqId + ", recallHandle=" + recallHandle
            + ", MSG_REGION=" + region + ", TRACE_ON=" + (hasTraceOn() ? traceOn : null) + '}';
    }
}
