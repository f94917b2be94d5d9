package io.apogee.common.agent;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * How other threads wake an agent that sleeps until it has work. The agent's {@link SleepingIdleStrategy} announces
 * that its thread is about to sleep, looks once more for work, and only then parks; a producer publishes its work
 * first and then {@linkplain #ring rings}, which unparks the thread only when it announced itself. Both sides use
 * volatile accesses, so either the agent sees the work or the producer sees the sleeper: no wake-up is lost, and an
 * awake agent costs a producer one volatile read.
 *
 * <p>Thread-safe: {@link #ring} from any thread; announcing and clearing belong to the agent's thread.
 */
public final class Doorbell {
    private final AtomicReference<Thread> sleeper = new AtomicReference<>();
    private volatile boolean timed;

    /** Wakes the agent if it sleeps (or is about to); does nothing otherwise. Any thread, after publishing the work. */
    public void ring() {
        Thread parked = sleeper.get();
        // the first ringer clears it: many producers ringing at once unpark once
        if (parked != null && sleeper.compareAndSet(parked, null)) {
            LockSupport.unpark(parked);
        }
    }

    /**
     * Wakes the agent only if it sleeps with no deadline: for work the agent takes in batches, which a timed sleep
     * (the agent polls while busy) picks up by itself. Any thread, after publishing the work.
     */
    public void ringIfUntimed() {
        if (!timed) {
            ring();
        }
    }

    /** Whether the agent announced that it sleeps. */
    public boolean isSleeping() {
        return sleeper.get() != null;
    }

    /** The agent's thread is about to sleep: it looks for work once more after this. */
    void announce() {
        timed = false;
        sleeper.set(Thread.currentThread());
    }

    /** The announced sleep has a deadline: {@link #ringIfUntimed()} leaves it alone. */
    void timed() {
        timed = true;
    }

    /** The agent's thread is awake again. */
    void clear() {
        sleeper.set(null);
    }
}
