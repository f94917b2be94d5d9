package io.apogee.wire.header;

/**
 * DELETE_KV_CONFIG (102), to the name server: deletes one key/value pair. Mutable and reusable: decode into one
 * instance per thread; not thread-safe.
 *
 * <pre>
 *  namespace  name     required       the namespace
 *  key        name     required       the key
 * </pre>
 */
public final class DeleteKVConfigRequestHeader extends KVConfigKeyRequestHeader<DeleteKVConfigRequestHeader> {
    private static final HeaderSchema<DeleteKVConfigRequestHeader> SCHEMA =
        HeaderSchema.builder(DeleteKVConfigRequestHeader.class)
        .add(KV_KEY_FIELDS)
        .putOrder("namespace", "key")
        .build();

    @Override
    HeaderSchema<DeleteKVConfigRequestHeader> schema() {
        return SCHEMA;
    }

    @Override
    protected DeleteKVConfigRequestHeader self() {
        return this;
    }
}
