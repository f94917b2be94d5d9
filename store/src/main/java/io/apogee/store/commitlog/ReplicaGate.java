package io.apogee.store.commitlog;

/**
 * What a master's slaves hold, as the replication service sees it: the store's acknowledgements wait on it when the
 * broker is a SYNC_MASTER ({@link ReplicaWait}).
 *
 * <p>Implementations are safe for any thread: the flusher reads them, the replication thread updates them.
 */
public interface ReplicaGate {
    /** The highest commit-log offset a connected slave has confirmed holding; -1 when none has. */
    long confirmedPosition();

    /** How many slaves are connected now. */
    int connectedSlaves();
}
