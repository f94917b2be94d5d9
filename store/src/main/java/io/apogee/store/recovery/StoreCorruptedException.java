package io.apogee.store.recovery;

/**
 * The store cannot be opened without losing data it had made durable: a damaged record in the middle of the commit
 * log (below the checkpoint, or followed by intact segments), or a consume queue missing units that the checkpoint
 * says were forced. It carries the commit-log offset of the damage; nothing is cut or skipped, so an operator can
 * inspect the files.
 *
 * <p>Immutable; safe for any thread.
 */
public final class StoreCorruptedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The commit-log offset of the damage. */
    private final long offset;

    /** @param offset the commit-log offset of the damage; @param message what was found */
    public StoreCorruptedException(long offset, String message) {
        super(message + " at commit-log offset " + offset);
        this.offset = offset;
    }

    /** The commit-log offset of the damage. */
    public long offset() {
        return offset;
    }
}
