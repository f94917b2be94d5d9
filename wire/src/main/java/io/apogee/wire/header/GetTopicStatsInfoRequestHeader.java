package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;

/**
 * GET_TOPIC_STATS_INFO (202): the offsets of every queue of a topic (mqadmin {@code topicStatus}). Mutable and
 * reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  topic  name     required       the topic
 *  ns nsd bname oway lo  optional: the keys of {@link TopicRequestHeader}
 * </pre>
 */
public final class GetTopicStatsInfoRequestHeader extends TopicRequestHeader<GetTopicStatsInfoRequestHeader> {
    private static final HeaderSchema<GetTopicStatsInfoRequestHeader> SCHEMA = HeaderSchema.builder(GetTopicStatsInfoRequestHeader.class)
        .add(
            HeaderField.name("topic", REQUIRED, h -> h.topic, (h, v) -> h.topic = v))
        .add(TOPIC_FIELDS)
        .putOrder("topic", "ns", "bname", "oway", "lo", "nsd")
        .build();

    private String topic;

    /** {@code topic}: the topic. */
    public String topic() {
        return topic;
    }

    /** Sets {@code topic}. */
    public GetTopicStatsInfoRequestHeader topic(String value) {
        this.topic = value;
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
    protected GetTopicStatsInfoRequestHeader self() {
        return this;
    }

    @Override
    public String toString() {
        return SCHEMA.toString(this);
    }
}
