package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;
import java.util.List;

/**
 * A name-server request naming one key/value pair: {@code namespace} and {@code key}. Shared by GET_KV_CONFIG and
 * DELETE_KV_CONFIG, which each keep their class. Mutable and reusable, as every header; not thread-safe.
 *
 * @param <S> the concrete header, returned by the fluent setters
 */
public abstract class KVConfigKeyRequestHeader<S extends KVConfigKeyRequestHeader<S>> implements CommandHeader {
    /** The descriptors of the two fields, in this order, for the field tables of subclasses. */
    static final List<HeaderField<KVConfigKeyRequestHeader<?>>> KV_KEY_FIELDS = List.of(
        HeaderField.name("namespace", REQUIRED, h -> h.namespace, (h, v) -> h.namespace = v),
        HeaderField.name("key", REQUIRED, h -> h.key, (h, v) -> h.key = v));

    private String namespace;
    private String key;

    KVConfigKeyRequestHeader() {
    }

    /** This header, typed as the concrete class. */
    protected abstract S self();

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

    /** The field table of the concrete class, which holds its put order. */
    abstract HeaderSchema<S> schema();

    @Override
    public void clear() {
        schema().clear(self());
    }

    @Override
    public void decode(ExtFields ext, InternTable names) {
        schema().decode(self(), ext, names);
    }

    @Override
    public void encode(ExtFields ext) {
        schema().encode(self(), ext);
    }

    @Override
    public String toString() {
        return schema().toString(self());
    }
}
