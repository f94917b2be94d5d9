package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;

/**
 * UPDATE_CONSUMER_OFFSET (15): commits a consumer group's offset on one queue; mostly sent oneway, every 5 s per
 * queue. Mutable and reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  consumerGroup  name     required       the consumer group
 *  topic          name     required       the topic
 *  queueId        int      required       the queue id
 *  commitOffset   long     required       the offset to commit: the next one to consume
 *  ns nsd bname oway lo  optional: the keys of {@link TopicRequestHeader}
 * </pre>
 */
public final class UpdateConsumerOffsetRequestHeader extends TopicRequestHeader<UpdateConsumerOffsetRequestHeader> {
    private static final HeaderSchema<UpdateConsumerOffsetRequestHeader> SCHEMA =
        HeaderSchema.builder(UpdateConsumerOffsetRequestHeader.class)
        .add(
            HeaderField.name("consumerGroup", REQUIRED, h -> h.consumerGroup, (h, v) -> h.consumerGroup = v),
            HeaderField.name("topic", REQUIRED, h -> h.topic, (h, v) -> h.topic = v),
            HeaderField.requiredInt("queueId", h -> h.queueId, (h, v) -> h.queueId = v),
            HeaderField.requiredLong("commitOffset", h -> h.commitOffset, (h, v) -> h.commitOffset = v))
        .add(TOPIC_FIELDS)
        .putOrder("queueId", "ns", "bname", "oway", "commitOffset", "topic", "consumerGroup", "lo", "nsd")
        .build();

    private String consumerGroup;
    private String topic;
    private int queueId;
    private long commitOffset;

    /** {@code consumerGroup}: the consumer group. */
    public String consumerGroup() {
        return consumerGroup;
    }

    /** Sets {@code consumerGroup}. */
    public UpdateConsumerOffsetRequestHeader consumerGroup(String value) {
        this.consumerGroup = value;
        return this;
    }

    /** {@code topic}: the topic. */
    public String topic() {
        return topic;
    }

    /** Sets {@code topic}. */
    public UpdateConsumerOffsetRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** {@code queueId}: the queue id. */
    public int queueId() {
        return queueId;
    }

    /** Sets {@code queueId}. */
    public UpdateConsumerOffsetRequestHeader queueId(int value) {
        this.queueId = value;
        return this;
    }

    /** {@code commitOffset}: the offset to commit: the next one to consume. */
    public long commitOffset() {
        return commitOffset;
    }

    /** Sets {@code commitOffset}. */
    public UpdateConsumerOffsetRequestHeader commitOffset(long value) {
        this.commitOffset = value;
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
    protected UpdateConsumerOffsetRequestHeader self() {
        return this;
    }

    @Override
    public String toString() {
        return SCHEMA.toString(this);
    }
}
