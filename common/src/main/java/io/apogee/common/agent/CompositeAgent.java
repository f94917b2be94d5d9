package io.apogee.common.agent;

import java.util.List;

/**
 * Runs several agents on one thread, one duty cycle of each per {@link #doWork()}, for machines with fewer cores
 * than agents. Its next work is the soonest of its members' (a member that cannot tell is asked again within
 * {@value #POLL_NANOS} ns), so the thread sleeps with a {@link SleepingIdleStrategy} when all of them can wait.
 *
 * <p>Single-threaded, like every agent: all members are driven by the thread that drives this one.
 */
public final class CompositeAgent implements SleepingAgent {
    /** How soon a member that is not a {@link SleepingAgent} is cycled again when the others sleep. */
    static final long POLL_NANOS = 1_000_000;

    private final Agent[] agents;
    private final String roleName;

    /** Groups {@code agents}, run in the order given. */
    public CompositeAgent(List<? extends Agent> agents) {
        if (agents.isEmpty()) {
            throw new IllegalArgumentException("no agents");
        }
        this.agents = agents.toArray(new Agent[0]);
        StringBuilder name = new StringBuilder();
        for (Agent agent : this.agents) {
            name.append(name.isEmpty() ? "" : "+").append(agent.roleName());
        }
        this.roleName = name.toString();
    }

    @Override
    public void onStart() {
        for (Agent agent : agents) {
            agent.onStart();
        }
    }

    @Override
    public int doWork() throws Exception {
        int work = 0;
        for (Agent agent : agents) {
            work += agent.doWork();
        }
        return work;
    }

    @Override
    public long nanosToNextWork() {
        long next = NO_DEADLINE;
        for (Agent agent : agents) {
            long wait = agent instanceof SleepingAgent sleeping ? sleeping.nanosToNextWork() : POLL_NANOS;
            if (wait <= 0) {
                return 0;
            }
            next = Math.min(next, wait);
        }
        return next;
    }

    @Override
    public void onClose() {
        for (Agent agent : agents) {
            agent.onClose();
        }
    }

    @Override
    public String roleName() {
        return roleName;
    }
}
