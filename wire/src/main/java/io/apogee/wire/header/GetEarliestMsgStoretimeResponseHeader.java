package io.apogee.wire.header;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;

/**
 * The response to GET_EARLIEST_MSG_STORETIME (32). Mutable and reusable: decode into one instance per thread; not
 * thread-safe.
 *
 * <pre>
 *  timestamp  long     required       the store time of the queue's first message, in ms
 * </pre>
 */
public final class GetEarliestMsgStoretimeResponseHeader implements CommandHeader {
    private static final HeaderSchema<GetEarliestMsgStoretimeResponseHeader> SCHEMA =
        HeaderSchema.builder(GetEarliestMsgStoretimeResponseHeader.class)
        .add(
            HeaderField.requiredLong("timestamp", h -> h.timestamp, (h, v) -> h.timestamp = v))
        .putOrder("timestamp")
        .build();

    private long timestamp;

    /** {@code timestamp}: the store time of the queue's first message, in ms. */
    public long timestamp() {
        return timestamp;
    }

    /** Sets {@code timestamp}. */
    public GetEarliestMsgStoretimeResponseHeader timestamp(long value) {
        this.timestamp = value;
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
