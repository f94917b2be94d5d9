package io.apogee.store.queue;

/**
 * Reads the store timestamp of the record at a commit-log offset, for timestamp searches over a consume queue.
 *
 * <p>Implementations must be safe for the calling reader's thread.
 */
@FunctionalInterface
public interface StoreTimeLookup {
    /** The store timestamp of the {@code size}-byte record at {@code commitLogOffset}, or -1 if it is gone. */
    long storeTimestamp(long commitLogOffset, int size);
}
