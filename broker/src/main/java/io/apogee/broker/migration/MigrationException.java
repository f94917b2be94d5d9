package io.apogee.broker.migration;

/**
 * A file of a store directory that cannot be carried over between Apache RocketMQ and Apogee. The message names the
 * file and why; whoever throws it has changed nothing in the directory yet. Immutable.
 */
public final class MigrationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** A failure whose {@code message} names the file and the reason. */
    public MigrationException(String message) {
        super(message);
    }
}
