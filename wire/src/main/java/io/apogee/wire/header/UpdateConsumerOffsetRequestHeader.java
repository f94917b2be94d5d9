package io.apogee.wire.header;

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
public final class UpdateConsumerOffsetRequestHeader extends ConsumerQueueRequestHeader<UpdateConsumerOffsetRequestHeader> {
    private static final HeaderSchema<UpdateConsumerOffsetRequestHeader> SCHEMA =
        HeaderSchema.builder(UpdateConsumerOffsetRequestHeader.class)
        .add(CONSUMER_QUEUE_FIELDS)
        .add(
            HeaderField.requiredLong("commitOffset", h -> h.commitOffset, (h, v) -> h.commitOffset = v))
        .add(TOPIC_FIELDS)
        .putOrder("queueId", "ns", "bname", "oway", "commitOffset", "topic", "consumerGroup", "lo", "nsd")
        .build();

    private long commitOffset;

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
    HeaderSchema<UpdateConsumerOffsetRequestHeader> schema() {
        return SCHEMA;
    }

    @Override
    protected UpdateConsumerOffsetRequestHeader self() {
        return this;
    }
}
