package io.apogee.common.agent;

/**
 * Gives the core to other runnable threads with {@link Thread#yield()} on every idle cycle.
 *
 * <p>Stateless and safe for any thread.
 */
public final class YieldingIdleStrategy implements IdleStrategy {
    @Override
    public void idle() {
        Thread.yield();
    }

    @Override
    public void reset() {
    }
}
