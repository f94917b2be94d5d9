package io.apogee.wire.frame;

import java.io.Serial;

/**
 * Thrown by the frame and header decoders when the bytes cannot be a RocketMQ remoting frame. Immutable and
 * thread-safe, and stackless: it records no stack trace, so a flood of corrupt frames costs little.
 *
 * <p>It carries a {@link FrameError} kind and a message that says what was found and where (offsets count from the
 * start of the header, as the message states). The only sane reaction is to close the connection, as RocketMQ
 * does; "need more bytes" is never reported this way.
 */
public final class CorruptFrameException extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final FrameError kind;

    /** A corrupt-frame report of the given kind with a readable explanation. */
    public CorruptFrameException(FrameError kind, String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    /** What is wrong with the frame. */
    public FrameError kind() {
        return kind;
    }

    @Override
    public String toString() {
        return "CorruptFrameException[" + kind + "]: " + getMessage();
    }
}
