package io.apogee.wire.header;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;

/**
 * The response to GET_MAX_OFFSET (30). Mutable and reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  offset  long     required       the queue's max offset, exclusive
 * </pre>
 */
public final class GetMaxOffsetResponseHeader implements CommandHeader {
    private static final HeaderSchema<GetMaxOffsetResponseHeader> SCHEMA = HeaderSchema.builder(GetMaxOffsetResponseHeader.class)
        .add(
            HeaderField.requiredLong("offset", h -> h.offset, (h, v) -> h.offset = v))
        .putOrder("offset")
        .build();

    private long offset;

    /** {@code offset}: the queue's max offset, exclusive. */
    public long offset() {
        return offset;
    }

    /** Sets {@code offset}. */
    public GetMaxOffsetResponseHeader offset(long value) {
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
