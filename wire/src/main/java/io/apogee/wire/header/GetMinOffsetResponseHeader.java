package io.apogee.wire.header;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;

/**
 * The response to GET_MIN_OFFSET (31). Mutable and reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  offset  long     required       the queue's min offset
 * </pre>
 */
public final class GetMinOffsetResponseHeader implements CommandHeader {
    private static final HeaderSchema<GetMinOffsetResponseHeader> SCHEMA = HeaderSchema.builder(GetMinOffsetResponseHeader.class)
        .add(
            HeaderField.requiredLong("offset", h -> h.offset, (h, v) -> h.offset = v))
        .putOrder("offset")
        .build();

    private long offset;

    /** {@code offset}: the queue's min offset. */
    public long offset() {
        return offset;
    }

    /** Sets {@code offset}. */
    public GetMinOffsetResponseHeader offset(long value) {
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
