package io.apogee.transport;

/**
 * A request that got no response: the base of the transport's failure kinds ({@link ConnectFailedException},
 * {@link ResponseTimeoutException}, {@link ConnectionLostException}). Immutable, so safe to hand between threads.
 */
public abstract class TransportException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String address;

    /** A failure talking to {@code address}. */
    protected TransportException(String address, String message, Throwable cause) {
        super(address + ": " + message, cause);
        this.address = address;
    }

    /** The peer's address, "host:port". */
    public String address() {
        return address;
    }
}
