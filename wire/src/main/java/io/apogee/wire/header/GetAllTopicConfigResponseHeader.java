package io.apogee.wire.header;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;

/**
 * The response to GET_ALL_TOPIC_CONFIG (21): how many topics there are in all. Mutable and reusable: decode into
 * one instance per thread; not thread-safe.
 *
 * <pre>
 *  totalTopicNum  int      required       the number of topics in the whole table
 * </pre>
 */
public final class GetAllTopicConfigResponseHeader implements CommandHeader {
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
