package io.apogee.common.agent;

/**
 * Reported when an agent has not stopped within its runner's stop bound: its stack trace is the agent thread's stack
 * at that moment, so the one log line shows where it is stuck (a force on a dead disk, a callback that blocks).
 *
 * <p>Immutable once built; safe for any thread.
 */
public final class AgentStuckException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** {@code roleName}'s thread {@code stuck} still runs {@code waitedMillis} after it was asked to stop. */
    public AgentStuckException(String roleName, Thread stuck, long waitedMillis) {
        super(roleName + " has not stopped " + waitedMillis + " ms after it was asked to; its resources stay open");
        setStackTrace(stuck.getStackTrace());
    }
}
