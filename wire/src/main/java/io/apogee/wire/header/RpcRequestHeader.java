package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.OPTIONAL;

import java.util.List;

/**
 * The optional keys that Apache RocketMQ 5.x adds to most request headers through its {@code RpcRequestHeader}
 * superclass: {@code ns} (namespace), {@code nsd} (the names are already namespaced), {@code bname} (the target
 * broker; the 5.x client sets it on pull, offset and transaction requests, 4.9.8 on offset and send-back ones) and
 * {@code oway} (sent oneway). A broker may ignore all of them; they are kept so that a header survives decoding
 * and encoding unchanged. Mutable and reusable, as every header; not thread-safe.
 *
 * @param <S> the concrete header, returned by the fluent setters
 */
public abstract class RpcRequestHeader<S extends RpcRequestHeader<S>> extends SchemaHeader<S> {
    static final String NAMESPACE = "ns";
    static final String NAMESPACED = "nsd";
    static final String BROKER_NAME = "bname";
    static final String ONEWAY = "oway";

    /** The descriptors of the keys above, for the field tables of subclasses. */
    static final List<HeaderField<RpcRequestHeader<?>>> RPC_FIELDS = List.of(
        HeaderField.name(NAMESPACE, OPTIONAL, h -> h.namespace, (h, v) -> h.namespace = v),
        HeaderField.optionalBoolean(NAMESPACED, h -> h.namespaced, (h, v) -> h.namespaced = v),
        HeaderField.name(BROKER_NAME, OPTIONAL, h -> h.brokerName, (h, v) -> h.brokerName = v),
        HeaderField.optionalBoolean(ONEWAY, h -> h.oneway, (h, v) -> h.oneway = v));

    private String namespace;
    private Boolean namespaced;
    private String brokerName;
    private Boolean oneway;

    /** {@code ns}: the client's namespace, or null. */
    public String namespace() {
        return namespace;
    }

    /** Sets {@code ns}; null leaves it out. */
    public S namespace(String value) {
        this.namespace = value;
        return self();
    }

    /** {@code nsd}: whether names already carry the namespace, or null. */
    public Boolean namespaced() {
        return namespaced;
    }

    /** Sets {@code nsd}; null leaves it out. */
    public S namespaced(Boolean value) {
        this.namespaced = value;
        return self();
    }

    /** {@code bname}: the broker the request is meant for, or null. */
    public String brokerName() {
        return brokerName;
    }

    /** Sets {@code bname}; null leaves it out. */
    public S brokerName(String value) {
        this.brokerName = value;
        return self();
    }

    /** {@code oway}: whether the request was sent oneway, or null. */
    public Boolean oneway() {
        return oneway;
    }

    /** Sets {@code oway}; null leaves it out. */
    public S oneway(Boolean value) {
        this.oneway = value;
        return self();
    }
}
