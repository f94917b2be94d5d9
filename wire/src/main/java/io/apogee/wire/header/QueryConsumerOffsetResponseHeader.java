package io.apogee.wire.header;

/**
 * The response to QUERY_CONSUMER_OFFSET (14): the committed offset. Mutable and reusable: decode into one instance
 * per thread; not thread-safe.
 *
 * <pre>
 *  offset  long     required       the committed offset: the next one to consume
 * </pre>
 */
public final class QueryConsumerOffsetResponseHeader extends OffsetResponseHeader<QueryConsumerOffsetResponseHeader> {
    private static final HeaderSchema<QueryConsumerOffsetResponseHeader> SCHEMA =
        HeaderSchema.builder(QueryConsumerOffsetResponseHeader.class)
        .add(OFFSET)
        .putOrder("offset")
        .build();

    @Override
    HeaderSchema<QueryConsumerOffsetResponseHeader> schema() {
        return SCHEMA;
    }

    @Override
    protected QueryConsumerOffsetResponseHeader self() {
        return this;
    }
}
