package io.apogee.wire.header;

/**
 * NOTIFY_CONSUMER_IDS_CHANGED (40), broker to consumer, oneway: the group's membership changed, rebalance now.
 * Mutable and reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  consumerGroup  name     required       the consumer group
 *  ns nsd bname oway  optional: the RPC keys of {@link RpcRequestHeader}
 * </pre>
 */
public final class NotifyConsumerIdsChangedRequestHeader extends ConsumerGroupRequestHeader<NotifyConsumerIdsChangedRequestHeader> {
    private static final HeaderSchema<NotifyConsumerIdsChangedRequestHeader> SCHEMA =
        HeaderSchema.builder(NotifyConsumerIdsChangedRequestHeader.class)
        .add(CONSUMER_GROUP)
        .add(RPC_FIELDS)
        .putOrder("consumerGroup", "ns", "bname", "oway", "nsd")
        .build();

    @Override
    HeaderSchema<NotifyConsumerIdsChangedRequestHeader> schema() {
        return SCHEMA;
    }

    @Override
    protected NotifyConsumerIdsChangedRequestHeader self() {
        return this;
    }
}
