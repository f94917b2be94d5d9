package io.apogee.common.agent;

/**
 * Never gives up the core: spins with {@link Thread#onSpinWait()}. For the lowest latency on a dedicated core.
 *
 * <p>Stateless and safe for any thread.
 */
public final class BusySpinIdleStrategy implements IdleStrategy {
    @Override
    public void idle() {
        Thread.onSpinWait();
    }

    @Override
    public void reset() {
    }
}
