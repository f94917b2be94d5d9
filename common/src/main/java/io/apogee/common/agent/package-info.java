/**
 * Long-lived threads as agents with a duty cycle: an {@link io.apogee.common.agent.Agent} does a bounded amount of
 * work per {@link io.apogee.common.agent.Agent#doWork()} and says how much, an
 * {@link io.apogee.common.agent.IdleStrategy} decides how to wait when there was none, and an
 * {@link io.apogee.common.agent.AgentRunner} owns the thread, counts errors and reports each distinct one once
 * through a {@link io.apogee.common.agent.DistinctErrorLog}. Periodic and delayed work goes through a
 * {@link io.apogee.common.agent.Scheduler}; its one implementation, the
 * {@link io.apogee.common.agent.SchedulerAgent}, is itself an agent timed by the injected clock. Tests skip the
 * runner and call {@code doWork()} themselves. Each agent is touched by the one thread that runs it; the runner, the
 * scheduler's entry points and the error log are safe for any thread.
 */
package io.apogee.common.agent;
