package io.apogee.testsupport.scenario;

/**
 * What a transactional send returned. Immutable.
 *
 * @param sent  the half message's send
 * @param local what the local transaction answered
 */
public record TransactionReceipt(SendReceipt sent, TransactionState local) {
}
