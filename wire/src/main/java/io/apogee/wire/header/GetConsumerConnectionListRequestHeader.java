package io.apogee.wire.header;

/**
 * GET_CONSUMER_CONNECTION_LIST (203): the connections and subscriptions of a consumer group (mqadmin {@code
 * consumerConnection}). Mutable and reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  consumerGroup  name     required       the consumer group
 *  ns nsd bname oway  optional: the RPC keys of {@link RpcRequestHeader}
 * </pre>
 */
public final class GetConsumerConnectionListRequestHeader extends ConsumerGroupRequestHeader<GetConsumerConnectionListRequestHeader> {
    private static final HeaderSchema<GetConsumerConnectionListRequestHeader> SCHEMA =
        HeaderSchema.builder(GetConsumerConnectionListRequestHeader.class)
        .add(CONSUMER_GROUP)
        .add(RPC_FIELDS)
        .putOrder("ns", "bname", "oway", "consumerGroup", "nsd")
        .build();

    @Override
    HeaderSchema<GetConsumerConnectionListRequestHeader> schema() {
        return SCHEMA;
    }

    @Override
    protected GetConsumerConnectionListRequestHeader self() {
        return this;
    }
}
