package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;

/**
 * GET_KV_CONFIG (101), to the name server: reads one key/value pair. Answered with a {@link
 * GetKVConfigResponseHeader} or QUERY_NOT_FOUND. Mutable and reusable: decode into one instance per thread; not
 * thread-safe.
 *
 * <pre>
 *  namespace  name     required       the namespace
 *  key        name     required       the key
 * </pre>
 */
public final class GetKVConfigRequestHeader implements CommandHeader {
    private static final HeaderSchema<GetKVConfigRequestHeader> SCHEMA = HeaderSchema.builder(GetKVConfigRequestHeader.class)
        .add(
            HeaderField.name("namespace", REQUIRED, h -> h.namespace, (h, v) -> h.namespace = v),
            HeaderField.name("key", REQUIRED, h -> h.key, (h, v) -> h.key = v))
        .putOrder("namespace", "key")
        .build();

    private String namespace;
    private String key;

    /** {@code namespace}: the namespace. */
    public String namespace() {
        return namespace;
    }

    /** Sets {@code namespace}. */
    public GetKVConfigRequestHeader namespace(String value) {
        this.namespace = value;
        return this;
    }

    /** {@code key}: the key. */
    public String key() {
        return key;
    }

    /** Sets {@code key}. */
    public GetKVConfigRequestHeader key(String value) {
        this.key = value;
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
