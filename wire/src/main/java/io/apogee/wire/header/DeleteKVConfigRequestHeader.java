package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;

/**
 * DELETE_KV_CONFIG (102), to the name server: deletes one key/value pair. Mutable and reusable: decode into one
 * instance per thread; not thread-safe.
 *
 * <pre>
 *  namespace  name     required       the namespace
 *  key        name     required       the key
 * </pre>
 */
public final class DeleteKVConfigRequestHeader implements CommandHeader {
    private static final HeaderSchema<DeleteKVConfigRequestHeader> SCHEMA = HeaderSchema.builder(DeleteKVConfigRequestHeader.class)
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
    public DeleteKVConfigRequestHeader namespace(String value) {
        this.namespace = value;
        return this;
    }

    /** {@code key}: the key. */
    public String key() {
        return key;
    }

    /** Sets {@code key}. */
    public DeleteKVConfigRequestHeader key(String value) {
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
