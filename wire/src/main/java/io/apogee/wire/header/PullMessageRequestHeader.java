package io.apogee.wire.header;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;
import io.apogee.wire.frame.HashMapOrder;
import io.apogee.wire.frame.SerializeType;
import java.util.stream.IntStream;

/**
 * PULL_MESSAGE (11) and LITE_PULL_MESSAGE (361): read up to {@code maxMsgNums} messages of one queue from
 * {@code queueOffset}, long-polling for {@code suspendTimeoutMillis} if there are none. Hand-written: decoding walks
 * the entries once, finds each key by length, and interns the names, so it allocates nothing once warm. Mutable and
 * reusable: one instance per thread, decoded into for every pull; not thread-safe.
 *
 * <pre>
 *  key                   type     presence   meaning
 *  consumerGroup         name     required   the consumer group
 *  topic                 name     required   the topic
 *  queueId               int      required   the queue
 *  queueOffset           long     required   the first offset wanted
 *  maxMsgNums            int      required   the most messages wanted (32 push, 10 lite)
 *  sysFlag               int      required   PullSysFlag: 1 commit offset, 2 suspend, 4 subscription, 16 lite
 *  commitOffset          long     required   the offset to commit when sysFlag has bit 1
 *  suspendTimeoutMillis  long     required   how long the broker may hold the request
 *  subscription          name     optional   the expression, when sysFlag has bit 4
 *  subVersion            long     required   the subscription's version
 *  expressionType        name     optional   TAG or SQL92; absent means TAG
 *  maxMsgBytes           int      optional   5.x byte limit; absent means none ({@link Integer#MAX_VALUE})
 *  requestSource         int      optional   set by the proxy only
 *  proxyFrowardClientId  name     optional   set by the proxy only (RocketMQ's spelling)
 *  lo ns nsd bname oway           optional   the keys of {@link TopicRequestHeader}; 5.x sends bname
 * </pre>
 *
 * <p>Apache RocketMQ writes this header ({@code FastCodesHeader}) in two orders: JSON in its {@code HashMap} order
 * ({@link #encode(ExtFields)}), binary in the field order of the table above
 * ({@link #encode(ExtFields, SerializeType)} with {@link SerializeType#ROCKETMQ}).
 */
public final class PullMessageRequestHeader extends TopicRequestHeader<PullMessageRequestHeader> {
    private static final int CONSUMER_GROUP = 0;
    private static final int TOPIC = 1;
    private static final int QUEUE_ID = 2;
    private static final int QUEUE_OFFSET = 3;
    private static final int MAX_MSG_NUMS = 4;
    private static final int SYS_FLAG = 5;
    private static final int COMMIT_OFFSET = 6;
    private static final int SUSPEND_TIMEOUT_MILLIS = 7;
    private static final int SUBSCRIPTION = 8;
    private static final int SUB_VERSION = 9;
    private static final int EXPRESSION_TYPE = 10;
    private static final int MAX_MSG_BYTES = 11;
    private static final int REQUEST_SOURCE = 12;
    private static final int PROXY_FORWARD_CLIENT_ID = 13;
    private static final int LOGICAL_QUEUE = 14;
    private static final int NAMESPACE_KEY = 15;
    private static final int NAMESPACED_KEY = 16;
    private static final int BROKER_NAME_KEY = 17;
    private static final int ONEWAY_KEY = 18;
    private static final int FIELD_COUNT = 19;
    private static final int REQUIRED = (1 << SUBSCRIPTION) - 1 | 1 << SUB_VERSION;
    private static final int ALWAYS_SET = (1 << QUEUE_ID) | (1 << QUEUE_OFFSET) | (1 << MAX_MSG_NUMS) | (1 << SYS_FLAG)
        | (1 << COMMIT_OFFSET) | (1 << SUSPEND_TIMEOUT_MILLIS) | (1 << SUB_VERSION);

