package io.apogee.wire.header;



import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;

/**
 * A response whose only field is one queue offset: the answers to GET_MAX_OFFSET, GET_MIN_OFFSET,
 * QUERY_CONSUMER_OFFSET and SEARCH_OFFSET_BY_TIMESTAMP. Each keeps its class, whose Javadoc says what the offset
 * is. Mutable and reusable, as every header; not thread-safe.
 *
 * @param <S> the concrete header, returned by the fluent setters
 */
public abstract class OffsetResponseHeader<S extends OffsetResponseHeader<S>> implements CommandHeader {
    /** The descriptor of {@code offset}, for the field tables of subclasses. */
    static final HeaderField<OffsetResponseHeader<?>> OFFSET =
        HeaderField.requiredLong("offset", h -> h.offset, (h, v) -> h.offset = v);

    private long offset;

    OffsetResponseHeader() {
    }

    /** This header, typed as the concrete class. */
    protected abstract S self();

    /** {@code offset}: the offset; the class Javadoc says which. */
    public long offset() {
        return offset;
    }

    /** Sets {@code offset}. */
    public S offset(long value) {
        this.offset = value;
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
