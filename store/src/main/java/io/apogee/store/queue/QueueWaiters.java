package io.apogee.store.queue;

import java.util.Arrays;

/**
 * The listeners waiting for new messages on one queue (long polling). A listener is told once and then
 * forgotten; a listener that times out first is {@link #remove}d by its owner.
 *
 * <p>Threads: any thread adds and removes (under this object's monitor, as registrations are rare: only when a
 * pull finds nothing); the holder of the appender's write turn alone calls {@link #wake}, which costs one volatile read when nobody waits
 * and tells the listeners outside the monitor.
 */
public final class QueueWaiters {
    private static final int INITIAL_CAPACITY = 4;

    private ArrivalListener[] listeners = new ArrivalListener[INITIAL_CAPACITY];
    private ArrivalListener[] waking = new ArrivalListener[INITIAL_CAPACITY];
    private volatile int count;

    /** Adds {@code listener}. */
    public synchronized void add(ArrivalListener listener) {
        int size = count;
        if (size == listeners.length) {
            listeners = Arrays.copyOf(listeners, size * 2);
        }
        listeners[size] = listener;
        count = size + 1;
    }

    /** Removes {@code listener} (by identity); returns false if it was not waiting (already told, or never added). */
    public synchronized boolean remove(ArrivalListener listener) {
        int size = count;
        for (int i = 0; i < size; i++) {
            if (listeners[i] == listener) {
                listeners[i] = listeners[size - 1];
                listeners[size - 1] = null;
                count = size - 1;
                return true;
            }
        }
        return false;
    }

    /** How many listeners wait. */
    public int count() {
        return count;
    }

    /** Tells and forgets every waiting listener. The appender's write turn only; returns how many were told. */
    public int wake(String topic, int queueId, long maxOffset) {
        if (count == 0) {
            return 0;
        }
        int size;
        synchronized (this) {
            size = count;
            if (waking.length < size) {
                waking = new ArrivalListener[listeners.length];
            }
            System.arraycopy(listeners, 0, waking, 0, size);
            Arrays.fill(listeners, 0, size, null);
            count = 0;
        }
        for (int i = 0; i < size; i++) {
            ArrivalListener listener = waking[i];
            waking[i] = null;
            listener.onArrival(topic, queueId, maxOffset);
        }
        return size;
    }
}
