package io.apogee.wire.header;

/**
 * The response to GET_MAX_OFFSET (30). Mutable and reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  offset  long     required       the queue's max offset, exclusive
 * </pre>
 */
public final class GetMaxOffsetResponseHeader extends OffsetResponseHeader<GetMaxOffsetResponseHeader> {
    private static final HeaderSchema<GetMaxOffsetResponseHeader> SCHEMA =
        HeaderSchema.builder(GetMaxOffsetResponseHeader.class)
        .add(OFFSET)
        .putOrder("offset")
        .build();

    @Override
    HeaderSchema<GetMaxOffsetResponseHeader> schema() {
        return SCHEMA;
    }

    @Override
    protected GetMaxOffsetResponseHeader self() {
        return this;
    }
}
