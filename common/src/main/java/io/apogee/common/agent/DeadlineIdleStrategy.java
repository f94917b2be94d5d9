package io.apogee.common.agent;

import java.util.concurrent.locks.LockSupport;

/**
 * The idle strategy of a {@link SchedulerAgent}: parks until its next task is due, at most {@code maxParkNanos},
 * and wakes early when another thread schedules a task due before that (the scheduler unparks it). An idle scheduler
 * thus costs a wake-up per due task, not a poll per millisecond.
 *
 * <p>Single-threaded: it belongs to the scheduler's runner thread.
 */
public final class DeadlineIdleStrategy implements IdleStrategy {
    private final SchedulerAgent scheduler;
    private final long maxParkNanos;

    /** Parks {@code scheduler}'s thread until its next task, for at most {@code maxParkNanos}. */
    public DeadlineIdleStrategy(SchedulerAgent scheduler, long maxParkNanos) {
        if (maxParkNanos < 1) {
            throw new IllegalArgumentException("maxParkNanos must be positive: " + maxParkNanos);
        }
        this.scheduler = scheduler;
        this.maxParkNanos = maxParkNanos;
    }

    @Override
    public void idle() {
        long wait = scheduler.prepareSleep(maxParkNanos);
        try {
            if (wait > 0) {
                LockSupport.parkNanos(this, wait);
            }
        } finally {
            scheduler.awake();
        }
    }

    @Override
    public void reset() {
        // nothing to reset: each wait is worked out from the next deadline
    }
}
