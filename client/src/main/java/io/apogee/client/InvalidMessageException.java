package io.apogee.client;

/** The message was refused before sending: no topic, an empty or too large body, or a batch of mixed topics. Immutable. */
public final class InvalidMessageException extends ClientException {
    private static final long serialVersionUID = 1L;

    /** A refusal described by {@code message}. */
    public InvalidMessageException(String message) {
        super(message, null);
    }
}
