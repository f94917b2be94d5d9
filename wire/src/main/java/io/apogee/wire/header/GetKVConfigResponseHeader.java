package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.OPTIONAL;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;

/**
 * The response to GET_KV_CONFIG (101): the value found. Mutable and reusable: decode into one instance per thread;
 * not thread-safe.
 *
 * <pre>
 *  value  text     optional       the value, or null
 * </pre>
 */
public final class GetKVConfigResponseHeader implements CommandHeader {
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
    public void clear() {
        SCHEMA.clear(this);
    }

    @Override
    public void decode(ExtFields ext, InternTable names) {
        SCHEMA.decode(this, ext, names);
    }

    @Override
    public void encode(ExtFields ext) {
        SCHEMA.encode(this, ext);
    }

    @Override
    public String toString() {
        return SCHEMA.toString(this);
    }
}
