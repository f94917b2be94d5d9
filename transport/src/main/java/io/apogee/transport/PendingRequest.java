package io.apogee.transport;

/**
 * One request waiting for its response: the callback and the deadline. Completed at most once, by whoever removes it
 * from {@link PendingRequests} first (the response, a sweep of {@link RequestTimeouts}, or the connection closing).
 * Immutable.
 *
 * @param callback      receives the outcome
 * @param deadlineNanos the clock value after which the request has timed out
 * @param timeoutMillis the timeout it was sent with, for the failure message
 * @param requestCode   the request code, for the failure message
 */
record PendingRequest(ResponseCallback callback, long deadlineNanos, long timeoutMillis, int requestCode) {
}
