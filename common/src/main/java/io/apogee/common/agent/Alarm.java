package io.apogee.common.agent;

import io.apogee.common.time.Clock;
import java.util.Objects;

/**
 * One task run on a {@link Scheduler} when its owner next has work, instead of on a fixed period: each run works out
 * when the next work is due and {@linkplain #setFor sets} the alarm for then, and work that another thread brings
 * sooner {@linkplain #ringNow rings} it. So a service with nothing to do sleeps. Setting the time already set costs
 * nothing; another time replaces the armed run.
 *
 * <p>{@link #ringNow()} is safe for any thread; {@link #setFor} belongs to the scheduler's thread (the task calls it).
 */
public final class Alarm {
    /** What {@link #setFor} takes when no work is timed: only {@link #ringNow()} runs the task then. */
    public static final long NEVER = Long.MAX_VALUE;

    private final Scheduler scheduler;
    private final Clock clock;
    private final Runnable task;
    private ScheduledTask armed;
    private long armedForMillis = NEVER;

    /** An alarm running {@code task} on {@code scheduler}, its times in {@code clock}'s milliseconds. */
    public Alarm(Scheduler scheduler, Clock clock, Runnable task) {
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.task = Objects.requireNonNull(task, "task");
    }

    /**
     * Runs the task at {@code dueMillis} (at once when that has passed), in place of the run armed before; {@link #NEVER}
     * disarms it. Scheduler's thread.
     */
    public void setFor(long dueMillis) {
        if (armed != null && armedForMillis == dueMillis) {
            return;
        }
        if (armed != null) {
            armed.cancel();
            armed = null;
        }
        armedForMillis = dueMillis;
        if (dueMillis != NEVER) {
            armed = scheduler.schedule(this::fire, Math.max(0, dueMillis - clock.millis()));
        }
    }

    /** The time the task is armed for, or {@link #NEVER}. Scheduler's thread. */
    public long armedForMillis() {
        return armed == null ? NEVER : armedForMillis;
    }

    /** Runs the task as soon as the scheduler's thread gets to it; the armed run stays armed. Any thread. */
    public void ringNow() {
        scheduler.execute(task);
    }

    private void fire() {
        armed = null;
        armedForMillis = NEVER;
        task.run();
    }
}
