package io.apogee.wire.header;

/**
 * The response to SEARCH_OFFSET_BY_TIMESTAMP (29). Mutable and reusable: decode into one instance per thread; not
 * thread-safe.
 *
 * <pre>
 *  offset  long     required       the offset found
 * </pre>
 */
public final class SearchOffsetResponseHeader extends OffsetResponseHeader<SearchOffsetResponseHeader> {
    private static final HeaderSchema<SearchOffsetResponseHeader> SCHEMA =
        HeaderSchema.builder(SearchOffsetResponseHeader.class)
        .add(OFFSET)
        .putOrder("offset")
        .build();

    @Override
    HeaderSchema<SearchOffsetResponseHeader> schema() {
        return SCHEMA;
    }

    @Override
    protected SearchOffsetResponseHeader self() {
        return this;
    }
}
