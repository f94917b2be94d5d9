package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

/**
 * A request whose only own field is the topic, besides the keys of {@link TopicRequestHeader}. Apache RocketMQ
 * declares one class per request for this shape, and each puts its keys in an order of its own, so each request
 * keeps its class (with its put order and its Javadoc) and shares only the field. Mutable and reusable, as every
 * header; not thread-safe.
 *
 * @param <S> the concrete header, returned by the fluent setters
 */
public abstract class TopicOnlyRequestHeader<S extends TopicOnlyRequestHeader<S>> extends TopicRequestHeader<S> {
    /** The descriptor of {@code topic}, for the field tables of subclasses. */
    static final HeaderField<TopicOnlyRequestHeader<?>> TOPIC =
        HeaderField.name("topic", REQUIRED, h -> h.topic, (h, v) -> h.topic = v);

    private String topic;

    TopicOnlyRequestHeader() {
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
}
