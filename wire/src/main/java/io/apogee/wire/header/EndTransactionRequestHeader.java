package io.apogee.wire.header;

import static io.apogee.wire.header.HeaderField.Presence.OPTIONAL;
import static io.apogee.wire.header.HeaderField.Presence.REQUIRED;

/**
 * END_TRANSACTION (37), producer to broker master, oneway: commits (8), rolls back (12) or leaves unknown (0) the
 * transactional half message stored at {@code commitLogOffset}; also the producer's answer to
 * CHECK_TRANSACTION_STATE. Mutable and reusable: decode into one instance per thread; not thread-safe.
 *
 * <pre>
 *  topic                 name     optional       the message's topic (5.x), or null
 *  producerGroup         name     required       the producer group
 *  tranStateTableOffset  long     required       the half message's queue offset
 *  commitLogOffset       long     required       the half message's physical offset
 *  commitOrRollback      int      required       8 commit, 12 rollback, 0 unknown (MessageSysFlag values)
 *  fromTransactionCheck  boolean  default false  true when answering CHECK_TRANSACTION_STATE
 *  msgId                 text     required       the message's UNIQ_KEY
 *  transactionId         text     optional       the transaction id, or null
 *  ns nsd bname oway     optional: the RPC keys of {@link RpcRequestHeader}
 * </pre>
 */
public final class EndTransactionRequestHeader extends RpcRequestHeader<EndTransactionRequestHeader> {
    private static final HeaderSchema<EndTransactionRequestHeader> SCHEMA = HeaderSchema.builder(EndTransactionRequestHeader.class)
        .add(
            HeaderField.name("topic", OPTIONAL, h -> h.topic, (h, v) -> h.topic = v),
            HeaderField.name("producerGroup", REQUIRED, h -> h.producerGroup, (h, v) -> h.producerGroup = v),
            HeaderField.requiredLong("tranStateTableOffset", h -> h.tranStateTableOffset, (h, v) -> h.tranStateTableOffset = v),
            HeaderField.requiredLong("commitLogOffset", h -> h.commitLogOffset, (h, v) -> h.commitLogOffset = v),
            HeaderField.requiredInt("commitOrRollback", h -> h.commitOrRollback, (h, v) -> h.commitOrRollback = v),
            HeaderField.defaultedBoolean("fromTransactionCheck", false, h -> h.fromTransactionCheck, (h, v) -> h.fromTransactionCheck = v),
            HeaderField.text("msgId", REQUIRED, h -> h.msgId, (h, v) -> h.msgId = v),
            HeaderField.text("transactionId", OPTIONAL, h -> h.transactionId, (h, v) -> h.transactionId = v))
        .add(RPC_FIELDS)
        .putOrder("transactionId", "fromTransactionCheck", "ns", "bname", "topic", "msgId", "oway",
            "tranStateTableOffset", "commitOrRollback", "commitLogOffset", "producerGroup", "nsd")
        .build();

    private String topic;
    private String producerGroup;
    private long tranStateTableOffset;
    private long commitLogOffset;
    private int commitOrRollback;
    private boolean fromTransactionCheck;
    private String msgId;
    private String transactionId;

    /** {@code topic}: the message's topic (5.x), or null. */
    public String topic() {
        return topic;
    }

    /** Sets {@code topic}; null leaves it out. */
    public EndTransactionRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** {@code producerGroup}: the producer group. */
    public String producerGroup() {
        return producerGroup;
    }

    /** Sets {@code producerGroup}. */
    public EndTransactionRequestHeader producerGroup(String value) {
        this.producerGroup = value;
        return this;
    }

    /** {@code tranStateTableOffset}: the half message's queue offset. */
    public long tranStateTableOffset() {
        return tranStateTableOffset;
    }

    /** Sets {@code tranStateTableOffset}. */
    public EndTransactionRequestHeader tranStateTableOffset(long value) {
        this.tranStateTableOffset = value;
        return this;
    }

    /** {@code commitLogOffset}: the half message's physical offset. */
    public long commitLogOffset() {
        return commitLogOffset;
    }

    /** Sets {@code commitLogOffset}. */
    public EndTransactionRequestHeader commitLogOffset(long value) {
        this.commitLogOffset = value;
        return this;
    }

    /** {@code commitOrRollback}: 8 commit, 12 rollback, 0 unknown (MessageSysFlag values). */
    public int commitOrRollback() {
        return commitOrRollback;
    }

    /** Sets {@code commitOrRollback}. */
    public EndTransactionRequestHeader commitOrRollback(int value) {
        this.commitOrRollback = value;
        return this;
    }

    /** {@code fromTransactionCheck}: true when answering CHECK_TRANSACTION_STATE. */
    public boolean fromTransactionCheck() {
        return fromTransactionCheck;
    }

    /** Sets {@code fromTransactionCheck}. */
    public EndTransactionRequestHeader fromTransactionCheck(boolean value) {
        this.fromTransactionCheck = value;
        return this;
    }

    /** {@code msgId}: the message's UNIQ_KEY. */
    public String msgId() {
        return msgId;
    }

    /** Sets {@code msgId}. */
    public EndTransactionRequestHeader msgId(String value) {
        this.msgId = value;
        return this;
    }

    /** {@code transactionId}: the transaction id, or null. */
    public String transactionId() {
        return transactionId;
    }

    /** Sets {@code transactionId}; null leaves it out. */
    public EndTransactionRequestHeader transactionId(String value) {
        this.transactionId = value;
        return this;
    }

    @Override
    protected EndTransactionRequestHeader self() {
        return this;
    }

    @Override
    HeaderSchema<EndTransactionRequestHeader> schema() {
        return SCHEMA;
    }
}
