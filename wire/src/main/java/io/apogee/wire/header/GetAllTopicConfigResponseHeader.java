package io.apogee.wire.header;

/**
 * The response to GET_ALL_TOPIC_CONFIG (21): how many topics there are in all. Mutable and reusable: decode into
 * one instance per thread; not thread-safe.
 *
 * <pre>
 *  totalTopicNum  int      required       the number of topics in the whole table
 * </pre>
 */
public final class GetAllTopicConfigResponseHeader extends SchemaHeader<GetAllTopicConfigResponseHeader> {
    private static final HeaderSchema<GetAllTopicConfigResponseHeader> SCHEMA = HeaderSchema.builder(GetAllTopicConfigResponseHeader.class)
        .add(
            HeaderField.requiredInt("totalTopicNum", h -> h.totalTopicNum, (h, v) -> h.totalTopicNum = v))
        .putOrder("totalTopicNum")
        .build();

    private int totalTopicNum;

    /** {@code totalTopicNum}: the number of topics in the whole table. */
    public int totalTopicNum() {
        return totalTopicNum;
    }

    /** Sets {@code totalTopicNum}. */
    public GetAllTopicConfigResponseHeader totalTopicNum(int value) {
        this.totalTopicNum = value;
        return this;
    }

    @Override
    protected GetAllTopicConfigResponseHeader self() {
        return this;
    }

    @Override
    HeaderSchema<GetAllTopicConfigResponseHeader> schema() {
        return SCHEMA;
    }
}
