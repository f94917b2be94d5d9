package io.apogee.common.agent;

/**
 * A unit of work run in a duty cycle: {@link #doWork()} does a bounded amount of work and returns how much,
 * so that an {@link IdleStrategy} can back off when there was none.
 *
 * <p>Single-threaded: every method is called by the one thread that runs the agent (an {@link AgentRunner},
 * a {@link CompositeAgent}'s runner, or a test calling {@code doWork()} directly).
 */
public interface Agent {
    /** Called once on the agent's thread before the first {@link #doWork()}. */
    default void onStart() {
    }

    /**
     * Does a bounded amount of work.
     *
     * @return how much work was done; 0 lets the idle strategy wait
     * @throws Exception a bug or a broken resource; the runner reports it and keeps cycling
     */
    int doWork() throws Exception;

    /** Called once on the agent's thread after the last {@link #doWork()}. */
    default void onClose() {
    }

    /** A short name for the thread and for error reports. */
    String roleName();
}
