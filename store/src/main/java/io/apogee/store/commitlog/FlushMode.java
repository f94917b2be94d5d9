package io.apogee.store.commitlog;

/**
 * When an append is acknowledged relative to the disk.
 *
 * <p>Immutable; safe for any thread.
 */
public enum FlushMode {
    /** Acknowledged once in the page cache; the flusher forces periodically, by time and by dirty pages. */
    ASYNC,
    /** Acknowledged only after a force that covers the record; one force covers every record written before it. */
    SYNC
}
