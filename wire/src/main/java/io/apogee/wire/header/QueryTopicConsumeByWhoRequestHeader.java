package io.apogee.wire.header;

/**
 * QUERY_TOPIC_CONSUME_BY_WHO (300): the groups that consume a topic (mqadmin {@code topicList -c}). Mutable and
 * reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  topic  name     required       the topic
 *  ns nsd bname oway lo  optional: the keys of {@link TopicRequestHeader}
 * </pre>
 */
public final class QueryTopicConsumeByWhoRequestHeader extends TopicOnlyRequestHeader<QueryTopicConsumeByWhoRequestHeader> {
    private static final HeaderSchema<QueryTopicConsumeByWhoRequestHeader> SCHEMA =
        HeaderSchema.builder(QueryTopicConsumeByWhoRequestHeader.class)
        .add(TOPIC)
        .add(TOPIC_FIELDS)
        .putOrder("ns", "bname", "oway", "topic", "lo", "nsd")
        .build();

    @Override
    HeaderSchema<QueryTopicConsumeByWhoRequestHeader> schema() {
        return SCHEMA;
    }

    @Override
    protected QueryTopicConsumeByWhoRequestHeader self() {
        return this;
    }
}
