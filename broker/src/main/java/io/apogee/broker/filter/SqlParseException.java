package io.apogee.broker.filter;

/**
 * A filter expression that does not compile: the message names what was wrong, the 1-based position and the token
 * found there. Thrown only while compiling a subscription, never while filtering.
 */
public final class SqlParseException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int position;

    /** An error at {@code position} (1-based) described by {@code detail}. */
    SqlParseException(String detail, int position) {
        super(detail + " at position " + position);
        this.position = position;
    }

    /** Where the error is, 1-based. */
    public int position() {
        return position;
    }
}
