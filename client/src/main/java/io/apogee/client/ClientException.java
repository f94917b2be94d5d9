package io.apogee.client;

/**
 * A failed client operation; each failure kind is a subclass: {@link NoRouteException},
 * {@link BrokerErrorException}, {@link ClientTimeoutException}, {@link ServerUnreachableException},
 * {@link InvalidMessageException}, {@link ClientClosedException}. Immutable.
 */
public abstract class ClientException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** A failure described by {@code message}, caused by {@code cause} (may be null). */
    protected ClientException(String message, Throwable cause) {
        super(message, cause);
    }
}
