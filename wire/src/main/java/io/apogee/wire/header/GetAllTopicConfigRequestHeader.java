package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.OPTIONAL;

/**
 * GET_ALL_TOPIC_CONFIG (21): a page of the broker's topic table (5.3+ clients page through it; older ones send no
 * header, and {@link #decode} of an empty ext leaves every field null). Answered with a {@link
 * GetAllTopicConfigResponseHeader}. Mutable and reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  topicSeq     int      optional       the index of the first topic wanted, or null for all
 *  dataVersion  text     optional       the data version the client has, as JSON or empty, or null
 *  maxTopicNum  int      optional       the most topics per page, or null
 * </pre>
 */
public final class GetAllTopicConfigRequestHeader extends SchemaHeader<GetAllTopicConfigRequestHeader> {
    private static final HeaderSchema<GetAllTopicConfigRequestHeader> SCHEMA = HeaderSchema.builder(GetAllTopicConfigRequestHeader.class)
        .add(
            HeaderField.optionalInt("topicSeq", h -> h.topicSeq, (h, v) -> h.topicSeq = v),
            HeaderField.text("dataVersion", OPTIONAL, h -> h.dataVersion, (h, v) -> h.dataVersion = v),
            HeaderField.optionalInt("maxTopicNum", h -> h.maxTopicNum, (h, v) -> h.maxTopicNum = v))
        .putOrder("topicSeq", "dataVersion", "maxTopicNum")
        .build();

    private Integer topicSeq;
    private String dataVersion;
    private Integer maxTopicNum;

    /** {@code topicSeq}: the index of the first topic wanted, or null for all. */
    public Integer topicSeq() {
        return topicSeq;
    }

    /** Sets {@code topicSeq}; null leaves it out. */
    public GetAllTopicConfigRequestHeader topicSeq(Integer value) {
        this.topicSeq = value;
        return this;
    }

    /** {@code dataVersion}: the data version the client has, as JSON or empty, or null. */
    public String dataVersion() {
        return dataVersion;
    }

    /** Sets {@code dataVersion}; null leaves it out. */
    public GetAllTopicConfigRequestHeader dataVersion(String value) {
        this.dataVersion = value;
        return this;
    }

    /** {@code maxTopicNum}: the most topics per page, or null. */
    public Integer maxTopicNum() {
        return maxTopicNum;
    }

    /** Sets {@code maxTopicNum}; null leaves it out. */
    public GetAllTopicConfigRequestHeader maxTopicNum(Integer value) {
        this.maxTopicNum = value;
        return this;
    }

    @Override
    protected GetAllTopicConfigRequestHeader self() {
        return this;
    }

    @Override
    HeaderSchema<GetAllTopicConfigRequestHeader> schema() {
        return SCHEMA;
    }
}
