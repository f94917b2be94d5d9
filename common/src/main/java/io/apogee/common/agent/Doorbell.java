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
    /** {@link #wakeAt} of a sleep with no deadline. */
    private static final long UNTIMED = Long.MAX_VALUE;

    private final AtomicReference<Thread> sleeper = new AtomicReference<>();
    /** When an announced timed sleep ends ({@link System#nanoTime()}), or {@link #UNTIMED}. */
    private volatile long wakeAt = UNTIMED;

    /** Wakes the agent if it sleeps (or is about to); does nothing otherwise. Any thread, after publishing the work. */
    public void ring() {
        Thread parked = sleeper.get();
        // the first ringer clears it: many producers ringing at once unpark once
        if (parked != null && sleeper.compareAndSet(parked, null)) {
            LockSupport.unpark(parked);
        }
    }

    /**
     * Wakes the agent unless its sleep ends within {@code nanos} anyway: for work the agent takes in batches, which
     * a short timed sleep (the agent polls while busy) picks up by itself. Any thread, after publishing the work.
     */
    public void ringUnlessWakingWithin(long nanos) {
        long at = wakeAt;
        if (at == UNTIMED || at - System.nanoTime() > nanos) {
            ring();
        }
    }

    /** Whether the agent announced that it sleeps. */
    public boolean isSleeping() {
        return sleeper.get() != null;
    }

    /** The agent's thread is about to sleep: it looks for work once more after this. */
    void announce() {
        wakeAt = UNTIMED;
        sleeper.set(Thread.currentThread());
    }

    /** The announced sleep lasts {@code nanos}: {@link #ringUnlessWakingWithin} leaves a short one alone. */
    void timed(long nanos) {
        wakeAt = System.nanoTime() + nanos;
    }

    /** The agent's thread is awake again. */
    void clear() {
        sleeper.set(null);
    }
}
