package io.apogee.wire.header;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;

/**
 * The response to SEARCH_OFFSET_BY_TIMESTAMP (29). Mutable and reusable: decode into one instance per thread; not
 * thread-safe.
 *
 * <pre>
 *  offset  long     required       the offset found
 * </pre>
 */
public final class SearchOffsetResponseHeader implements CommandHeader {
    private static final HeaderSchema<SearchOffsetResponseHeader> SCHEMA = HeaderSchema.builder(SearchOffsetResponseHeader.class)
        .add(
            HeaderField.requiredLong("offset", h -> h.offset, (h, v) -> h.offset = v))
        .putOrder("offset")
        .build();

    private long offset;

    /** {@code offset}: the offset found. */
    public long offset() {
        return offset;
    }

    /** Sets {@code offset}. */
    public SearchOffsetResponseHeader offset(long value) {
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
