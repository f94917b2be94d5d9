package io.apogee.wire.header;

/**
 * GET_CONSUMER_LIST_BY_GROUP (38): the client ids of a consumer group, asked on every rebalance. Mutable and
 * reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  consumerGroup  name     required       the consumer group
 *  ns nsd bname oway  optional: the RPC keys of {@link RpcRequestHeader}
 * </pre>
 */
public final class GetConsumerListByGroupRequestHeader extends ConsumerGroupRequestHeader<GetConsumerListByGroupRequestHeader> {
    private static final HeaderSchema<GetConsumerListByGroupRequestHeader> SCHEMA =
        HeaderSchema.builder(GetConsumerListByGroupRequestHeader.class)
        .add(CONSUMER_GROUP)
        .add(RPC_FIELDS)
        .putOrder("consumerGroup", "ns", "bname", "oway", "nsd")
        .build();

    @Override
    HeaderSchema<GetConsumerListByGroupRequestHeader> schema() {
        return SCHEMA;
    }

    @Override
    protected GetConsumerListByGroupRequestHeader self() {
        return this;
    }
}
