package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

/**
 * SEARCH_OFFSET_BY_TIMESTAMP (29): the offset of a queue at a store time. Answered with a {@link
 * SearchOffsetResponseHeader}. Mutable and reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  topic         name     required       the topic
 *  queueId       int      required       the queue id
 *  timestamp     long     required       the store time, in ms
 *  boundaryType  LOWER|UPPER optional       which end of equal timestamps to answer with; null means {@link BoundaryType#LOWER}
 *  ns nsd bname oway lo  optional: the keys of {@link TopicRequestHeader}
 * </pre>
 */
public final class SearchOffsetRequestHeader extends TopicRequestHeader<SearchOffsetRequestHeader> {
    private static final HeaderSchema<SearchOffsetRequestHeader> SCHEMA = HeaderSchema.builder(SearchOffsetRequestHeader.class)
        .add(
            HeaderField.name("topic", REQUIRED, h -> h.topic, (h, v) -> h.topic = v),
            HeaderField.requiredInt("queueId", h -> h.queueId, (h, v) -> h.queueId = v),
            HeaderField.requiredLong("timestamp", h -> h.timestamp, (h, v) -> h.timestamp = v),
            HeaderField.optionalBoundaryType("boundaryType", h -> h.boundaryType, (h, v) -> h.boundaryType = v))
        .add(TOPIC_FIELDS)
        .putOrder("timestamp", "boundaryType", "ns", "bname", "oway", "topic", "lo", "queueId", "nsd")
        .build();

    private String topic;
    private int queueId;
    private long timestamp;
    private BoundaryType boundaryType;

    /** {@code topic}: the topic. */
    public String topic() {
        return topic;
    }

    /** Sets {@code topic}. */
    public SearchOffsetRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** {@code queueId}: the queue id. */
    public int queueId() {
        return queueId;
    }

    /** Sets {@code queueId}. */
    public SearchOffsetRequestHeader queueId(int value) {
        this.queueId = value;
        return this;
    }

    /** {@code timestamp}: the store time, in ms. */
    public long timestamp() {
        return timestamp;
    }

    /** Sets {@code timestamp}. */
    public SearchOffsetRequestHeader timestamp(long value) {
        this.timestamp = value;
        return this;
    }

    /** {@code boundaryType}: which end of equal timestamps to answer with; null means {@link BoundaryType#LOWER}. */
    public BoundaryType boundaryType() {
        return boundaryType;
    }

    /** Sets {@code boundaryType}; null leaves it out. */
    public SearchOffsetRequestHeader boundaryType(BoundaryType value) {
        this.boundaryType = value;
        return this;
    }

    @Override
    protected SearchOffsetRequestHeader self() {
        return this;
    }

    @Override
    HeaderSchema<SearchOffsetRequestHeader> schema() {
        return SCHEMA;
    }
}
