package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.OPTIONAL;

/**
 * VIEW_MESSAGE_BY_ID (33): one stored message by its physical offset (mqadmin {@code queryMsgById}). Mutable and
 * reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  topic   name     optional       the topic, or null
 *  offset  long     required       the message's physical offset
 * </pre>
 */
public final class ViewMessageRequestHeader extends SchemaHeader<ViewMessageRequestHeader> {
    private static final HeaderSchema<ViewMessageRequestHeader> SCHEMA = HeaderSchema.builder(ViewMessageRequestHeader.class)
        .add(
            HeaderField.name("topic", OPTIONAL, h -> h.topic, (h, v) -> h.topic = v),
            HeaderField.requiredLong("offset", h -> h.offset, (h, v) -> h.offset = v))
        .putOrder("offset", "topic")
        .build();

    private String topic;
    private long offset;

    /** {@code topic}: the topic, or null. */
    public String topic() {
        return topic;
    }

    /** Sets {@code topic}; null leaves it out. */
    public ViewMessageRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** {@code offset}: the message's physical offset. */
    public long offset() {
        return offset;
    }

    /** Sets {@code offset}. */
    public ViewMessageRequestHeader offset(long value) {
        this.offset = value;
        return this;
    }

    @Override
    protected ViewMessageRequestHeader self() {
        return this;
    }

    @Override
    HeaderSchema<ViewMessageRequestHeader> schema() {
        return SCHEMA;
    }
}
