package io.apogee.wire.header;

/**
 * The response to QUERY_MESSAGE (12): how far the index goes. Mutable and reusable: decode into one instance per
 * thread; not thread-safe.
 *
 * <pre>
 *  indexLastUpdateTimestamp  long     required       the store time of the last indexed message
 *  indexLastUpdatePhyoffset  long     required       the physical offset of the last indexed message
 * </pre>
 */
public final class QueryMessageResponseHeader extends SchemaHeader<QueryMessageResponseHeader> {
    private static final HeaderSchema<QueryMessageResponseHeader> SCHEMA = HeaderSchema.builder(QueryMessageResponseHeader.class)
        .add(
            HeaderField.requiredLong("indexLastUpdateTimestamp", h -> h.indexLastUpdateTimestamp, (h, v) -> h.indexLastUpdateTimestamp = v),
            HeaderField.requiredLong("indexLastUpdatePhyoffset", h -> h.indexLastUpdatePhyoffset, (h, v) -> h.indexLastUpdatePhyoffset = v))
        .putOrder("indexLastUpdateTimestamp", "indexLastUpdatePhyoffset")
        .build();

    private long indexLastUpdateTimestamp;
    private long indexLastUpdatePhyoffset;

    /** {@code indexLastUpdateTimestamp}: the store time of the last indexed message. */
    public long indexLastUpdateTimestamp() {
        return indexLastUpdateTimestamp;
    }

    /** Sets {@code indexLastUpdateTimestamp}. */
    public QueryMessageResponseHeader indexLastUpdateTimestamp(long value) {
        this.indexLastUpdateTimestamp = value;
        return this;
    }

    /** {@code indexLastUpdatePhyoffset}: the physical offset of the last indexed message. */
    public long indexLastUpdatePhyoffset() {
        return indexLastUpdatePhyoffset;
    }

    /** Sets {@code indexLastUpdatePhyoffset}. */
    public QueryMessageResponseHeader indexLastUpdatePhyoffset(long value) {
        this.indexLastUpdatePhyoffset = value;
        return this;
    }

    @Override
    protected QueryMessageResponseHeader self() {
        return this;
    }

    @Override
    HeaderSchema<QueryMessageResponseHeader> schema() {
        return SCHEMA;
    }
}
