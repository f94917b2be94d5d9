package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

/**
 * GET_MAX_OFFSET (30): a queue's max offset, exclusive. Answered with a {@link GetMaxOffsetResponseHeader}. Mutable
 * and reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  topic      name     required       the topic
 *  queueId    int      required       the queue id
 *  committed  boolean  default true   count only committed entries (always true from 5.x; absent from 4.x, meaning true)
 *  ns nsd bname oway lo  optional: the keys of {@link TopicRequestHeader}
 * </pre>
 */
public final class GetMaxOffsetRequestHeader extends TopicRequestHeader<GetMaxOffsetRequestHeader> {
    private static final HeaderSchema<GetMaxOffsetRequestHeader> SCHEMA = HeaderSchema.builder(GetMaxOffsetRequestHeader.class)
        .add(
            HeaderField.name("topic", REQUIRED, h -> h.topic, (h, v) -> h.topic = v),
            HeaderField.requiredInt("queueId", h -> h.queueId, (h, v) -> h.queueId = v),
            HeaderField.defaultedBoolean("committed", true, h -> h.committed, (h, v) -> h.committed = v))
        .add(TOPIC_FIELDS)
        .putOrder("committed", "queueId", "ns", "bname", "oway", "topic", "lo", "nsd")
        .build();

    private String topic;
    private int queueId;
    private boolean committed = true;

    /** {@code topic}: the topic. */
    public String topic() {
        return topic;
    }

    /** Sets {@code topic}. */
    public GetMaxOffsetRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** {@code queueId}: the queue id. */
    public int queueId() {
        return queueId;
    }

    /** Sets {@code queueId}. */
    public GetMaxOffsetRequestHeader queueId(int value) {
        this.queueId = value;
        return this;
    }

    /** {@code committed}: count only committed entries (always true from 5.x; absent from 4.x, meaning true). */
    public boolean committed() {
        return committed;
    }

    /** Sets {@code committed}. */
    public GetMaxOffsetRequestHeader committed(boolean value) {
        this.committed = value;
        return this;
    }

    @Override
    protected GetMaxOffsetRequestHeader self() {
        return this;
    }

    @Override
    HeaderSchema<GetMaxOffsetRequestHeader> schema() {
        return SCHEMA;
    }
}
