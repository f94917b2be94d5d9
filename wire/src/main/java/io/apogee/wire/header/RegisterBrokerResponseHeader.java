package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.OPTIONAL;

/**
 * The response to REGISTER_BROKER (103): where the broker's master and its replication server are. Mutable and
 * reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  haServerAddr  name     optional       the master's replication address, or null
 *  masterAddr    name     optional       the master's address, or null
 * </pre>
 */
public final class RegisterBrokerResponseHeader extends SchemaHeader<RegisterBrokerResponseHeader> {
    private static final HeaderSchema<RegisterBrokerResponseHeader> SCHEMA = HeaderSchema.builder(RegisterBrokerResponseHeader.class)
        .add(
            HeaderField.name("haServerAddr", OPTIONAL, h -> h.haServerAddr, (h, v) -> h.haServerAddr = v),
            HeaderField.name("masterAddr", OPTIONAL, h -> h.masterAddr, (h, v) -> h.masterAddr = v))
        .putOrder("masterAddr", "haServerAddr")
        .build();

    private String haServerAddr;
    private String masterAddr;

    /** {@code haServerAddr}: the master's replication address, or null. */
    public String haServerAddr() {
        return haServerAddr;
    }

    /** Sets {@code haServerAddr}; null leaves it out. */
    public RegisterBrokerResponseHeader haServerAddr(String value) {
        this.haServerAddr = value;
        return this;
    }

    /** {@code masterAddr}: the master's address, or null. */
    public String masterAddr() {
        return masterAddr;
    }

    /** Sets {@code masterAddr}; null leaves it out. */
    public RegisterBrokerResponseHeader masterAddr(String value) {
        this.masterAddr = value;
        return this;
    }

    @Override
    protected RegisterBrokerResponseHeader self() {
        return this;
    }

    @Override
    HeaderSchema<RegisterBrokerResponseHeader> schema() {
        return SCHEMA;
    }
}
