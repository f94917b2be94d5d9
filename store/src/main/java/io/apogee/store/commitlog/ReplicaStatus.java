package io.apogee.store.commitlog;

/**
 * The outcome of {@link Appender#appendReplicated}: bytes a master sent, written at their commit-log offset.
 *
 * <p>Immutable; safe for any thread.
 */
public enum ReplicaStatus {
    /** Written; every complete record among them is published, queued and handed to the dispatcher. */
    APPENDED,
    /**
     * The bytes do not start where the replica's log ends (nor, for a replica that holds nothing yet, at a segment's
     * start, where its log may begin): nothing was written.
     */
    OFFSET_MISMATCH,
    /**
     * The bytes hold something that is not a record of this offset (a bad layout, a record naming another offset, a
     * topic or queue that is not valid): the records before it are kept, the rest is dropped.
     */
    CORRUPT,
    /** A record's consume-queue file could not be made or mapped now: the rest is dropped, to be sent again. */
    QUEUE_UNAVAILABLE,
    /** The store is closing. */
    CLOSED,
    /** The store is fenced after a disk failure. */
    STORE_FAILED
}
