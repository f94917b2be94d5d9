package io.apogee.client;

/** No answer came in time; the request may still have taken effect (a send may have been stored). Immutable. */
public final class ClientTimeoutException extends ClientException {
    private static final long serialVersionUID = 1L;

    /** A timeout described by {@code message}. */
    public ClientTimeoutException(String message, Throwable cause) {
        super(message, cause);
    }
}
