package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

/**
 * GET_CONSUMER_RUNNING_INFO (307): a consumer's running state. Sent by mqadmin to the broker, which forwards the
 * same header to the client and relays its answer. Mutable and reusable: decode into one instance per thread; not
 * thread-safe.
 *
 * <pre>
 *  consumerGroup  name     required       the consumer group
 *  clientId       name     required       the client id
 *  jstackEnable   boolean  default false  whether to include the client's thread dump
 *  ns nsd bname oway  optional: the RPC keys of {@link RpcRequestHeader}
 * </pre>
 */
public final class GetConsumerRunningInfoRequestHeader extends RpcRequestHeader<GetConsumerRunningInfoRequestHeader> {
    private static final HeaderSchema<GetConsumerRunningInfoRequestHeader> SCHEMA =
        HeaderSchema.builder(GetConsumerRunningInfoRequestHeader.class)
        .add(
            HeaderField.name("consumerGroup", REQUIRED, h -> h.consumerGroup, (h, v) -> h.consumerGroup = v),
            HeaderField.name("clientId", REQUIRED, h -> h.clientId, (h, v) -> h.clientId = v),
            HeaderField.defaultedBoolean("jstackEnable", false, h -> h.jstackEnable, (h, v) -> h.jstackEnable = v))
        .add(RPC_FIELDS)
        .putOrder("jstackEnable", "ns", "bname", "consumerGroup", "oway", "clientId", "nsd")
        .build();

    private String consumerGroup;
    private String clientId;
    private boolean jstackEnable;

    /** {@code consumerGroup}: the consumer group. */
    public String consumerGroup() {
        return consumerGroup;
    }

    /** Sets {@code consumerGroup}. */
    public GetConsumerRunningInfoRequestHeader consumerGroup(String value) {
        this.consumerGroup = value;
        return this;
    }

    /** {@code clientId}: the client id. */
    public String clientId() {
        return clientId;
    }

    /** Sets {@code clientId}. */
    public GetConsumerRunningInfoRequestHeader clientId(String value) {
        this.clientId = value;
        return this;
    }

    /** {@code jstackEnable}: whether to include the client's thread dump. */
    public boolean jstackEnable() {
        return jstackEnable;
    }

    /** Sets {@code jstackEnable}. */
    public GetConsumerRunningInfoRequestHeader jstackEnable(boolean value) {
        this.jstackEnable = value;
        return this;
    }

    @Override
    protected GetConsumerRunningInfoRequestHeader self() {
        return this;
    }

    @Override
    HeaderSchema<GetConsumerRunningInfoRequestHeader> schema() {
        return SCHEMA;
    }
}