    /** The keys by field, in RocketMQ's binary ({@code FastCodesHeader.encode}) order. */
    private static final KeyTable KEYS = new KeyTable("consumerGroup", "topic", "queueId", "queueOffset", "maxMsgNums",
        "sysFlag", "commitOffset", "suspendTimeoutMillis", "subscription", "subVersion", "expressionType", "maxMsgBytes",
        "requestSource", "proxyFrowardClientId", LOGICAL, NAMESPACE, NAMESPACED, BROKER_NAME, ONEWAY);
    /** The order RocketMQ's {@code makeCustomHeaderToNet} puts the keys: its {@code HashSet<Field>} order. */
    private static final String[] PUT_ORDER = {"maxMsgBytes", "queueId", NAMESPACE, "commitOffset", "maxMsgNums",
        "sysFlag", "subscription", "requestSource", "proxyFrowardClientId", LOGICAL, BROKER_NAME, ONEWAY,
        "suspendTimeoutMillis", "queueOffset", "expressionType", "topic", "consumerGroup", "subVersion", NAMESPACED};
    /** The table a {@code HashMap} grows to past 12 keys; this header has too few keys to ever need more. */
    private static final int LARGE_TABLE = HashMapOrder.DEFAULT_INITIAL_CAPACITY * 2;
    private static final int[] MAP_ORDER_SMALL = HashMapOrder.fieldOrder(KEYS.keys(), PUT_ORDER, HashMapOrder.DEFAULT_INITIAL_CAPACITY);
    private static final int[] MAP_ORDER_LARGE = HashMapOrder.fieldOrder(KEYS.keys(), PUT_ORDER, LARGE_TABLE);
    private static final int[] BINARY_ORDER = IntStream.range(0, FIELD_COUNT).toArray();

    /** Bits of the optional numbers that are present. */
    private int presentOptionals;
    private String consumerGroup;
    private String topic;
    private int queueId;
    private long queueOffset;
    private int maxMsgNums;
    private int sysFlag;
    private long commitOffset;
    private long suspendTimeoutMillis;
    private String subscription;
    private long subVersion;
    private String expressionType;
    private int maxMsgBytes = Integer.MAX_VALUE;
    private int requestSource;
    private String proxyFrowardClientId;

    @Override
    public void clear() {
        presentOptionals = 0;
        consumerGroup = null;
        topic = null;
        queueId = 0;
        queueOffset = 0;
        maxMsgNums = 0;
        sysFlag = 0;
        commitOffset = 0;
        suspendTimeoutMillis = 0;
        subscription = null;
        subVersion = 0;
        expressionType = null;
        maxMsgBytes = Integer.MAX_VALUE;
        requestSource = 0;
        proxyFrowardClientId = null;
        logical(null).namespace(null).namespaced(null).brokerName(null).oneway(null);
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
        KEYS.requirePresent(this, present, REQUIRED);
    }

    private void read(int field, ExtFields ext, int index, InternTable names) {
        switch (field) {
            case CONSUMER_GROUP -> consumerGroup = ext.valueInterned(index, names);
            case TOPIC -> topic = ext.valueInterned(index, names);
            case QUEUE_ID -> queueId = KEYS.intValue(this, field, ext, index);
            case QUEUE_OFFSET -> queueOffset = KEYS.longValue(this, field, ext, index);
            case MAX_MSG_NUMS -> maxMsgNums = KEYS.intValue(this, field, ext, index);
            case SYS_FLAG -> sysFlag = KEYS.intValue(this, field, ext, index);
            case COMMIT_OFFSET -> commitOffset = KEYS.longValue(this, field, ext, index);
            case SUSPEND_TIMEOUT_MILLIS -> suspendTimeoutMillis = KEYS.longValue(this, field, ext, index);
            case SUBSCRIPTION -> subscription = ext.valueInterned(index, names);
            case SUB_VERSION -> subVersion = KEYS.longValue(this, field, ext, index);
            case EXPRESSION_TYPE -> expressionType = ext.valueInterned(index, names);
            case MAX_MSG_BYTES -> maxMsgBytes = KEYS.intValue(this, field, ext, index);
            case REQUEST_SOURCE -> requestSource = KEYS.intValue(this, field, ext, index);
            case PROXY_FORWARD_CLIENT_ID -> proxyFrowardClientId = ext.valueInterned(index, names);
            case LOGICAL_QUEUE -> logical(ext.valueBoolean(index));
            case NAMESPACE_KEY -> namespace(ext.valueInterned(index, names));
            case NAMESPACED_KEY -> namespaced(ext.valueBoolean(index));
            case BROKER_NAME_KEY -> brokerName(ext.valueInterned(index, names));
            case ONEWAY_KEY -> oneway(ext.valueBoolean(index));
            default -> throw new IllegalStateException("no field " + field);
        }
        presentOptionals |= 1 << field;
    }

    /** Appends the set fields in RocketMQ's {@code HashMap} order: the order of its JSON headers. */
    @Override
    public void encode(ExtFields ext) {
        int set = setFields();
        write(HashMapOrder.tableSize(HashMapOrder.DEFAULT_INITIAL_CAPACITY, Integer.bitCount(set)) == LARGE_TABLE
            ? MAP_ORDER_LARGE : MAP_ORDER_SMALL, set, ext);
    }

