package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

/**
 * INVOKE_BROKER_TO_RESET_OFFSET (222): an operator moves a consumer group's position in a topic (mqadmin
 * {@code resetOffsetByTime}), on every queue or on one, to a time or to an offset. Mutable and reusable: decode into
 * one instance per thread; not thread-safe.
 *
 * <pre>
 *  group      name     required       the consumer group
 *  topic      name     required       the topic
 *  queueId    int      default -1     one queue, or -1 for every queue
 *  offset     long     optional       the offset of that one queue, or null (or -1) to find it by the time
 *  timestamp  long     required       the time in ms to find offsets by; below 0 means each queue's end
 *  isForce    boolean  default false  sent by mqadmin; the server-side reset moves back and forward alike
 *  ns nsd bname oway lo  optional: the keys of {@link TopicRequestHeader}
 * </pre>
 */
public final class ResetOffsetRequestHeader extends TopicRequestHeader<ResetOffsetRequestHeader> {
    private static final HeaderSchema<ResetOffsetRequestHeader> SCHEMA = HeaderSchema.builder(ResetOffsetRequestHeader.class)
        .add(
            HeaderField.name("group", REQUIRED, h -> h.group, (h, v) -> h.group = v),
            HeaderField.name("topic", REQUIRED, h -> h.topic, (h, v) -> h.topic = v),
            HeaderField.defaultedInt("queueId", -1, h -> h.queueId, (h, v) -> h.queueId = v),
            HeaderField.optionalLong("offset", h -> h.offset, (h, v) -> h.offset = v),
            HeaderField.requiredLong("timestamp", h -> h.timestamp, (h, v) -> h.timestamp = v),
            HeaderField.defaultedBoolean("isForce", false, h -> h.isForce, (h, v) -> h.isForce = v))
        .add(TOPIC_FIELDS)
        .putOrder("queueId", "ns", "bname", "oway", "offset", "topic", "group", "timestamp", "isForce", "lo", "nsd")
        .build();

    private String group;
    private String topic;
    private int queueId = -1;
    private Long offset;
    private long timestamp;
    private boolean isForce;

    /** {@code group}: the consumer group. */
    public String group() {
        return group;
    }

    /** Sets {@code group}. */
    public ResetOffsetRequestHeader group(String value) {
        this.group = value;
        return this;
    }

    /** {@code topic}: the topic. */
    public String topic() {
        return topic;
    }

    /** Sets {@code topic}. */
    public ResetOffsetRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** {@code queueId}: one queue, or -1 for every queue. */
    public int queueId() {
        return queueId;
    }

    /** Sets {@code queueId}. */
    public ResetOffsetRequestHeader queueId(int value) {
        this.queueId = value;
        return this;
    }

    /** {@code offset}: the offset of the one queue, or null. */
    public Long offset() {
        return offset;
    }

    /** Sets {@code offset}; null leaves it out. */
    public ResetOffsetRequestHeader offset(Long value) {
        this.offset = value;
        return this;
    }

    /** {@code timestamp}: the time in ms to find offsets by. */
    public long timestamp() {
        return timestamp;
    }

    /** Sets {@code timestamp}. */
    public ResetOffsetRequestHeader timestamp(long value) {
        this.timestamp = value;
        return this;
    }

    /** {@code isForce}: sent by mqadmin. */
    public boolean isForce() {
        return isForce;
    }

    /** Sets {@code isForce}. */
    public ResetOffsetRequestHeader isForce(boolean value) {
        this.isForce = value;
        return this;
    }

    @Override
    protected ResetOffsetRequestHeader self() {
        return this;
    }

    @Override
    HeaderSchema<ResetOffsetRequestHeader> schema() {
        return SCHEMA;
    }
}
