package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;

/**
 * GET_CONSUMER_LIST_BY_GROUP (38): the client ids of a consumer group, asked on every rebalance. Mutable and
 * reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  consumerGroup  name     required       the consumer group
 *  ns nsd bname oway  optional: the RPC keys of {@link RpcRequestHeader}
 * </pre>
 */
public final class GetConsumerListByGroupRequestHeader extends RpcRequestHeader<GetConsumerListByGroupRequestHeader> {
    private static final HeaderSchema<GetConsumerListByGroupRequestHeader> SCHEMA =
        HeaderSchema.builder(GetConsumerListByGroupRequestHeader.class)
        .add(
            HeaderField.name("consumerGroup", REQUIRED, h -> h.consumerGroup, (h, v) -> h.consumerGroup = v))
        .add(RPC_FIELDS)
        .putOrder("consumerGroup", "ns", "bname", "oway", "nsd")
        .build();

    private String consumerGroup;

    /** {@code consumerGroup}: the consumer group. */
    public String consumerGroup() {
        return consumerGroup;
    }

    /** Sets {@code consumerGroup}. */
    public GetConsumerListByGroupRequestHeader consumerGroup(String value) {
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
    protected GetConsumerListByGroupRequestHeader self() {
        return this;
    }

    @Override
    public String toString() {
        return SCHEMA.toString(this);
    }
}
