package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.OPTIONAL;
import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

/**
 * UNREGISTER_CLIENT (35): removes a client from one producer or consumer group on shutdown; one request per group.
 * Mutable and reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  clientID       name     required       the client id, {@code ip@instance}
 *  producerGroup  name     optional       the producer group, or null
 *  consumerGroup  name     optional       the consumer group, or null
 *  ns nsd bname oway  optional: the RPC keys of {@link RpcRequestHeader}
 * </pre>
 */
public final class UnregisterClientRequestHeader extends RpcRequestHeader<UnregisterClientRequestHeader> {
    private static final HeaderSchema<UnregisterClientRequestHeader> SCHEMA = HeaderSchema.builder(UnregisterClientRequestHeader.class)
        .add(
            HeaderField.name("clientID", REQUIRED, h -> h.clientId, (h, v) -> h.clientId = v),
            HeaderField.name("producerGroup", OPTIONAL, h -> h.producerGroup, (h, v) -> h.producerGroup = v),
            HeaderField.name("consumerGroup", OPTIONAL, h -> h.consumerGroup, (h, v) -> h.consumerGroup = v))
        .add(RPC_FIELDS)
        .putOrder("ns", "bname", "oway", "producerGroup", "clientID", "consumerGroup", "nsd")
        .build();

    private String clientId;
    private String producerGroup;
    private String consumerGroup;

    /** {@code clientID}: the client id, {@code ip@instance}. */
    public String clientId() {
        return clientId;
    }

    /** Sets {@code clientID}. */
    public UnregisterClientRequestHeader clientId(String value) {
        this.clientId = value;
        return this;
    }

    /** {@code producerGroup}: the producer group, or null. */
    public String producerGroup() {
        return producerGroup;
    }

    /** Sets {@code producerGroup}; null leaves it out. */
    public UnregisterClientRequestHeader producerGroup(String value) {
        this.producerGroup = value;
        return this;
    }

    /** {@code consumerGroup}: the consumer group, or null. */
    public String consumerGroup() {
        return consumerGroup;
    }

    /** Sets {@code consumerGroup}; null leaves it out. */
    public UnregisterClientRequestHeader consumerGroup(String value) {
        this.consumerGroup = value;
        return this;
    }

    @Override
    protected UnregisterClientRequestHeader self() {
        return this;
    }

    @Override
    HeaderSchema<UnregisterClientRequestHeader> schema() {
        return SCHEMA;
    }
}
