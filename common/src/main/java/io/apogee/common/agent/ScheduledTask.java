package io.apogee.common.agent;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One task held by a {@link SchedulerAgent}: what to run, when next, and how often. The caller keeps it only to
 * {@link #cancel()} it.
 *
 * <p>{@link #cancel()} and {@link #isCancelled()} are safe for any thread. Every other field belongs to the
 * scheduler's thread.
 */
public final class ScheduledTask {
    private final Runnable task;
    private final long periodNanos;
    private final long sequence;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final SchedulerAgent owner;
    private long deadlineNanos;
    /** Where the task sits in its owner's heap, or -1 when it is not there. */
    private int heapIndex = -1;

    ScheduledTask(SchedulerAgent owner, Runnable task, long deadlineNanos, long periodNanos, long sequence) {
        this.owner = owner;
        this.task = task;
        this.deadlineNanos = deadlineNanos;
        this.periodNanos = periodNanos;
        this.sequence = sequence;
    }

    /**
     * Stops the task from running again; a run under way finishes. The owner forgets it on its next cycle, so a
     * cancelled long delay holds no memory until its time. Returns whether this call cancelled it.
     */
    public boolean cancel() {
        if (!cancelled.compareAndSet(false, true)) {
            return false;
        }
        if (owner != null) {
            owner.forget(this);
        }
        return true;
    }

    /** Whether {@link #cancel()} was called. */
    public boolean isCancelled() {
        return cancelled.get();
    }

    /** A task that never runs, returned once the scheduler is closed. */
    static ScheduledTask cancelled(Runnable task) {
        ScheduledTask dropped = new ScheduledTask(null, task, 0, 0, 0);
        dropped.cancelled.set(true);
        return dropped;
    }

    Runnable task() {
        return task;
    }

    boolean isPeriodic() {
        return periodNanos > 0;
    }

    long periodNanos() {
        return periodNanos;
    }

    long deadlineNanos() {
        return deadlineNanos;
    }

    void deadlineNanos(long value) {
        deadlineNanos = value;
    }

    int heapIndex() {
        return heapIndex;
    }

    void heapIndex(int value) {
        heapIndex = value;
    }

    /** Earlier deadline first; among equal deadlines, the one scheduled first. */
    boolean before(ScheduledTask other) {
        long gap = deadlineNanos - other.deadlineNanos;
        return gap != 0 ? gap < 0 : sequence < other.sequence;
    }
}
