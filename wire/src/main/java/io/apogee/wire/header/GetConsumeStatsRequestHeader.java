package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.OPTIONAL;
import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

/**
 * GET_CONSUME_STATS (208): a consumer group's progress, for one topic, a list, or all (mqadmin {@code
 * consumerProgress}). Mutable and reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  consumerGroup  name     required       the consumer group
 *  topic          name     optional       one topic, or null
 *  topicList      text     optional       topics joined with {@code ;}, or null
 *  ns nsd bname oway lo  optional: the keys of {@link TopicRequestHeader}
 * </pre>
 */
public final class GetConsumeStatsRequestHeader extends TopicRequestHeader<GetConsumeStatsRequestHeader> {
    private static final HeaderSchema<GetConsumeStatsRequestHeader> SCHEMA = HeaderSchema.builder(GetConsumeStatsRequestHeader.class)
        .add(
            HeaderField.name("consumerGroup", REQUIRED, h -> h.consumerGroup, (h, v) -> h.consumerGroup = v),
            HeaderField.name("topic", OPTIONAL, h -> h.topic, (h, v) -> h.topic = v),
            HeaderField.text("topicList", OPTIONAL, h -> h.topicList, (h, v) -> h.topicList = v))
        .add(TOPIC_FIELDS)
        .putOrder("ns", "bname", "oway", "topicList", "consumerGroup", "topic", "lo", "nsd")
        .build();

    private String consumerGroup;
    private String topic;
    private String topicList;

    /** {@code consumerGroup}: the consumer group. */
    public String consumerGroup() {
        return consumerGroup;
    }

    /** Sets {@code consumerGroup}. */
    public GetConsumeStatsRequestHeader consumerGroup(String value) {
        this.consumerGroup = value;
        return this;
    }

    /** {@code topic}: one topic, or null. */
    public String topic() {
        return topic;
    }

    /** Sets {@code topic}; null leaves it out. */
    public GetConsumeStatsRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** {@code topicList}: topics joined with {@code ;}, or null. */
    public String topicList() {
        return topicList;
    }

    /** Sets {@code topicList}; null leaves it out. */
    public GetConsumeStatsRequestHeader topicList(String value) {
        this.topicList = value;
        return this;
    }

    @Override
    protected GetConsumeStatsRequestHeader self() {
        return this;
    }

    @Override
    HeaderSchema<GetConsumeStatsRequestHeader> schema() {
        return SCHEMA;
    }
}
