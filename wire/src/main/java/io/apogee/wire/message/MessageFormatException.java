package io.apogee.wire.message;

/**
 * Raised when received or stored bytes do not form a valid message layout. Stackless (thrown for hostile or
 * damaged input, where a stack trace only costs time) and carrying a {@link FormatError} so callers can tell
 * the reasons apart. Immutable and safe for any thread.
 */
public final class MessageFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The reason; never null. */
    private final FormatError error;

    /**
     * @param error  why the input is invalid
     * @param detail where and what, for the log (offsets, lengths)
     */
    public MessageFormatException(FormatError error, String detail) {
        super(error.description() + ": " + detail, null, false, false);
        this.error = error;
    }

    /** Why the input is invalid. */
    public FormatError error() {
        return error;
    }
}
