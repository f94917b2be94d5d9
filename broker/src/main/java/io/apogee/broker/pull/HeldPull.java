package io.apogee.broker.pull;

import io.apogee.common.agent.ScheduledTask;
import io.apogee.store.queue.ArrivalListener;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A pull held until a message arrives in its queue, its hold time ends or its connection closes, whichever comes
 * first. On an arrival or the end of the hold it is re-run once, without holding, on its connection's event loop; on
 * a close it is dropped there at once, its exchange closed, instead of waiting for its timeout.
 *
 * <p>Thread-safe: the arrival comes on the store's dispatcher thread, the timeout on the scheduler and the close on
 * the event loop; an atomic flag lets only the first one through. Each only hands the pull back and returns.
 */
final class HeldPull implements ArrivalListener, Runnable {
    private final PullProcessor processor;
    private final PullRequest pull;
    private final AtomicBoolean done = new AtomicBoolean();
    private volatile ScheduledTask timeout;

    HeldPull(PullProcessor processor, PullRequest pull) {
        this.processor = processor;
        this.pull = pull;
    }

    /** The pull held. */
    PullRequest pull() {
        return pull;
    }

    /** Sets the timeout that ends the hold. */
    void timeout(ScheduledTask value) {
        this.timeout = value;
    }

    @Override
    public void onArrival(String topic, int queueId, long maxOffset) {
        if (done.compareAndSet(false, true)) {
            cancelTimeout();
            processor.resume(this);
        }
    }

    /** The hold ended without an arrival. */
    @Override
    public void run() {
        if (done.compareAndSet(false, true)) {
            processor.cancelArrival(pull, this);
            processor.resume(this);
        }
    }

    /**
     * Ends the hold for a closed connection: stops waiting for the timeout and the arrival. True when this call ended
     * it (the caller then closes the exchange); false when an arrival or the timeout came first and re-runs it.
     */
    boolean drop() {
        if (!done.compareAndSet(false, true)) {
            return false;
        }
        cancelTimeout();
        processor.cancelArrival(pull, this);
        return true;
    }

    private void cancelTimeout() {
        ScheduledTask pending = timeout;
        if (pending != null) {
            pending.cancel();
        }
    }
}
