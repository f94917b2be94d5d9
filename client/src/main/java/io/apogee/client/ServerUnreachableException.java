package io.apogee.client;

/** No connection could be made to a broker or name server, or it was lost before the answer came. Immutable. */
public final class ServerUnreachableException extends ClientException {
    private static final long serialVersionUID = 1L;

    /** A connection failure described by {@code message}. */
    public ServerUnreachableException(String message, Throwable cause) {
        super(message, cause);
    }
}
