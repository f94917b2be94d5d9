package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.OPTIONAL;

/**
 * The response to GET_KV_CONFIG (101): the value found. Mutable and reusable: decode into one instance per thread;
 * not thread-safe.
 *
 * <pre>
 *  value  text     optional       the value, or null
 * </pre>
 */
public final class GetKVConfigResponseHeader extends SchemaHeader<GetKVConfigResponseHeader> {
    private static final HeaderSchema<GetKVConfigResponseHeader> SCHEMA = HeaderSchema.builder(GetKVConfigResponseHeader.class)
        .add(
            HeaderField.text("value", OPTIONAL, h -> h.value, (h, v) -> h.value = v))
        .putOrder("value")
        .build();

    private String value;

    /** {@code value}: the value, or null. */
    public String value() {
        return value;
    }

    /** Sets {@code value}; null leaves it out. */
    public GetKVConfigResponseHeader value(String value) {
        this.value = value;
        return this;
    }

    @Override
    protected GetKVConfigResponseHeader self() {
        return this;
    }

    @Override
    HeaderSchema<GetKVConfigResponseHeader> schema() {
        return SCHEMA;
    }
}
