package io.apogee.wire.header;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;

/**
 * The response to QUERY_CONSUMER_OFFSET (14): the committed offset. Mutable and reusable: decode into one instance
 * per thread; not thread-safe.
 *
 * <pre>
 *  offset  long     required       the committed offset: the next one to consume
 * </pre>
 */
public final class QueryConsumerOffsetResponseHeader implements CommandHeader {
    private static final HeaderSchema<QueryConsumerOffsetResponseHeader> SCHEMA =
        HeaderSchema.builder(QueryConsumerOffsetResponseHeader.class)
        .add(
            HeaderField.requiredLong("offset", h -> h.offset, (h, v) -> h.offset = v))
        .putOrder("offset")
        .build();

    private long offset;

    /** {@code offset}: the committed offset: the next one to consume. */
    public long offset() {
        return offset;
    }

    /** Sets {@code offset}. */
    public QueryConsumerOffsetResponseHeader offset(long value) {
        this.offset = value;
        return this;
    }

    @Override
    public void clear() {
        SCHEMA.clear(this);
    }

    @Override
    public void decode(ExtFields ext, InternTable names) {
        SCHEMA.decode(this, ext, names);
    }

    @Override
    public void encode(ExtFields ext) {
        SCHEMA.encode(this, ext);
    }

    @Override
    public String toString() {
        return SCHEMA.toString(this);
    }
}
