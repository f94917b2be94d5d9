package io.apogee.common.agent;

/**
 * Runs tasks later, once or periodically, on the scheduler's one thread, timed by an injected clock. Production runs
 * a {@link SchedulerAgent} on an {@link AgentRunner}; a test drives the same agent by advancing a manual clock and
 * calling {@link SchedulerAgent#doWork()}, with no thread and no sleep.
 *
 * <p>Thread-safe: tasks may be scheduled and cancelled from any thread; they all run on the scheduler's thread, one
 * at a time, so a task must not block for long.
 */
public interface Scheduler {
    /** Runs {@code task} once, {@code delayMillis} from now. */
    ScheduledTask schedule(Runnable task, long delayMillis);

    /**
     * Runs {@code task} {@code initialDelayMillis} from now and then every {@code periodMillis}. A run that overruns
     * its period delays the next one rather than causing a burst. An exception from a run is reported and the task
     * stays scheduled.
     */
    ScheduledTask repeat(Runnable task, long initialDelayMillis, long periodMillis);

    /** Runs {@code task} as soon as the scheduler's thread gets to it. */
    default ScheduledTask execute(Runnable task) {
        return schedule(task, 0);
    }
}
