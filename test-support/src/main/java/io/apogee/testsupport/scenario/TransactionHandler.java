package io.apogee.testsupport.scenario;

/**
 * A transaction producer's local transactions: run at the send, and asked again by the broker's check. Called on client
 * threads; implementations must be thread-safe.
 */
public interface TransactionHandler {
    /** Runs the local transaction of {@code message}, just sent as a half message. */
    TransactionState execute(Outgoing message);

    /** Answers the broker's check of {@code message}, whose state was left unknown. */
    TransactionState check(Incoming message);
}
