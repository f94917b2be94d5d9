package io.apogee.client;

/** The producer or consumer was closed. Immutable. */
public final class ClientClosedException extends ClientException {
    private static final long serialVersionUID = 1L;

    /** The client named {@code what} is closed. */
    public ClientClosedException(String what) {
        super(what + " is closed", null);
    }
}