    /** Appends the set fields as RocketMQ writes them: field order in binary headers, map order in JSON. */
    @Override
    public void encode(ExtFields ext, SerializeType type) {
        if (type == SerializeType.ROCKETMQ) {
            write(BINARY_ORDER, setFields(), ext);
        } else {
            encode(ext);
        }
    }

    /** A bit per field that is set: required numbers always, the rest when not null or present. */
    private int setFields() {
        int set = ALWAYS_SET | presentOptionals & ((1 << MAX_MSG_BYTES) | (1 << REQUEST_SOURCE));
        set |= consumerGroup != null ? 1 << CONSUMER_GROUP : 0;
        set |= topic != null ? 1 << TOPIC : 0;
        set |= subscription != null ? 1 << SUBSCRIPTION : 0;
        set |= expressionType != null ? 1 << EXPRESSION_TYPE : 0;
        set |= proxyFrowardClientId != null ? 1 << PROXY_FORWARD_CLIENT_ID : 0;
        set |= logical() != null ? 1 << LOGICAL_QUEUE : 0;
        set |= namespace() != null ? 1 << NAMESPACE_KEY : 0;
        set |= namespaced() != null ? 1 << NAMESPACED_KEY : 0;
        set |= brokerName() != null ? 1 << BROKER_NAME_KEY : 0;
        set |= oneway() != null ? 1 << ONEWAY_KEY : 0;
        return set;
    }

    private void write(int[] order, int set, ExtFields ext) {
        for (int field : order) {
            if ((set & (1 << field)) != 0) {
                write(field, KEYS.keyBytes(field), ext);
            }
        }
    }

    private void write(int field, byte[] key, ExtFields ext) {
        switch (field) {
            case CONSUMER_GROUP -> ext.add(key, consumerGroup);
            case TOPIC -> ext.add(key, topic);
            case QUEUE_ID -> ext.add(key, queueId);
            case QUEUE_OFFSET -> ext.add(key, queueOffset);
            case MAX_MSG_NUMS -> ext.add(key, maxMsgNums);
            case SYS_FLAG -> ext.add(key, sysFlag);
            case COMMIT_OFFSET -> ext.add(key, commitOffset);
            case SUSPEND_TIMEOUT_MILLIS -> ext.add(key, suspendTimeoutMillis);
            case SUBSCRIPTION -> ext.add(key, subscription);
            case SUB_VERSION -> ext.add(key, subVersion);
            case EXPRESSION_TYPE -> ext.add(key, expressionType);
            case MAX_MSG_BYTES -> ext.add(key, maxMsgBytes);
            case REQUEST_SOURCE -> ext.add(key, requestSource);
            case PROXY_FORWARD_CLIENT_ID -> ext.add(key, proxyFrowardClientId);
            case LOGICAL_QUEUE -> ext.add(key, logical().booleanValue());
            case NAMESPACE_KEY -> ext.add(key, namespace());
            case NAMESPACED_KEY -> ext.add(key, namespaced().booleanValue());
            case BROKER_NAME_KEY -> ext.add(key, brokerName());
            case ONEWAY_KEY -> ext.add(key, oneway().booleanValue());
            default -> throw new IllegalStateException("no field " + field);
        }
    }

    /** Never asked for: the codec of this hot-path header is written out by hand, overriding every table-driven method. */
    @Override
    HeaderSchema<PullMessageRequestHeader> schema() {
        throw new AssertionError("PullMessageRequestHeader has a hand-written codec and no field table");
    }

    @Override
    protected PullMessageRequestHeader self() {
        return this;
    }

    // ---- accessors --------------------------------------------------------------------------------------------

    /** {@code consumerGroup}: the consumer group. */
    public String consumerGroup() {
        return consumerGroup;
    }

    /** Sets the consumer group. */
    public PullMessageRequestHeader consumerGroup(String value) {
        this.consumerGroup = value;
        return this;
    }

    /** {@code topic}: the topic. */
    public String topic() {
        return topic;
    }

    /** Sets the topic. */
    public PullMessageRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** {@code queueId}: the queue. */
    public int queueId() {
        return queueId;
    }

    /** Sets the queue id. */
    public PullMessageRequestHeader queueId(int value) {
        this.queueId = value;
        return this;
    }

    /** {@code queueOffset}: the first consume-queue offset wanted. */
    public long queueOffset() {
        return queueOffset;
    }

    /** Sets the queue offset. */
    public PullMessageRequestHeader queueOffset(long value) {
        this.queueOffset = value;
        return this;
    }

