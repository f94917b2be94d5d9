package io.apogee.broker.detour;

import io.apogee.store.commitlog.AppendStatus;

/**
 * What became of one delivery of a parked message (a delayed or timer message going to its real topic). It tells a
 * delivering service whether to move on: a message the store will never take must not hold back those behind it.
 *
 * <p>Immutable; safe for any thread.
 */
public enum Delivery {
    /** Written to its real topic. */
    WRITTEN,
    /** The store refuses this very message (a bad topic or queue, a record that does not fit): it is skipped. */
    REFUSED,
    /**
     * The store cannot take it now (busy, its queue's file unmappable, disk full, fenced, closing) or did not answer
     * in time: tried again.
     */
    DEFERRED;

    /** The delivery that ended with the store's {@code status}. */
    public static Delivery of(AppendStatus status) {
        return switch (status) {
            case APPENDED, FLUSH_DISK_TIMEOUT, FLUSH_SLAVE_TIMEOUT, SLAVE_NOT_AVAILABLE -> WRITTEN;
            case BAD_QUEUE, RECORD_TOO_LARGE, RECORD_INVALID -> REFUSED;
            case ACCEPTED, BUSY, QUEUE_UNAVAILABLE, DISK_FULL, STORE_FAILED, CLOSED, REPLICA_ONLY,
                IN_SYNC_REPLICAS_NOT_ENOUGH -> DEFERRED;
        };
    }
}
