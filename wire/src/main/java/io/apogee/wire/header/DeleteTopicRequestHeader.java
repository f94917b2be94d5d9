package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;

/**
 * DELETE_TOPIC_IN_BROKER (215): deletes a topic from one broker (mqadmin {@code deleteTopic}). Mutable and
 * reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  topic  name     required       the topic
 *  ns nsd bname oway lo  optional: the keys of {@link TopicRequestHeader}
 * </pre>
 */
public final class DeleteTopicRequestHeader extends TopicRequestHeader<DeleteTopicRequestHeader> {
    private static final HeaderSchema<DeleteTopicRequestHeader> SCHEMA = HeaderSchema.builder(DeleteTopicRequestHeader.class)
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
    public DeleteTopicRequestHeader topic(String value) {
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
    protected DeleteTopicRequestHeader self() {
        return this;
    }

    @Override
    public String toString() {
        return SCHEMA.toString(this);
    }
}
