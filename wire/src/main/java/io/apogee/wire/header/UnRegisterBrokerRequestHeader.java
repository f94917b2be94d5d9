package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

/**
 * UNREGISTER_BROKER (104), broker to name server: removes a broker on shutdown. Mutable and reusable: decode into
 * one instance per thread; not thread-safe.
 *
 * <pre>
 *  brokerName   name     required       the broker's name
 *  brokerAddr   name     required       the broker's client address
 *  clusterName  name     required       the broker's cluster
 *  brokerId     long     required       the broker id
 * </pre>
 */
public final class UnRegisterBrokerRequestHeader extends SchemaHeader<UnRegisterBrokerRequestHeader> {
    private static final HeaderSchema<UnRegisterBrokerRequestHeader> SCHEMA = HeaderSchema.builder(UnRegisterBrokerRequestHeader.class)
        .add(
            HeaderField.name("brokerName", REQUIRED, h -> h.brokerName, (h, v) -> h.brokerName = v),
            HeaderField.name("brokerAddr", REQUIRED, h -> h.brokerAddr, (h, v) -> h.brokerAddr = v),
            HeaderField.name("clusterName", REQUIRED, h -> h.clusterName, (h, v) -> h.clusterName = v),
            HeaderField.requiredLong("brokerId", h -> h.brokerId, (h, v) -> h.brokerId = v))
        .putOrder("brokerAddr", "brokerName", "brokerId", "clusterName")
        .build();

    private String brokerName;
    private String brokerAddr;
    private String clusterName;
    private long brokerId;

    /** {@code brokerName}: the broker's name. */
    public String brokerName() {
        return brokerName;
    }

    /** Sets {@code brokerName}. */
    public UnRegisterBrokerRequestHeader brokerName(String value) {
        this.brokerName = value;
        return this;
    }

    /** {@code brokerAddr}: the broker's client address. */
    public String brokerAddr() {
        return brokerAddr;
    }

    /** Sets {@code brokerAddr}. */
    public UnRegisterBrokerRequestHeader brokerAddr(String value) {
        this.brokerAddr = value;
        return this;
    }

    /** {@code clusterName}: the broker's cluster. */
    public String clusterName() {
        return clusterName;
    }

    /** Sets {@code clusterName}. */
    public UnRegisterBrokerRequestHeader clusterName(String value) {
        this.clusterName = value;
        return this;
    }

    /** {@code brokerId}: the broker id. */
    public long brokerId() {
        return brokerId;
    }

    /** Sets {@code brokerId}. */
    public UnRegisterBrokerRequestHeader brokerId(long value) {
        this.brokerId = value;
        return this;
    }

    @Override
    protected UnRegisterBrokerRequestHeader self() {
        return this;
    }

    @Override
    HeaderSchema<UnRegisterBrokerRequestHeader> schema() {
        return SCHEMA;
    }
}
