package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

import java.util.List;

/**
 * A request about one consumer group on one queue: {@code consumerGroup}, {@code topic} and {@code queueId}, besides
 * the keys of {@link TopicRequestHeader}. Shared by QUERY_CONSUMER_OFFSET and UPDATE_CONSUMER_OFFSET, which add a
 * field each and put their keys in orders of their own. Mutable and reusable, as every header; not thread-safe.
 *
 * @param <S> the concrete header, returned by the fluent setters
 */
public abstract class ConsumerQueueRequestHeader<S extends ConsumerQueueRequestHeader<S>> extends TopicRequestHeader<S> {
    /** The descriptors of the three fields, in this order, for the field tables of subclasses. */
    static final List<HeaderField<ConsumerQueueRequestHeader<?>>> CONSUMER_QUEUE_FIELDS = List.of(
        HeaderField.name("consumerGroup", REQUIRED, h -> h.consumerGroup, (h, v) -> h.consumerGroup = v),
        HeaderField.name("topic", REQUIRED, h -> h.topic, (h, v) -> h.topic = v),
        HeaderField.requiredInt("queueId", h -> h.queueId, (h, v) -> h.queueId = v));

    private String consumerGroup;
    private String topic;
    private int queueId;

    ConsumerQueueRequestHeader() {
    }

    /** {@code consumerGroup}: the consumer group. */
    public String consumerGroup() {
        return consumerGroup;
    }

    /** Sets {@code consumerGroup}. */
    public S consumerGroup(String value) {
        this.consumerGroup = value;
        return self();
    }

    /** {@code topic}: the topic. */
    public String topic() {
        return topic;
    }

    /** Sets {@code topic}. */
    public S topic(String value) {
        this.topic = value;
        return self();
    }

    /** {@code queueId}: the queue id. */
    public int queueId() {
        return queueId;
    }

    /** Sets {@code queueId}. */
    public S queueId(int value) {
        this.queueId = value;
        return self();
    }
}
