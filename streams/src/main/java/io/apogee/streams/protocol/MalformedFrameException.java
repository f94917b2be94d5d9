package io.apogee.streams.protocol;

import java.io.Serial;

/**
 * A frame whose content does not match its command's layout: a field past the frame's end, a negative length, a
 * string over its limit, or bytes left over. Stackless: bad input is expected, not a bug. The connection answers with
 * a close.
 */
public final class MalformedFrameException extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    /** A malformed frame, described by {@code message}. */
    public MalformedFrameException(String message) {
        super(message, null, false, false);
    }
}
