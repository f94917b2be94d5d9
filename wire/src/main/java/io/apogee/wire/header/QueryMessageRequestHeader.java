package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.OPTIONAL;
import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

/**
 * QUERY_MESSAGE (12): messages of a topic by key or unique key within a time range (mqadmin {@code queryMsgByKey},
 * {@code queryMsgByUniqueKey}). Answered with a {@link QueryMessageResponseHeader} and the messages as body.
 * Mutable and reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  _UNIQUE_KEY_QUERY  boolean  optional       true for a unique-key (UNIQ_KEY) lookup; an ext field the client adds beside the header, so RocketMQ's map starts at capacity 256
 *  topic              name     required       the topic
 *  key                text     required       the key to look up
 *  maxNum             int      required       the most messages to return
 *  beginTimestamp     long     required       the start of the time range, in ms
 *  endTimestamp       long     required       the end of the time range, in ms
 *  indexType          name     optional       the index to search (5.x), or null
 *  lastKey            text     optional       where a paged query resumes (5.x), or null
 *  ns nsd bname oway lo  optional: the keys of {@link TopicRequestHeader}
 * </pre>
 */
public final class QueryMessageRequestHeader extends TopicRequestHeader<QueryMessageRequestHeader> {
    private static final HeaderSchema<QueryMessageRequestHeader> SCHEMA = HeaderSchema.builder(QueryMessageRequestHeader.class)
        .preset(HeaderField.optionalBoolean("_UNIQUE_KEY_QUERY", h -> h.uniqueKeyQuery, (h, v) -> h.uniqueKeyQuery = v))
        .add(
            HeaderField.name("topic", REQUIRED, h -> h.topic, (h, v) -> h.topic = v),
            HeaderField.text("key", REQUIRED, h -> h.key, (h, v) -> h.key = v),
            HeaderField.requiredInt("maxNum", h -> h.maxNum, (h, v) -> h.maxNum = v),
            HeaderField.requiredLong("beginTimestamp", h -> h.beginTimestamp, (h, v) -> h.beginTimestamp = v),
            HeaderField.requiredLong("endTimestamp", h -> h.endTimestamp, (h, v) -> h.endTimestamp = v),
            HeaderField.name("indexType", OPTIONAL, h -> h.indexType, (h, v) -> h.indexType = v),
            HeaderField.text("lastKey", OPTIONAL, h -> h.lastKey, (h, v) -> h.lastKey = v))
        .add(TOPIC_FIELDS)
        .putOrder("endTimestamp", "maxNum", "key", "topic", "ns", "bname", "lastKey", "oway", "beginTimestamp", "lo",
            "indexType", "nsd")
        .build();

    private Boolean uniqueKeyQuery;
    private String topic;
    private String key;
    private int maxNum;
    private long beginTimestamp;
    private long endTimestamp;
    private String indexType;
    private String lastKey;

    /**
     * {@code _UNIQUE_KEY_QUERY}: true for a unique-key (UNIQ_KEY) lookup; an ext field the client adds beside the
     * header, so RocketMQ's map starts at capacity 256.
     */
    public Boolean uniqueKeyQuery() {
        return uniqueKeyQuery;
    }

    /** Sets {@code _UNIQUE_KEY_QUERY}; null leaves it out. */
    public QueryMessageRequestHeader uniqueKeyQuery(Boolean value) {
        this.uniqueKeyQuery = value;
        return this;
    }

    /** {@code topic}: the topic. */
    public String topic() {
        return topic;
    }

    /** Sets {@code topic}. */
    public QueryMessageRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** {@code key}: the key to look up. */
    public String key() {
        return key;
    }

    /** Sets {@code key}. */
    public QueryMessageRequestHeader key(String value) {
        this.key = value;
        return this;
    }

    /** {@code maxNum}: the most messages to return. */
    public int maxNum() {
        return maxNum;
    }

    /** Sets {@code maxNum}. */
    public QueryMessageRequestHeader maxNum(int value) {
        this.maxNum = value;
        return this;
    }

    /** {@code beginTimestamp}: the start of the time range, in ms. */
    public long beginTimestamp() {
        return beginTimestamp;
    }

    /** Sets {@code beginTimestamp}. */
    public QueryMessageRequestHeader beginTimestamp(long value) {
        this.beginTimestamp = value;
        return this;
    }

    /** {@code endTimestamp}: the end of the time range, in ms. */
    public long endTimestamp() {
        return endTimestamp;
    }

    /** Sets {@code endTimestamp}. */
    public QueryMessageRequestHeader endTimestamp(long value) {
        this.endTimestamp = value;
        return this;
    }

    /** {@code indexType}: the index to search (5.x), or null. */
    public String indexType() {
        return indexType;
    }

    /** Sets {@code indexType}; null leaves it out. */
    public QueryMessageRequestHeader indexType(String value) {
        this.indexType = value;
        return this;
    }

    /** {@code lastKey}: where a paged query resumes (5.x), or null. */
    public String lastKey() {
        return lastKey;
    }

    /** Sets {@code lastKey}; null leaves it out. */
    public QueryMessageRequestHeader lastKey(String value) {
        this.lastKey = value;
        return this;
    }

    @Override
    protected QueryMessageRequestHeader self() {
        return this;
    }

    @Override
    HeaderSchema<QueryMessageRequestHeader> schema() {
        return SCHEMA;
    }
}
