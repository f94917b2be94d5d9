package io.apogee.wire.header;

/**
 * DELETE_TOPIC_IN_BROKER (215): deletes a topic from one broker (mqadmin {@code deleteTopic}). Mutable and
 * reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  topic  name     required       the topic
 *  ns nsd bname oway lo  optional: the keys of {@link TopicRequestHeader}
 * </pre>
 */
public final class DeleteTopicRequestHeader extends TopicOnlyRequestHeader<DeleteTopicRequestHeader> {
    private static final HeaderSchema<DeleteTopicRequestHeader> SCHEMA =
        HeaderSchema.builder(DeleteTopicRequestHeader.class)
        .add(TOPIC)
        .add(TOPIC_FIELDS)
        .putOrder("topic", "ns", "bname", "oway", "lo", "nsd")
        .build();

    @Override
    HeaderSchema<DeleteTopicRequestHeader> schema() {
        return SCHEMA;
    }

    @Override
    protected DeleteTopicRequestHeader self() {
        return this;
    }
}
