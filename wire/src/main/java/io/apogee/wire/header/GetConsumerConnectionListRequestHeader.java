package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;

/**
 * GET_CONSUMER_CONNECTION_LIST (203): the connections and subscriptions of a consumer group (mqadmin {@code
 * consumerConnection}). Mutable and reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  consumerGroup  name     required       the consumer group
 *  ns nsd bname oway  optional: the RPC keys of {@link RpcRequestHeader}
 * </pre>
 */
public final class GetConsumerConnectionListRequestHeader extends RpcRequestHeader<GetConsumerConnectionListRequestHeader> {
    private static final HeaderSchema<GetConsumerConnectionListRequestHeader> SCHEMA =
        HeaderSchema.builder(GetConsumerConnectionListRequestHeader.class)
        .add(
            HeaderField.name("consumerGroup", REQUIRED, h -> h.consumerGroup, (h, v) -> h.consumerGroup = v))
        .add(RPC_FIELDS)
        .putOrder("ns", "bname", "oway", "consumerGroup", "nsd")
        .build();

    private String consumerGroup;

    /** {@code consumerGroup}: the consumer group. */
    public String consumerGroup() {
        return consumerGroup;
    }

    /** Sets {@code consumerGroup}. */
    public GetConsumerConnectionListRequestHeader consumerGroup(String value) {
        this.consumerGroup = value;
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
    protected GetConsumerConnectionListRequestHeader self() {
        return this;
    }

    @Override
    public String toString() {
        return SCHEMA.toString(this);
    }
}
