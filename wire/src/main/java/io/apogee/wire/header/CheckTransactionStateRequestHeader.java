package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.OPTIONAL;

/**
 * CHECK_TRANSACTION_STATE (39), broker to producer, oneway: asks whether a transactional half message (the body)
 * should be committed; the producer answers with END_TRANSACTION. Mutable and reusable: decode into one instance
 * per thread; not thread-safe.
 *
 * <pre>
 *  topic                 name     optional       the message's topic (5.x), or null
 *  tranStateTableOffset  long     required       the half message's queue offset
 *  commitLogOffset       long     required       the half message's physical offset
 *  msgId                 text     optional       the message's UNIQ_KEY, or null
 *  transactionId         text     optional       the transaction id, or null
 *  offsetMsgId           text     optional       the offset message id, or null
 *  ns nsd bname oway     optional: the RPC keys of {@link RpcRequestHeader}
 * </pre>
 */
public final class CheckTransactionStateRequestHeader extends RpcRequestHeader<CheckTransactionStateRequestHeader> {
    private static final HeaderSchema<CheckTransactionStateRequestHeader> SCHEMA =
        HeaderSchema.builder(CheckTransactionStateRequestHeader.class)
        .add(
            HeaderField.name("topic", OPTIONAL, h -> h.topic, (h, v) -> h.topic = v),
            HeaderField.requiredLong("tranStateTableOffset", h -> h.tranStateTableOffset, (h, v) -> h.tranStateTableOffset = v),
            HeaderField.requiredLong("commitLogOffset", h -> h.commitLogOffset, (h, v) -> h.commitLogOffset = v),
            HeaderField.text("msgId", OPTIONAL, h -> h.msgId, (h, v) -> h.msgId = v),
            HeaderField.text("transactionId", OPTIONAL, h -> h.transactionId, (h, v) -> h.transactionId = v),
            HeaderField.text("offsetMsgId", OPTIONAL, h -> h.offsetMsgId, (h, v) -> h.offsetMsgId = v))
        .add(RPC_FIELDS)
        .putOrder("tranStateTableOffset", "offsetMsgId", "topic", "msgId", "transactionId", "ns", "bname", "oway",
            "commitLogOffset", "nsd")
        .build();

    private String topic;
    private long tranStateTableOffset;
    private long commitLogOffset;
    private String msgId;
    private String transactionId;
    private String offsetMsgId;

    /** {@code topic}: the message's topic (5.x), or null. */
    public String topic() {
        return topic;
    }

    /** Sets {@code topic}; null leaves it out. */
    public CheckTransactionStateRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** {@code tranStateTableOffset}: the half message's queue offset. */
    public long tranStateTableOffset() {
        return tranStateTableOffset;
    }

    /** Sets {@code tranStateTableOffset}. */
    public CheckTransactionStateRequestHeader tranStateTableOffset(long value) {
        this.tranStateTableOffset = value;
        return this;
    }

    /** {@code commitLogOffset}: the half message's physical offset. */
    public long commitLogOffset() {
        return commitLogOffset;
    }

    /** Sets {@code commitLogOffset}. */
    public CheckTransactionStateRequestHeader commitLogOffset(long value) {
        this.commitLogOffset = value;
        return this;
    }

    /** {@code msgId}: the message's UNIQ_KEY, or null. */
    public String msgId() {
        return msgId;
    }

    /** Sets {@code msgId}; null leaves it out. */
    public CheckTransactionStateRequestHeader msgId(String value) {
        this.msgId = value;
        return this;
    }

    /** {@code transactionId}: the transaction id, or null. */
    public String transactionId() {
        return transactionId;
    }

    /** Sets {@code transactionId}; null leaves it out. */
    public CheckTransactionStateRequestHeader transactionId(String value) {
        this.transactionId = value;
        return this;
    }

    /** {@code offsetMsgId}: the offset message id, or null. */
    public String offsetMsgId() {
        return offsetMsgId;
    }

    /** Sets {@code offsetMsgId}; null leaves it out. */
    public CheckTransactionStateRequestHeader offsetMsgId(String value) {
        this.offsetMsgId = value;
        return this;
    }

    @Override
    protected CheckTransactionStateRequestHeader self() {
        return this;
    }

    @Override
    HeaderSchema<CheckTransactionStateRequestHeader> schema() {
        return SCHEMA;
    }
}
