package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

/**
 * REGISTER_BROKER (103), broker to name server: registers a broker and, in the body, its topic table. Sent every 30
 * s; the name server drops a broker after 120 s without one. Mutable and reusable: decode into one instance per
 * thread; not thread-safe.
 *
 * <pre>
 *  brokerName              name     required       the broker's name
 *  brokerAddr              name     required       the broker's client address, {@code host:port}
 *  clusterName             name     required       the broker's cluster
 *  haServerAddr            name     required       the broker's replication address
 *  brokerId                long     required       the broker id, 0 for a master
 *  heartbeatTimeoutMillis  long     optional       how long the name server keeps the broker without a heartbeat (5.x), or null for its default
 *  enableActingMaster      boolean  optional       whether a slave may act as master (5.x), or null
 *  compressed              boolean  default false  whether the body is in the compressed binary form
 *  bodyCrc32               int      default 0      the CRC32 of the body, 0 when not checked
 * </pre>
 */
public final class RegisterBrokerRequestHeader extends SchemaHeader<RegisterBrokerRequestHeader> {
    private static final HeaderSchema<RegisterBrokerRequestHeader> SCHEMA = HeaderSchema.builder(RegisterBrokerRequestHeader.class)
        .add(
            HeaderField.name("brokerName", REQUIRED, h -> h.brokerName, (h, v) -> h.brokerName = v),
            HeaderField.name("brokerAddr", REQUIRED, h -> h.brokerAddr, (h, v) -> h.brokerAddr = v),
            HeaderField.name("clusterName", REQUIRED, h -> h.clusterName, (h, v) -> h.clusterName = v),
            HeaderField.name("haServerAddr", REQUIRED, h -> h.haServerAddr, (h, v) -> h.haServerAddr = v),
            HeaderField.requiredLong("brokerId", h -> h.brokerId, (h, v) -> h.brokerId = v),
            HeaderField.optionalLong("heartbeatTimeoutMillis", h -> h.heartbeatTimeoutMillis, (h, v) -> h.heartbeatTimeoutMillis = v),
            HeaderField.optionalBoolean("enableActingMaster", h -> h.enableActingMaster, (h, v) -> h.enableActingMaster = v),
            HeaderField.defaultedBoolean("compressed", false, h -> h.compressed, (h, v) -> h.compressed = v),
            HeaderField.defaultedInt("bodyCrc32", 0, h -> h.bodyCrc32, (h, v) -> h.bodyCrc32 = v))
        .putOrder("enableActingMaster", "brokerAddr", "haServerAddr", "compressed", "brokerName",
            "heartbeatTimeoutMillis", "brokerId", "bodyCrc32", "clusterName")
        .build();

    private String brokerName;
    private String brokerAddr;
    private String clusterName;
    private String haServerAddr;
    private long brokerId;
    private Long heartbeatTimeoutMillis;
    private Boolean enableActingMaster;
    private boolean compressed;
    private int bodyCrc32;

    /** {@code brokerName}: the broker's name. */
    public String brokerName() {
        return brokerName;
    }

    /** Sets {@code brokerName}. */
    public RegisterBrokerRequestHeader brokerName(String value) {
        this.brokerName = value;
        return this;
    }

    /** {@code brokerAddr}: the broker's client address, {@code host:port}. */
    public String brokerAddr() {
        return brokerAddr;
    }

    /** Sets {@code brokerAddr}. */
    public RegisterBrokerRequestHeader brokerAddr(String value) {
        this.brokerAddr = value;
        return this;
    }

    /** {@code clusterName}: the broker's cluster. */
    public String clusterName() {
        return clusterName;
    }

    /** Sets {@code clusterName}. */
    public RegisterBrokerRequestHeader clusterName(String value) {
        this.clusterName = value;
        return this;
    }

    /** {@code haServerAddr}: the broker's replication address. */
    public String haServerAddr() {
        return haServerAddr;
    }

    /** Sets {@code haServerAddr}. */
    public RegisterBrokerRequestHeader haServerAddr(String value) {
        this.haServerAddr = value;
        return this;
    }

    /** {@code brokerId}: the broker id, 0 for a master. */
    public long brokerId() {
        return brokerId;
    }

    /** Sets {@code brokerId}. */
    public RegisterBrokerRequestHeader brokerId(long value) {
        this.brokerId = value;
        return this;
    }

    /**
     * {@code heartbeatTimeoutMillis}: how long the name server keeps the broker without a heartbeat (5.x), or null
     * for its default.
     */
    public Long heartbeatTimeoutMillis() {
        return heartbeatTimeoutMillis;
    }

    /** Sets {@code heartbeatTimeoutMillis}; null leaves it out. */
    public RegisterBrokerRequestHeader heartbeatTimeoutMillis(Long value) {
        this.heartbeatTimeoutMillis = value;
        return this;
    }

    /** {@code enableActingMaster}: whether a slave may act as master (5.x), or null. */
    public Boolean enableActingMaster() {
        return enableActingMaster;
    }

    /** Sets {@code enableActingMaster}; null leaves it out. */
    public RegisterBrokerRequestHeader enableActingMaster(Boolean value) {
        this.enableActingMaster = value;
        return this;
    }

    /** {@code compressed}: whether the body is in the compressed binary form. */
    public boolean compressed() {
        return compressed;
    }

    /** Sets {@code compressed}. */
    public RegisterBrokerRequestHeader compressed(boolean value) {
        this.compressed = value;
        return this;
    }

    /** {@code bodyCrc32}: the CRC32 of the body, 0 when not checked. */
    public int bodyCrc32() {
        return bodyCrc32;
    }

    /** Sets {@code bodyCrc32}. */
    public RegisterBrokerRequestHeader bodyCrc32(int value) {
        this.bodyCrc32 = value;
        return this;
    }

    @Override
    protected RegisterBrokerRequestHeader self() {
        return this;
    }

    @Override
    HeaderSchema<RegisterBrokerRequestHeader> schema() {
        return SCHEMA;
    }
}
