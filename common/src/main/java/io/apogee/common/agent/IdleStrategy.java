package io.apogee.common.agent;

/**
 * How an agent's thread waits after a duty cycle: {@link #idle(int)} is called with the work count of each cycle
 * and waits only when it was 0.
 *
 * <p>Single-threaded: an instance belongs to one runner thread; strategies with state must not be shared.
 */
public interface IdleStrategy {
    /** Waits according to the strategy if {@code workCount} is 0, and resets it otherwise. */
    default void idle(int workCount) {
        if (workCount > 0) {
            reset();
        } else {
            idle();
        }
    }

    /** Waits once, one step further along the strategy. */
    void idle();

    /** Returns to the strategy's first, most eager step. */
    void reset();
}
