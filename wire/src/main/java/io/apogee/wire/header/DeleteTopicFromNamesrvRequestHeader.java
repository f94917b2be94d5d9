package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.OPTIONAL;
import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

/**
 * DELETE_TOPIC_IN_NAMESRV (216), to the name server: drops a topic's routes, for one cluster or all (mqadmin {@code
 * deleteTopic}). Mutable and reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  topic        name     required       the topic
 *  clusterName  name     optional       the cluster, or null for every cluster
 *  ns nsd bname oway lo  optional: the keys of {@link TopicRequestHeader}
 * </pre>
 */
public final class DeleteTopicFromNamesrvRequestHeader extends TopicRequestHeader<DeleteTopicFromNamesrvRequestHeader> {
    private static final HeaderSchema<DeleteTopicFromNamesrvRequestHeader> SCHEMA =
        HeaderSchema.builder(DeleteTopicFromNamesrvRequestHeader.class)
        .add(
            HeaderField.name("topic", REQUIRED, h -> h.topic, (h, v) -> h.topic = v),
            HeaderField.name("clusterName", OPTIONAL, h -> h.clusterName, (h, v) -> h.clusterName = v))
        .add(TOPIC_FIELDS)
        .putOrder("topic", "ns", "bname", "oway", "clusterName", "lo", "nsd")
        .build();

    private String topic;
    private String clusterName;

    /** {@code topic}: the topic. */
    public String topic() {
        return topic;
    }

    /** Sets {@code topic}. */
    public DeleteTopicFromNamesrvRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** {@code clusterName}: the cluster, or null for every cluster. */
    public String clusterName() {
        return clusterName;
    }

    /** Sets {@code clusterName}; null leaves it out. */
    public DeleteTopicFromNamesrvRequestHeader clusterName(String value) {
        this.clusterName = value;
        return this;
    }

    @Override
    protected DeleteTopicFromNamesrvRequestHeader self() {
        return this;
    }

    @Override
    HeaderSchema<DeleteTopicFromNamesrvRequestHeader> schema() {
        return SCHEMA;
    }
}
