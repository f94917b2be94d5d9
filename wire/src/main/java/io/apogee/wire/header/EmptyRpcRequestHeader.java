package io.apogee.wire.header;

/**
 * The header of the requests that carry no fields of their own, only the optional RPC keys: HEART_BEAT (34),
 * LOCK_BATCH_MQ (41) and UNLOCK_BATCH_MQ (42); their content travels in the JSON body. The official clients send
 * none of the RPC keys, so the ext map is empty. Requests without any header at all (GET_BROKER_CLUSTER_INFO 106,
 * GET_ALL_TOPIC_LIST_FROM_NAMESERVER 206, GET_BROKER_RUNTIME_INFO 28, CHECK_CLIENT_CONFIG 46,
 * UPDATE_AND_CREATE_SUBSCRIPTIONGROUP 200) need no class. Mutable and reusable: decode into one instance per
 * thread; not thread-safe.
 *
 * <pre>
 *  ns nsd bname oway  optional: the RPC keys of {@link RpcRequestHeader}
 * </pre>
 */
public final class EmptyRpcRequestHeader extends RpcRequestHeader<EmptyRpcRequestHeader> {
    private static final HeaderSchema<EmptyRpcRequestHeader> SCHEMA = HeaderSchema.builder(EmptyRpcRequestHeader.class)
        .add(RPC_FIELDS)
        .putOrder("ns", "bname", "oway", "nsd")
        .build();

    @Override
    protected EmptyRpcRequestHeader self() {
        return this;
    }

    @Override
    HeaderSchema<EmptyRpcRequestHeader> schema() {
        return SCHEMA;
    }
}
