package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

/**
 * GET_EARLIEST_MSG_STORETIME (32): the store time of a queue's first message. Answered with a {@link
 * GetEarliestMsgStoretimeResponseHeader}. Mutable and reusable: decode into one instance per thread; not
 * thread-safe.
 *
 * <pre>
 *  topic    name     required       the topic
 *  queueId  int      required       the queue id
 *  ns nsd bname oway lo  optional: the keys of {@link TopicRequestHeader}
 * </pre>
 */
public final class GetEarliestMsgStoretimeRequestHeader extends TopicRequestHeader<GetEarliestMsgStoretimeRequestHeader> {
    private static final HeaderSchema<GetEarliestMsgStoretimeRequestHeader> SCHEMA =
        HeaderSchema.builder(GetEarliestMsgStoretimeRequestHeader.class)
        .add(
            HeaderField.name("topic", REQUIRED, h -> h.topic, (h, v) -> h.topic = v),
            HeaderField.requiredInt("queueId", h -> h.queueId, (h, v) -> h.queueId = v))
        .add(TOPIC_FIELDS)
        .putOrder("queueId", "ns", "bname", "oway", "topic", "lo", "nsd")
        .build();

    private String topic;
    private int queueId;

    /** {@code topic}: the topic. */
    public String topic() {
        return topic;
    }

    /** Sets {@code topic}. */
    public GetEarliestMsgStoretimeRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** {@code queueId}: the queue id. */
    public int queueId() {
        return queueId;
    }

    /** Sets {@code queueId}. */
    public GetEarliestMsgStoretimeRequestHeader queueId(int value) {
        this.queueId = value;
        return this;
    }

    @Override
    protected GetEarliestMsgStoretimeRequestHeader self() {
        return this;
    }

    @Override
    HeaderSchema<GetEarliestMsgStoretimeRequestHeader> schema() {
        return SCHEMA;
    }
}
