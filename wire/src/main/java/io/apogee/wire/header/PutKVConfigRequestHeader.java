package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

/**
 * PUT_KV_CONFIG (100), to the name server: stores one key/value pair under a namespace. mqadmin {@code updateTopic
 * -o} uses it with namespace {@code ORDER_TOPIC_CONFIG}, key = topic, value = {@code "brokerName:queueNum;..."}.
 * Mutable and reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  namespace  name     required       the namespace, e.g. {@code ORDER_TOPIC_CONFIG}
 *  key        name     required       the key (a topic name for order configuration)
 *  value      text     required       the value
 * </pre>
 */
public final class PutKVConfigRequestHeader extends SchemaHeader<PutKVConfigRequestHeader> {
    private static final HeaderSchema<PutKVConfigRequestHeader> SCHEMA = HeaderSchema.builder(PutKVConfigRequestHeader.class)
        .add(
            HeaderField.name("namespace", REQUIRED, h -> h.namespace, (h, v) -> h.namespace = v),
            HeaderField.name("key", REQUIRED, h -> h.key, (h, v) -> h.key = v),
            HeaderField.text("value", REQUIRED, h -> h.value, (h, v) -> h.value = v))
        .putOrder("namespace", "key", "value")
        .build();

    private String namespace;
    private String key;
    private String value;

    /** {@code namespace}: the namespace, e.g. {@code ORDER_TOPIC_CONFIG}. */
    public String namespace() {
        return namespace;
    }

    /** Sets {@code namespace}. */
    public PutKVConfigRequestHeader namespace(String value) {
        this.namespace = value;
        return this;
    }

    /** {@code key}: the key (a topic name for order configuration). */
    public String key() {
        return key;
    }

    /** Sets {@code key}. */
    public PutKVConfigRequestHeader key(String value) {
        this.key = value;
        return this;
    }

    /** {@code value}: the value. */
    public String value() {
        return value;
    }

    /** Sets {@code value}. */
    public PutKVConfigRequestHeader value(String value) {
        this.value = value;
        return this;
    }

    @Override
    protected PutKVConfigRequestHeader self() {
        return this;
    }

    @Override
    HeaderSchema<PutKVConfigRequestHeader> schema() {
        return SCHEMA;
    }
}
