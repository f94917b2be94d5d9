package io.apogee.store.commitlog;

/**
 * The outcome of an append: returned by {@link Appender#submit} (where {@link #ACCEPTED} means the completion
 * follows) and passed to {@link AppendRequest#onAppended} (never {@code ACCEPTED} there).
 *
 * <p>Immutable; safe for any thread.
 */
public enum AppendStatus {
    /** Submit only: the request is queued and its completion will follow. */
    ACCEPTED,
    /** Written (and forced, in SYNC mode when the request awaits the flush). */
    APPENDED,
    /** The appender's ring is full: back-pressure, the broker answers SYSTEM_BUSY. Submit only. */
    BUSY,
    /** A record is larger than the configured maximum or than a segment. Submit only. */
    RECORD_TOO_LARGE,
    /** The topic is not a valid topic name, or the queue id is negative or too large. Submit only. */
    BAD_QUEUE,
    /**
     * A record is smaller than the smallest stored record (submit), or the writer wrote a size other than the one
     * it declared or a record that is not well-formed; nothing of the request was kept.
     */
    RECORD_INVALID,
    /**
     * SYNC: the record was written, but the force covering it did not complete within the SYNC flush timeout
     * (RocketMQ's FLUSH_DISK_TIMEOUT); the record is in the log and will reach the disk with a later force.
     */
    FLUSH_DISK_TIMEOUT,
    /**
     * SYNC_MASTER: the record was written (and forced as the flush mode asks), but no slave confirmed it within the
     * slave timeout (RocketMQ's FLUSH_SLAVE_TIMEOUT); the record stays in the log.
     */
    FLUSH_SLAVE_TIMEOUT,
    /**
     * SYNC_MASTER: the record was written, but no slave is connected, or the best one is too far behind to wait for
     * (RocketMQ's SLAVE_NOT_AVAILABLE); the record stays in the log.
     */
    SLAVE_NOT_AVAILABLE,
    /**
     * The file of the request's consume queue cannot be made or mapped now: every mapping the queue files may hold
     * is in use by busy queues, or the operating system refused the mapping. Only this queue's appends are refused;
     * the store stays healthy. Submit only.
     */
    QUEUE_UNAVAILABLE,
    /** The disk is fuller than the configured ratio: appends are refused until space is freed. */
    DISK_FULL,
    /** An I/O error fenced the store: it is read-only until restart. */
    STORE_FAILED,
    /** The store is shut down. Submit only. */
    CLOSED,
    /** The store is a slave's replica: it takes only its master's bytes, never a submit. Submit only. */
    REPLICA_ONLY,
    /**
     * Controller mode: the sync-state set holds fewer replicas than minInSyncReplicas (RocketMQ's
     * IN_SYNC_REPLICAS_NOT_ENOUGH); nothing was written. Submit only.
     */
    IN_SYNC_REPLICAS_NOT_ENOUGH;

    /** Whether the records are in the log: APPENDED, or written but not forced or replicated in time. */
    public boolean isWritten() {
        return this == APPENDED || this == FLUSH_DISK_TIMEOUT || this == FLUSH_SLAVE_TIMEOUT || this == SLAVE_NOT_AVAILABLE;
    }
}
