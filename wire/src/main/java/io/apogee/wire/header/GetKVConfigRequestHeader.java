package io.apogee.wire.header;

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
public final class GetKVConfigRequestHeader extends KVConfigKeyRequestHeader<GetKVConfigRequestHeader> {
    private static final HeaderSchema<GetKVConfigRequestHeader> SCHEMA =
        HeaderSchema.builder(GetKVConfigRequestHeader.class)
        .add(KV_KEY_FIELDS)
        .putOrder("namespace", "key")
        .build();

    @Override
    HeaderSchema<GetKVConfigRequestHeader> schema() {
        return SCHEMA;
    }

    @Override
    protected GetKVConfigRequestHeader self() {
        return this;
    }
}
