package io.apogee.common.agent;

import java.util.List;

/**
 * Runs several agents on one thread, one duty cycle of each per {@link #doWork()}, for machines with fewer cores
 * than agents.
 *
 * <p>Single-threaded, like every agent: all members are driven by the thread that drives this one.
 */
public final class CompositeAgent implements Agent {
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
