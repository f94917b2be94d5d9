package io.apogee.wire.header;

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
public final class QueryConsumerOffsetRequestHeader extends ConsumerQueueRequestHeader<QueryConsumerOffsetRequestHeader> {
    private static final HeaderSchema<QueryConsumerOffsetRequestHeader> SCHEMA =
        HeaderSchema.builder(QueryConsumerOffsetRequestHeader.class)
        .add(CONSUMER_QUEUE_FIELDS)
        .add(
            HeaderField.optionalBoolean("setZeroIfNotFound", h -> h.setZeroIfNotFound, (h, v) -> h.setZeroIfNotFound = v))
        .add(TOPIC_FIELDS)
        .putOrder("topic", "setZeroIfNotFound", "ns", "bname", "oway", "consumerGroup", "queueId", "lo", "nsd")
        .build();

    private Boolean setZeroIfNotFound;

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
    HeaderSchema<QueryConsumerOffsetRequestHeader> schema() {
        return SCHEMA;
    }

    @Override
    protected QueryConsumerOffsetRequestHeader self() {
        return this;
    }
}
