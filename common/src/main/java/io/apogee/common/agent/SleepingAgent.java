package io.apogee.common.agent;

/**
 * An agent that can tell when it next has work, so that its thread sleeps until then instead of polling, and is woken
 * by a {@link Doorbell} for work that others bring sooner.
 *
 * <p>Single-threaded, like every agent: {@link #nanosToNextWork()} is called by the agent's thread between cycles.
 */
public interface SleepingAgent extends Agent {
    /** What {@link #nanosToNextWork()} answers when only a producer's doorbell brings the next work. */
    long NO_DEADLINE = Long.MAX_VALUE;

    /**
     * 0 when work waits now; else the nanoseconds until timed work is due, or {@link #NO_DEADLINE}. It must read what
     * producers publish before they ring (volatile state), so that work published meanwhile is seen.
     */
    long nanosToNextWork();

    /** The nanoseconds from {@code nowMillis} until {@code dueMillis}: 0 once due. */
    static long nanosUntil(long dueMillis, long nowMillis) {
        long millis = dueMillis - nowMillis;
        return millis <= 0 ? 0 : Math.multiplyExact(millis, 1_000_000L);
    }
}
