package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;

/**
 * QUERY_TOPIC_CONSUME_BY_WHO (300): the groups that consume a topic (mqadmin {@code topicList -c}). Mutable and
 * reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  topic  name     required       the topic
 *  ns nsd bname oway lo  optional: the keys of {@link TopicRequestHeader}
 * </pre>
 */
public final class QueryTopicConsumeByWhoRequestHeader extends TopicRequestHeader<QueryTopicConsumeByWhoRequestHeader> {
    private static final HeaderSchema<QueryTopicConsumeByWhoRequestHeader> SCHEMA =
        HeaderSchema.builder(QueryTopicConsumeByWhoRequestHeader.class)
        .add(
            HeaderField.name("topic", REQUIRED, h -> h.topic, (h, v) -> h.topic = v))
        .add(TOPIC_FIELDS)
        .putOrder("ns", "bname", "oway", "topic", "lo", "nsd")
        .build();

    private String topic;

    /** {@code topic}: the topic. */
    public String topic() {
        return topic;
    }

    /** Sets {@code topic}. */
    public QueryTopicConsumeByWhoRequestHeader topic(String value) {
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
    protected QueryTopicConsumeByWhoRequestHeader self() {
        return this;
    }

    @Override
    public String toString() {
        return SCHEMA.toString(this);
    }
}
