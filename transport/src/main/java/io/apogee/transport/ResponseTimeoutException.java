package io.apogee.transport;

/**
 * The deadline passed before the response came (or, on a backed-up connection, before the request could be
 * written). The request may still have been processed by the peer. Immutable.
 */
public final class ResponseTimeoutException extends TransportException {
    private static final long serialVersionUID = 1L;

    /** A request to {@code address} timed out after {@code timeoutMillis}. */
    public ResponseTimeoutException(String address, String what, long timeoutMillis) {
        super(address, what + " timed out after " + timeoutMillis + " ms", null);
    }
}
