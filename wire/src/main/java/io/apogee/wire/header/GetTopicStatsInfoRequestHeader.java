package io.apogee.wire.header;

/**
 * GET_TOPIC_STATS_INFO (202): the offsets of every queue of a topic (mqadmin {@code topicStatus}). Mutable and
 * reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  topic  name     required       the topic
 *  ns nsd bname oway lo  optional: the keys of {@link TopicRequestHeader}
 * </pre>
 */
public final class GetTopicStatsInfoRequestHeader extends TopicOnlyRequestHeader<GetTopicStatsInfoRequestHeader> {
    private static final HeaderSchema<GetTopicStatsInfoRequestHeader> SCHEMA =
        HeaderSchema.builder(GetTopicStatsInfoRequestHeader.class)
        .add(TOPIC)
        .add(TOPIC_FIELDS)
        .putOrder("topic", "ns", "bname", "oway", "lo", "nsd")
        .build();

    @Override
    HeaderSchema<GetTopicStatsInfoRequestHeader> schema() {
        return SCHEMA;
    }

    @Override
    protected GetTopicStatsInfoRequestHeader self() {
        return this;
    }
}
