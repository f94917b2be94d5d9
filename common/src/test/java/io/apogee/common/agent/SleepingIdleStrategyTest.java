package io.apogee.common.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.time.SystemClock;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * An agent whose thread sleeps until it has work: with no work and no deadline it parks without a timeout (it does
 * not poll), and a producer's ring wakes it for new work; a scheduler parked until a far task is unparked by a task
 * due sooner, which runs at its deadline; a nudge wakes an agent whose timed sleep ends later than its batching
 * delay.
 */
class SleepingIdleStrategyTest {
    private static final long WAIT_SECONDS = 10;

    @Test
    void anAgentWithNoWorkParksUntilAProducerRingsAndThenDoesTheWork() throws InterruptedException {
        Doorbell doorbell = new Doorbell();
        QueueAgent agent = new QueueAgent();
        AgentRunner runner = new AgentRunner(agent, new SleepingIdleStrategy(agent, doorbell, 4), (role, error) -> { });
        Thread thread = runner.start();
        try {
            awaitParkedWithoutTimeout(thread, doorbell);
            long cyclesAsleep = agent.cycles.get();
            awaitParkedWithoutTimeout(thread, doorbell);
            assertThat(agent.cycles.get()).as("no polling while asleep").isEqualTo(cyclesAsleep);

            agent.work.add("first");
            doorbell.ring();
            assertThat(agent.done.await(WAIT_SECONDS, TimeUnit.SECONDS)).as("woken by the ring").isTrue();
            awaitParkedWithoutTimeout(thread, doorbell);
        } finally {
            assertThat(runner.stop()).isTrue();
        }
    }

    @Test
    void aRingWithoutASleeperCostsNothingAndLosesNoWork() throws InterruptedException {
        Doorbell doorbell = new Doorbell();
        doorbell.ring(); // nobody sleeps: nothing to unpark
        QueueAgent agent = new QueueAgent();
        agent.work.add("waiting before the start");
        AgentRunner runner = new AgentRunner(agent, new SleepingIdleStrategy(agent, doorbell, 0), (role, error) -> { });
        runner.start();
        try {
            assertThat(agent.done.await(WAIT_SECONDS, TimeUnit.SECONDS)).as("seen when it looked before sleeping").isTrue();
        } finally {
            assertThat(runner.stop()).isTrue();
        }
    }

    @Test
    void aSchedulerParkedUntilAFarTaskRunsASoonerTaskScheduledMeanwhileAtItsDeadline() throws InterruptedException {
        SchedulerAgent scheduler = new SchedulerAgent("sleeping-scheduler", SystemClock.INSTANCE, (role, error) -> { });
        AgentRunner runner = new AgentRunner(scheduler,
            new DeadlineIdleStrategy(scheduler, TimeUnit.MINUTES.toNanos(10)), (role, error) -> { });
        Thread thread = runner.start();
        try {
            scheduler.schedule(() -> { }, TimeUnit.MINUTES.toMillis(5));
            awaitTimedPark(thread);
            CountDownLatch ran = new CountDownLatch(1);
            AtomicLong ranAt = new AtomicLong();
            long scheduledAt = System.nanoTime();
            scheduler.schedule(() -> {
                ranAt.set(System.nanoTime());
                ran.countDown();
            }, 50);
            assertThat(ran.await(WAIT_SECONDS, TimeUnit.SECONDS)).as("unparked for the sooner task").isTrue();
            assertThat(ranAt.get() - scheduledAt).as("not before its deadline").isGreaterThanOrEqualTo(
                TimeUnit.MILLISECONDS.toNanos(50));
        } finally {
            assertThat(runner.stop()).isTrue();
        }
    }

    @Test
    void aNudgeWakesAnAgentWhoseTimedSleepEndsLaterThanItsBatchingDelay() throws InterruptedException {
        Doorbell doorbell = new Doorbell();
        QueueAgent agent = new QueueAgent();
        agent.deadlineNanos = TimeUnit.MINUTES.toNanos(10); // a far force, the only timed work
        AgentRunner runner = new AgentRunner(agent, new SleepingIdleStrategy(agent, doorbell, 0), (role, error) -> { });
        Thread thread = runner.start();
        try {
            awaitTimedPark(thread);
            agent.work.add("a batch");
            doorbell.ringUnlessWakingWithin(TimeUnit.MILLISECONDS.toNanos(10));
            assertThat(agent.done.await(WAIT_SECONDS, TimeUnit.SECONDS)).as("woken, not left for ten minutes").isTrue();
        } finally {
            assertThat(runner.stop()).isTrue();
        }
    }

    private static void awaitParkedWithoutTimeout(Thread thread, Doorbell doorbell) throws InterruptedException {
        awaitState(thread, Thread.State.WAITING);
        assertThat(doorbell.isSleeping()).isTrue();
    }

    private static void awaitTimedPark(Thread thread) throws InterruptedException {
        awaitState(thread, Thread.State.TIMED_WAITING);
    }

    private static void awaitState(Thread thread, Thread.State state) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (thread.getState() != state) {
            assertThat(System.nanoTime() - deadline).as("thread " + state).isNegative();
            Thread.onSpinWait();
        }
    }

    /** Takes strings from a queue; done once it took one. */
    private static final class QueueAgent implements SleepingAgent {
        final ConcurrentLinkedQueue<String> work = new ConcurrentLinkedQueue<>();
        final CountDownLatch done = new CountDownLatch(1);
        final AtomicLong cycles = new AtomicLong();
        volatile long deadlineNanos = NO_DEADLINE;

        @Override
        public int doWork() {
            cycles.incrementAndGet();
            if (work.poll() == null) {
                return 0;
            }
            done.countDown();
            return 1;
        }

        @Override
        public long nanosToNextWork() {
            return work.isEmpty() ? deadlineNanos : 0;
        }

        @Override
        public String roleName() {
            return "queue-agent";
        }
    }
}
