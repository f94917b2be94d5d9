package io.apogee.broker.transaction;

/** The system topics of transactional messages (RocketMQ's names, one queue each). Constants only. */
public final class TransactionTopics {
    /** Where half messages wait, queue 0. */
    public static final String HALF = "RMQ_SYS_TRANS_HALF_TOPIC";
    /**
     * Where op records mark half messages resolved (tag {@value #OP_TAG}) and check records count their checks (tag
     * {@value #CHECK_TAG}); the body is the half message's queue offset.
     */
    public static final String OP = "RMQ_SYS_TRANS_OP_HALF_TOPIC";
    /** The tag of an op record (RocketMQ's REMOVE_TAG). */
    public static final String OP_TAG = "d";
    /**
     * The tag of a check record, Apogee's own: one per CHECK_TRANSACTION_STATE decided, body the half message's queue
     * offset, so the count of checks survives a restart (RocketMQ re-puts the half message with a count instead).
     */
    public static final String CHECK_TAG = "apogee-check";

    private TransactionTopics() {
    }
}
