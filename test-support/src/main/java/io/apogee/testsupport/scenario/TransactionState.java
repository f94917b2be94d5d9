package io.apogee.testsupport.scenario;

/** A local transaction's outcome (RocketMQ's LocalTransactionState). */
public enum TransactionState {
    /** Commit the half message: consumers see it. */
    COMMIT,
    /** Roll it back: no consumer ever sees it. */
    ROLLBACK,
    /** Not known yet: the broker asks the producer again later. */
    UNKNOWN
}
