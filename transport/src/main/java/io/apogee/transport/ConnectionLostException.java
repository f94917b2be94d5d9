package io.apogee.transport;

/** The connection closed, or a write on it failed, while the request was waiting for its response. Immutable. */
public final class ConnectionLostException extends TransportException {
    private static final long serialVersionUID = 1L;

    /** The connection to {@code address} was lost. */
    public ConnectionLostException(String address, String message) {
        super(address, message, null);
    }
}
