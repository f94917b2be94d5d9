package io.apogee.transport;

/** No connection could be made to the address. Immutable. */
public final class ConnectFailedException extends TransportException {
    private static final long serialVersionUID = 1L;

    /** The connection to {@code address} failed with {@code cause}. */
    public ConnectFailedException(String address, Throwable cause) {
        super(address, "cannot connect" + (cause == null ? "" : ": " + cause), cause);
    }
}
