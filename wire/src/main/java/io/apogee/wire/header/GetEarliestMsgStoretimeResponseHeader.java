package io.apogee.wire.header;

/**
 * The response to GET_EARLIEST_MSG_STORETIME (32). Mutable and reusable: decode into one instance per thread; not
 * thread-safe.
 *
 * <pre>
 *  timestamp  long     required       the store time of the queue's first message, in ms
 * </pre>
 */
public final class GetEarliestMsgStoretimeResponseHeader extends SchemaHeader<GetEarliestMsgStoretimeResponseHeader> {
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
    protected GetEarliestMsgStoretimeResponseHeader self() {
        return this;
    }

    @Override
    HeaderSchema<GetEarliestMsgStoretimeResponseHeader> schema() {
        return SCHEMA;
    }
}
