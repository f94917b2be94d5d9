package io.apogee.store.read;

/**
 * The outcome of a queue read, named after RocketMQ's {@code GetMessageStatus}. The protocol's "How a store lookup
 * maps to a response" table turns each into a PULL code: {@link #FOUND} 0; {@link #OFFSET_OVERFLOW_ONE} 19;
 * {@link #NO_MATCHED_MESSAGE} and {@link #MESSAGE_REMOVED} 20; {@link #OFFSET_TOO_SMALL} and
 * {@link #OFFSET_OVERFLOW_BADLY} 21; {@link #QUEUE_NOT_FOUND} and {@link #NO_MESSAGE_IN_QUEUE} 19 when the request
 * offset is 0, else 21.
 *
 * <p>Immutable; safe for any thread.
 */
public enum ReadStatus {
    /** At least one message matched. */
    FOUND,
    /** Entries were scanned but none matched the tag filter. */
    NO_MATCHED_MESSAGE,
    /** The scanned entries point at commit-log data already deleted by retention. */
    MESSAGE_REMOVED,
    /** The queue does not exist. */
    QUEUE_NOT_FOUND,
    /** The queue exists but never held a message (max offset 0). */
    NO_MESSAGE_IN_QUEUE,
    /** The offset is below the queue's min offset. */
    OFFSET_TOO_SMALL,
    /** The offset equals the max offset: nothing new yet (long-poll). */
    OFFSET_OVERFLOW_ONE,
    /** The offset is beyond the max offset. */
    OFFSET_OVERFLOW_BADLY
}
