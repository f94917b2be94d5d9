package io.apogee.wire.header;

/**
 * A response whose only field is one queue offset: the answers to GET_MAX_OFFSET, GET_MIN_OFFSET,
 * QUERY_CONSUMER_OFFSET and SEARCH_OFFSET_BY_TIMESTAMP. Each keeps its class, whose Javadoc says what the offset
 * is. Mutable and reusable, as every header; not thread-safe.
 *
 * @param <S> the concrete header, returned by the fluent setters
 */
public abstract class OffsetResponseHeader<S extends OffsetResponseHeader<S>> extends SchemaHeader<S> {
    /** The descriptor of {@code offset}, for the field tables of subclasses. */
    static final HeaderField<OffsetResponseHeader<?>> OFFSET =
        HeaderField.requiredLong("offset", h -> h.offset, (h, v) -> h.offset = v);

    private long offset;

    OffsetResponseHeader() {
    }

    /** {@code offset}: the offset; the class Javadoc says which. */
    public long offset() {
        return offset;
    }

    /** Sets {@code offset}. */
    public S offset(long value) {
        this.offset = value;
        return self();
    }
}
