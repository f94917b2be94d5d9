package io.apogee.common.agent;

import java.util.concurrent.locks.LockSupport;

/**
 * Spins a few idle cycles, then sleeps until the agent's next work: it announces the sleep on the agent's
 * {@link Doorbell}, asks the agent how long until its next work (which sees anything published before a ring), and
 * parks that long, or until rung. An idle agent with no timed work never wakes; one with timed work wakes when it
 * is due. {@link AgentRunner#stop()} unparks the thread.
 *
 * <p>Single-threaded: one instance per runner thread.
 */
public final class SleepingIdleStrategy implements IdleStrategy {
    private final SleepingAgent agent;
    private final Doorbell doorbell;
    private final int maxSpins;
    private int spins;

    /**
     * @param agent    the agent whose thread sleeps
     * @param doorbell rung by the agent's producers
     * @param maxSpins idle cycles spent spinning before sleeping (a send that follows at once is caught awake)
     */
    public SleepingIdleStrategy(SleepingAgent agent, Doorbell doorbell, int maxSpins) {
        if (maxSpins < 0) {
            throw new IllegalArgumentException("maxSpins must not be negative: " + maxSpins);
        }
        this.agent = agent;
        this.doorbell = doorbell;
        this.maxSpins = maxSpins;
    }

    @Override
    public void idle() {
        if (spins < maxSpins) {
            spins++;
            Thread.onSpinWait();
            return;
        }
        doorbell.announce();
        try {
            long wait = agent.nanosToNextWork();
            if (wait == SleepingAgent.NO_DEADLINE) {
                LockSupport.park(this);
            } else if (wait > 0) {
                doorbell.timed(wait);
                LockSupport.parkNanos(this, wait);
            }
        } finally {
            doorbell.clear();
        }
    }

    @Override
    public void reset() {
        spins = 0;
    }
}
