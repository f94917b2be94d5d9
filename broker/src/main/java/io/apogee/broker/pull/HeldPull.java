package io.apogee.broker.pull;

import io.apogee.common.agent.ScheduledTask;
import io.apogee.store.queue.ArrivalListener;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A pull held until a message arrives in its queue or its hold time ends, whichever comes first; either way it is
 * re-run once, without holding, on its connection's event loop.
 *
 * <p>Thread-safe: the arrival comes on the store's dispatcher thread and the timeout on the scheduler; an atomic flag
 * lets only the first one through. Both only hand the pull back and return.
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

    /** Sets the timeout that ends the hold. */
    void timeout(ScheduledTask value) {
        this.timeout = value;
    }

    @Override
    public void onArrival(String topic, int queueId, long maxOffset) {
        if (done.compareAndSet(false, true)) {
            ScheduledTask pending = timeout;
            if (pending != null) {
                pending.cancel();
            }
            processor.resume(pull);
        }
    }

    /** The hold ended without an arrival. */
    @Override
    public void run() {
        if (done.compareAndSet(false, true)) {
            processor.cancelArrival(pull, this);
            processor.resume(pull);
        }
    }
}
