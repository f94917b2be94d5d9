package io.apogee.common.agent;

import io.apogee.common.time.Clock;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A {@link Scheduler} that is an {@link Agent}: each {@link #doWork()} takes in the tasks scheduled or cancelled
 * since the last cycle, then runs up to {@link #MAX_RUNS_PER_CYCLE} tasks whose time has come by the injected
 * {@link Clock}. In production an {@link AgentRunner} cycles it with a {@link DeadlineIdleStrategy}, which parks until
 * the next task is due; a test advances a manual clock and calls {@link #doWork()} itself.
 *
 * <p>Thread-safe as a {@link Scheduler}: scheduling and cancelling are messages on lock-free queues. A scheduling
 * from another thread unparks the agent's thread only when the new task is due before the thread would wake anyway
 * (it publishes when that is before it parks), so an idle scheduler wakes once per due task, and a busy one is not
 * woken per scheduling. The tasks and the heap belong to the one thread that
 * calls {@link #doWork()}.
 */
public final class SchedulerAgent implements Agent, Scheduler {
    /** The most tasks run in one duty cycle, so that taking in new tasks is never starved. */
    static final int MAX_RUNS_PER_CYCLE = 64;

    private final String roleName;
    private final Clock clock;
    private final ErrorHandler errorHandler;
    private final Queue<ScheduledTask> added = new ConcurrentLinkedQueue<>();
    private final Queue<ScheduledTask> cancelled = new ConcurrentLinkedQueue<>();
    private final AtomicLong sequence = new AtomicLong();
    private final TaskHeap heap = new TaskHeap();
    private static final long AWAKE = Long.MIN_VALUE;

    private volatile Thread thread;
    private volatile boolean closed;
    /** When the parked agent thread wakes by itself (clock nanos), or {@link #AWAKE}. */
    private volatile long wakeAtNanos = AWAKE;

    /** A scheduler named {@code roleName}, timed by {@code clock}, reporting failed tasks to {@code errorHandler}. */
    public SchedulerAgent(String roleName, Clock clock, ErrorHandler errorHandler) {
        this.roleName = Objects.requireNonNull(roleName, "roleName");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.errorHandler = Objects.requireNonNull(errorHandler, "errorHandler");
    }

    @Override
    public ScheduledTask schedule(Runnable task, long delayMillis) {
        return add(task, delayMillis, 0);
    }

    @Override
    public ScheduledTask repeat(Runnable task, long initialDelayMillis, long periodMillis) {
        if (periodMillis < 1) {
            throw new IllegalArgumentException("period must be positive: " + periodMillis);
        }
        return add(task, initialDelayMillis, periodMillis);
    }

    private ScheduledTask add(Runnable task, long delayMillis, long periodMillis) {
        Objects.requireNonNull(task, "task");
        if (delayMillis < 0) {
            throw new IllegalArgumentException("negative delay: " + delayMillis);
        }
        if (closed) {
            return ScheduledTask.cancelled(task);
        }
        ScheduledTask scheduled = new ScheduledTask(this, task, clock.nanos() + TimeUnit.MILLISECONDS.toNanos(delayMillis),
            TimeUnit.MILLISECONDS.toNanos(periodMillis), sequence.getAndIncrement());
        added.add(scheduled);
        long wakeAt = wakeAtNanos;
        Thread runner = thread;
        if (wakeAt != AWAKE && scheduled.deadlineNanos() - wakeAt < 0 && runner != null
            && runner != Thread.currentThread()) {
            LockSupport.unpark(runner);
        }
        return scheduled;
    }

    /** Called by {@link ScheduledTask#cancel()}: the task leaves the heap on the next cycle. */
    void forget(ScheduledTask task) {
        cancelled.add(task);
    }

    @Override
    public void onStart() {
        thread = Thread.currentThread();
    }

    /** Takes in new and cancelled tasks, then runs the due ones; returns how many of all three it handled. */
    @Override
    public int doWork() {
        int work = takeIn();
        long now = clock.nanos();
        int runs = 0;
        while (runs < MAX_RUNS_PER_CYCLE) {
            ScheduledTask first = heap.first();
            if (first == null || first.deadlineNanos() - now > 0) {
                break;
            }
            heap.remove(first);
            if (first.isCancelled()) {
                continue;
            }
            run(first);
            runs++;
            if (first.isPeriodic() && !first.isCancelled()) {
                // the next run keeps the period's rhythm; after an overrun it comes a full period later
                long next = first.deadlineNanos() + first.periodNanos();
                long after = clock.nanos();
                first.deadlineNanos(next - after > 0 ? next : after + first.periodNanos());
                heap.add(first);
            }
        }
        return work + runs;
    }

    private int takeIn() {
        int taken = 0;
        ScheduledTask task;
        while ((task = added.poll()) != null) {
            taken++;
            if (!task.isCancelled()) {
                heap.add(task);
            }
        }
        while ((task = cancelled.poll()) != null) {
            taken++;
            heap.remove(task);
        }
        return taken;
    }

    /**
     * Runs one task. Whatever it throws, an {@link Error} included, is reported and the task keeps its schedule: a
     * periodic task is never cancelled by a failure (a task that cannot go on cancels itself).
     */
    private void run(ScheduledTask scheduled) {
        try {
            scheduled.task().run();
        } catch (Throwable error) {
            errorHandler.onError(roleName, error);
        }
    }

    /**
     * How long until the next task is due, in nanoseconds: 0 when one is due or new tasks wait to be taken in,
     * {@link Long#MAX_VALUE} when nothing is scheduled. Agent thread.
     */
    public long nanosToNextTask() {
        if (!added.isEmpty() || !cancelled.isEmpty()) {
            return 0;
        }
        ScheduledTask first = heap.first();
        return first == null ? Long.MAX_VALUE : Math.max(0, first.deadlineNanos() - clock.nanos());
    }

    /**
     * Agent thread, before parking: how long to park, at most {@code maxNanos} (0 when work waits), published as the
     * time the thread wakes by itself so that a scheduling of a task due sooner unparks it. Call {@link #awake()}
     * after the park.
     */
    long prepareSleep(long maxNanos) {
        long now = clock.nanos();
        ScheduledTask first = heap.first();
        long wait = first == null ? maxNanos : Math.clamp(first.deadlineNanos() - now, 0, maxNanos);
        wakeAtNanos = now + wait;
        // read after publishing: a task added before a scheduler read AWAKE is seen here
        if (!added.isEmpty() || !cancelled.isEmpty()) {
            wakeAtNanos = AWAKE;
            return 0;
        }
        return wait;
    }

    /** Agent thread, after parking: a scheduling need not unpark it now. */
    void awake() {
        wakeAtNanos = AWAKE;
    }

    /** How many tasks are scheduled and not cancelled, as of the last cycle. Agent thread. */
    public int pending() {
        return heap.size();
    }

    /** Drops every task; later schedulings are cancelled at once. */
    @Override
    public void onClose() {
        closed = true;
        while (!heap.isEmpty()) {
            heap.remove(heap.first());
        }
        added.clear();
        cancelled.clear();
    }

    @Override
    public String roleName() {
        return roleName;
    }
}