    /** {@code maxMsgNums}: the most messages wanted. */
    public int maxMsgNums() {
        return maxMsgNums;
    }

    /** Sets the message limit. */
    public PullMessageRequestHeader maxMsgNums(int value) {
        this.maxMsgNums = value;
        return this;
    }

    /** {@code sysFlag}: the PullSysFlag bits. */
    public int sysFlag() {
        return sysFlag;
    }

    /** Sets the PullSysFlag bits. */
    public PullMessageRequestHeader sysFlag(int value) {
        this.sysFlag = value;
        return this;
    }

    /** {@code commitOffset}: the offset to commit, when the sysFlag asks for it. */
    public long commitOffset() {
        return commitOffset;
    }

    /** Sets the offset to commit. */
    public PullMessageRequestHeader commitOffset(long value) {
        this.commitOffset = value;
        return this;
    }

    /** {@code suspendTimeoutMillis}: how long the broker may hold the request when nothing is found. */
    public long suspendTimeoutMillis() {
        return suspendTimeoutMillis;
    }

    /** Sets the long-polling time. */
    public PullMessageRequestHeader suspendTimeoutMillis(long value) {
        this.suspendTimeoutMillis = value;
        return this;
    }

    /** {@code subscription}: the subscription expression, or null (then the heartbeat's subscription applies). */
    public String subscription() {
        return subscription;
    }

    /** Sets the subscription expression; null leaves it out. */
    public PullMessageRequestHeader subscription(String value) {
        this.subscription = value;
        return this;
    }

    /** {@code subVersion}: the subscription's version. */
    public long subVersion() {
        return subVersion;
    }

    /** Sets the subscription version. */
    public PullMessageRequestHeader subVersion(long value) {
        this.subVersion = value;
        return this;
    }

    /** {@code expressionType}: {@code TAG} or {@code SQL92}, or null (meaning TAG). */
    public String expressionType() {
        return expressionType;
    }

    /** Sets the expression type; null leaves it out. */
    public PullMessageRequestHeader expressionType(String value) {
        this.expressionType = value;
        return this;
    }

    /** True if {@code maxMsgBytes} is present (5.x clients). */
    public boolean hasMaxMsgBytes() {
        return (presentOptionals & (1 << MAX_MSG_BYTES)) != 0;
    }

    /** {@code maxMsgBytes}: the most bytes wanted; {@link Integer#MAX_VALUE} (no limit) if absent. */
    public int maxMsgBytes() {
        return maxMsgBytes;
    }

    /** Sets the byte limit. */
    public PullMessageRequestHeader maxMsgBytes(int value) {
        this.maxMsgBytes = value;
        presentOptionals |= 1 << MAX_MSG_BYTES;
        return this;
    }

    /** True if {@code requestSource} is present (proxy only). */
    public boolean hasRequestSource() {
        return (presentOptionals & (1 << REQUEST_SOURCE)) != 0;
    }

    /** {@code requestSource}: where a proxied request came from; 0 if absent. */
    public int requestSource() {
        return requestSource;
    }

    /** Sets the request source. */
    public PullMessageRequestHeader requestSource(int value) {
        this.requestSource = value;
        presentOptionals |= 1 << REQUEST_SOURCE;
        return this;
    }

    /** {@code proxyFrowardClientId}: the real client behind a proxy, or null. */
    public String proxyFrowardClientId() {
        return proxyFrowardClientId;
    }

    /** Sets the proxied client id; null leaves it out. */
    public PullMessageRequestHeader proxyFrowardClientId(String value) {
        this.proxyFrowardClientId = value;
        return this;
    }

    @Override
    public String toString() {
        return "PullMessageRequestHeader{consumerGroup=" + consumerGroup + ", topic=" + topic + ", queueId=" + queueId
            + ", queueOffset=" + queueOffset + ", maxMsgNums=" + maxMsgNums + ", sysFlag=" + sysFlag + ", commitOffset="
            + commitOffset + ", suspendTimeoutMillis=" + suspendTimeoutMillis + ", subscription=" + subscription
            + ", subVersion=" + subVersion + ", expressionType=" + expressionType
            + ", maxMsgBytes=" + (hasMaxMsgBytes() ? maxMsgBytes : null)
            + ", requestSource=" + (hasRequestSource() ? requestSource : null)
            + ", proxyFrowardClientId=" + proxyFrowardClientId + ", lo=" + logical() + ", ns=" + namespace()
            + ", nsd=" + namespaced() + ", bname=" + brokerName() + ", oway=" + oneway() + '}';
    }
}
