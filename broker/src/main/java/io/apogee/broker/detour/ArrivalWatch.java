package io.apogee.broker.detour;

import io.apogee.store.MessageStore;
import io.apogee.store.queue.ArrivalListener;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Tells a sleeping delivery service that a message has arrived on a queue it has read to the end: the timer queue,
 * or a delay level's schedule queue. It waits through the store's long-polling hook ({@link MessageStore#awaitArrival}),
 * one registration at a time, and runs {@code onArrival}, which must only hand the work to the service's thread.
 *
 * <p>Thread-safe: the service's thread {@linkplain #watchFrom watches}; the arrival is told on the thread that wrote
 * the message.
 */
public final class ArrivalWatch implements ArrivalListener {
    private final MessageStore store;
    private final String topic;
    private final int queueId;
    private final Runnable onArrival;
    private final AtomicBoolean waiting = new AtomicBoolean();

    /** A watch on queue {@code queueId} of {@code topic} in {@code store}, running {@code onArrival} when told. */
    public ArrivalWatch(MessageStore store, String topic, int queueId, Runnable onArrival) {
        this.store = store;
        this.topic = topic;
        this.queueId = queueId;
        this.onArrival = onArrival;
    }

    /**
     * Asks to be told when a message at or after {@code offset} arrives; false when one is there already (the caller
     * reads it now). A watch already waiting stays: it is told of any message after the offset it was set at, and the
     * service only reads further.
     */
    public boolean watchFrom(long offset) {
        if (!waiting.compareAndSet(false, true)) {
            return true;
        }
        if (store.awaitArrival(topic, queueId, offset, this)) {
            return true;
        }
        waiting.set(false);
        return false;
    }

    @Override
    public void onArrival(String arrivedTopic, int arrivedQueueId, long maxOffset) {
        waiting.set(false);
        onArrival.run();
    }
}
