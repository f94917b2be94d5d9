package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;

/**
 * QUERY_CONSUMER_OFFSET (14): the offset a consumer group has committed on one queue. Answered with a {@link
 * QueryConsumerOffsetResponseHeader} or QUERY_NOT_FOUND. Mutable and reusable: decode into one instance per thread;
 * not thread-safe.
 *
 * <pre>
 *  consumerGroup      name     required       the consumer group
 *  topic              name     required       the topic
 *  queueId            int      required       the queue id
 *  setZeroIfNotFound  boolean  optional       false makes the broker answer QUERY_NOT_FOUND rather than offset 0 when nothing is committed (5.x); null means true
 *  ns nsd bname oway lo  optional: the keys of {@link TopicRequestHeader}
 * </pre>
 */
public final class QueryConsumerOffsetRequestHeader extends TopicRequestHeader<QueryConsumerOffsetRequestHeader> {
    private static final HeaderSchema<QueryConsumerOffsetRequestHeader> SCHEMA =
        HeaderSchema.builder(QueryConsumerOffsetRequestHeader.class)
        .add(
            HeaderField.name("consumerGroup", REQUIRED, h -> h.consumerGroup, (h, v) -> h.consumerGroup = v),
            HeaderField.name("topic", REQUIRED, h -> h.topic, (h, v) -> h.topic = v),
            HeaderField.requiredInt("queueId", h -> h.queueId, (h, v) -> h.queueId = v),
            HeaderField.optionalBoolean("setZeroIfNotFound", h -> h.setZeroIfNotFound, (h, v) -> h.setZeroIfNotFound = v))
        .add(TOPIC_FIELDS)
        .putOrder("topic", "setZeroIfNotFound", "ns", "bname", "oway", "consumerGroup", "queueId", "lo", "nsd")
        .build();

    private String consumerGroup;
    private String topic;
    private int queueId;
    private Boolean setZeroIfNotFound;

    /** {@code consumerGroup}: the consumer group. */
    public String consumerGroup() {
        return consumerGroup;
    }

    /** Sets {@code consumerGroup}. */
    public QueryConsumerOffsetRequestHeader consumerGroup(String value) {
        this.consumerGroup = value;
        return this;
    }

    /** {@code topic}: the topic. */
    public String topic() {
        return topic;
    }

    /** Sets {@code topic}. */
    public QueryConsumerOffsetRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** {@code queueId}: the queue id. */
    public int queueId() {
        return queueId;
    }

    /** Sets {@code queueId}. */
    public QueryConsumerOffsetRequestHeader queueId(int value) {
        this.queueId = value;
        return this;
    }

    /**
     * {@code setZeroIfNotFound}: false makes the broker answer QUERY_NOT_FOUND rather than offset 0 when nothing
     * is committed (5.x); null means true.
     */
    public Boolean setZeroIfNotFound() {
        return setZeroIfNotFound;
    }

    /** Sets {@code setZeroIfNotFound}; null leaves it out. */
    public QueryConsumerOffsetRequestHeader setZeroIfNotFound(Boolean value) {
        this.setZeroIfNotFound = value;
        return this;
    }

    @Override
    public void clear() {
        SCHEMA.clear(this);
    }

    @Override
    public void decode(ExtFields ext, InternTable names) {
        SCHEMA.decode(this, ext, names);
    }

    @Override
    public void encode(ExtFields ext) {
        SCHEMA.encode(this, ext);
    }

    @Override
    protected QueryConsumerOffsetRequestHeader self() {
        return this;
    }

    @Override
    public String toString() {
        return SCHEMA.toString(this);
    }
}
