package io.apogee.wire.header;

/**
 * The response to GET_MIN_OFFSET (31). Mutable and reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  offset  long     required       the queue's min offset
 * </pre>
 */
public final class GetMinOffsetResponseHeader extends OffsetResponseHeader<GetMinOffsetResponseHeader> {
    private static final HeaderSchema<GetMinOffsetResponseHeader> SCHEMA =
        HeaderSchema.builder(GetMinOffsetResponseHeader.class)
        .add(OFFSET)
        .putOrder("offset")
        .build();

    @Override
    HeaderSchema<GetMinOffsetResponseHeader> schema() {
        return SCHEMA;
    }

    @Override
    protected GetMinOffsetResponseHeader self() {
        return this;
    }
}
