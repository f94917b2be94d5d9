package io.apogee.store.queue;

/**
 * Told that a queue has new messages: the broker's held (long-polling) pull request, which re-runs itself.
 *
 * <p>Called on the thread that wrote the message (often a producer's I/O thread): implementations must only hand the work to their own executor and
 * return at once.
 */
@FunctionalInterface
public interface ArrivalListener {
    /** The queue ({@code topic}, {@code queueId}) now holds messages up to {@code maxOffset} (exclusive). */
    void onArrival(String topic, int queueId, long maxOffset);
}
