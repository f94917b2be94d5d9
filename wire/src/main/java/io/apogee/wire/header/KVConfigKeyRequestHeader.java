package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

import java.util.List;

/**
 * A name-server request naming one key/value pair: {@code namespace} and {@code key}. Shared by GET_KV_CONFIG and
 * DELETE_KV_CONFIG, which each keep their class. Mutable and reusable, as every header; not thread-safe.
 *
 * @param <S> the concrete header, returned by the fluent setters
 */
public abstract class KVConfigKeyRequestHeader<S extends KVConfigKeyRequestHeader<S>> extends SchemaHeader<S> {
    /** The descriptors of the two fields, in this order, for the field tables of subclasses. */
    static final List<HeaderField<KVConfigKeyRequestHeader<?>>> KV_KEY_FIELDS = List.of(
        HeaderField.name("namespace", REQUIRED, h -> h.namespace, (h, v) -> h.namespace = v),
        HeaderField.name("key", REQUIRED, h -> h.key, (h, v) -> h.key = v));

    private String namespace;
    private String key;

    KVConfigKeyRequestHeader() {
    }

    /** {@code namespace}: the namespace. */
    public String namespace() {
        return namespace;
    }

    /** Sets {@code namespace}. */
    public S namespace(String value) {
        this.namespace = value;
        return self();
    }

    /** {@code key}: the key. */
    public String key() {
        return key;
    }

    /** Sets {@code key}. */
    public S key(String value) {
        this.key = value;
        return self();
    }
}
