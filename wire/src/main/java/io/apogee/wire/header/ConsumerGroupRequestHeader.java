package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

/**
 * A request whose only own field is the consumer group, besides the RPC keys of {@link RpcRequestHeader}. Apache
 * RocketMQ declares one class per request for this shape, and each puts its keys in an order of its own, so each
 * request keeps its class (with its put order and its Javadoc) and shares only the field. Mutable and reusable, as
 * every header; not thread-safe.
 *
 * @param <S> the concrete header, returned by the fluent setters
 */
public abstract class ConsumerGroupRequestHeader<S extends ConsumerGroupRequestHeader<S>> extends RpcRequestHeader<S> {
    /** The descriptor of {@code consumerGroup}, for the field tables of subclasses. */
    static final HeaderField<ConsumerGroupRequestHeader<?>> CONSUMER_GROUP =
        HeaderField.name("consumerGroup", REQUIRED, h -> h.consumerGroup, (h, v) -> h.consumerGroup = v);

    private String consumerGroup;

    ConsumerGroupRequestHeader() {
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
}
