package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

/**
 * GET_MIN_OFFSET (31): a queue's min offset. Answered with a {@link GetMinOffsetResponseHeader}. Mutable and
 * reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  topic    name     required       the topic
 *  queueId  int      required       the queue id
 *  ns nsd bname oway lo  optional: the keys of {@link TopicRequestHeader}
 * </pre>
 */
public final class GetMinOffsetRequestHeader extends TopicRequestHeader<GetMinOffsetRequestHeader> {
    private static final HeaderSchema<GetMinOffsetRequestHeader> SCHEMA = HeaderSchema.builder(GetMinOffsetRequestHeader.class)
        .add(
            HeaderField.name("topic", REQUIRED, h -> h.topic, (h, v) -> h.topic = v),
            HeaderField.requiredInt("queueId", h -> h.queueId, (h, v) -> h.queueId = v))
        .add(TOPIC_FIELDS)
        .putOrder("topic", "ns", "bname", "oway", "queueId", "lo", "nsd")
        .build();

    private String topic;
    private int queueId;

    /** {@code topic}: the topic. */
    public String topic() {
        return topic;
    }

    /** Sets {@code topic}. */
    public GetMinOffsetRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** {@code queueId}: the queue id. */
    public int queueId() {
        return queueId;
    }

    /** Sets {@code queueId}. */
    public GetMinOffsetRequestHeader queueId(int value) {
        this.queueId = value;
        return this;
    }

    @Override
    protected GetMinOffsetRequestHeader self() {
        return this;
    }

    @Override
    HeaderSchema<GetMinOffsetRequestHeader> schema() {
        return SCHEMA;
    }
}
