package io.apogee.broker.console;

/**
 * A request the console refuses, with the HTTP status and the message the answer carries. An expected outcome of bad
 * input, so it carries no stack trace.
 *
 * <p>Immutable; safe for any thread.
 */
final class BadRequest extends RuntimeException {
    private static final long serialVersionUID = 1L;
    /** Bad input. */
    static final int BAD_INPUT = 400;
    /** No login, or a wrong one. */
    static final int UNAUTHORIZED = 401;
    /** A login whose user may not do this. */
    static final int FORBIDDEN = 403;
    /** Nothing found. */
    static final int NOT_FOUND = 404;
    /** A method the path does not take. */
    static final int METHOD_NOT_ALLOWED = 405;
    /** A request body over the limit. */
    static final int TOO_LARGE = 413;

    private final int status;

    BadRequest(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    /** A 400 with {@code message}. */
    static BadRequest input(String message) {
        return new BadRequest(BAD_INPUT, message);
    }

    int status() {
        return status;
    }
}
