package io.apogee.common.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.time.ManualClock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SchedulerAgentTest {
    private final ManualClock clock = new ManualClock(1_000);
    private final List<Throwable> errors = new ArrayList<>();
    private final SchedulerAgent scheduler = new SchedulerAgent("test-scheduler", clock, (role, error) -> errors.add(error));
    private final List<String> ran = new ArrayList<>();

    @Test
    void oneShotRunsOnceWhenDue() {
        scheduler.schedule(() -> ran.add("a"), 10);
        assertThat(scheduler.doWork()).isEqualTo(1); // taken in only
        assertThat(ran).isEmpty();
        clock.advanceMillis(9);
        assertThat(scheduler.doWork()).isZero();
        clock.advance(999_999, TimeUnit.NANOSECONDS);
        assertThat(scheduler.doWork()).isZero();
        clock.advance(1, TimeUnit.NANOSECONDS);
        assertThat(scheduler.doWork()).isEqualTo(1);
        assertThat(ran).containsExactly("a");
        clock.advanceMillis(100);
        assertThat(scheduler.doWork()).isZero();
        assertThat(scheduler.pending()).isZero();
    }

    @Test
    void dueTasksRunByDeadlineThenBySchedulingOrder() {
        scheduler.schedule(() -> ran.add("late"), 20);
        scheduler.schedule(() -> ran.add("first"), 5);
        scheduler.schedule(() -> ran.add("second"), 5);
        scheduler.execute(() -> ran.add("now"));
        clock.advanceMillis(30);
        scheduler.doWork();
        assertThat(ran).containsExactly("now", "first", "second", "late");
    }

    @Test
    void repeatingTaskKeepsItsPeriodAndSkipsMissedRuns() {
        scheduler.repeat(() -> ran.add("tick"), 10, 10);
        scheduler.doWork();
        for (int i = 0; i < 3; i++) {
            clock.advanceMillis(10);
            scheduler.doWork();
        }
        assertThat(ran).hasSize(3);
        clock.advanceMillis(55); // five periods missed: one run, not a burst
        scheduler.doWork();
        assertThat(ran).hasSize(4);
        clock.advanceMillis(9);
        scheduler.doWork();
        assertThat(ran).hasSize(4);
        clock.advanceMillis(1);
        scheduler.doWork();
        assertThat(ran).hasSize(5);
    }

    @Test
    void aPeriodicTaskThatThrewAnErrorIsReportedAndRunsAgain() {
        StackOverflowError overflow = new StackOverflowError("deep");
        scheduler.repeat(() -> {
            ran.add("tick");
            if (ran.size() == 1) {
                throw overflow;
            }
        }, 10, 10);
        scheduler.doWork();
        clock.advanceMillis(10);
        assertThat(scheduler.doWork()).isEqualTo(1);
        assertThat(errors).containsExactly(overflow);
        clock.advanceMillis(10);
        scheduler.doWork();
        assertThat(ran).as("still scheduled after the Error").hasSize(2);
        assertThat(scheduler.pending()).isEqualTo(1);
    }

    @Test
    void cancelledTaskNeverRunsAndLeavesAtOnce() {
        ScheduledTask held = scheduler.schedule(() -> ran.add("held"), 30_000);
        scheduler.doWork();
        assertThat(scheduler.pending()).isEqualTo(1);
        assertThat(held.cancel()).isTrue();
        assertThat(held.cancel()).isFalse();
        scheduler.doWork();
        assertThat(scheduler.pending()).isZero();
        clock.advanceMillis(30_000);
        scheduler.doWork();
        assertThat(ran).isEmpty();
    }

    @Test
    void cancellingBeforeTakenInAndFromInsideARun() {
        scheduler.schedule(() -> ran.add("never"), 0).cancel();
        ScheduledTask[] self = new ScheduledTask[1];
        self[0] = scheduler.repeat(() -> {
            ran.add("once");
            self[0].cancel();
        }, 0, 5);
        scheduler.doWork();
        clock.advanceMillis(50);
        scheduler.doWork();
        assertThat(ran).containsExactly("once");
        assertThat(scheduler.pending()).isZero();
    }

    @Test
    void failingTaskIsReportedAndKeepsRepeating() {
        scheduler.repeat(() -> {
            ran.add("try");
            throw new IllegalStateException("boom");
        }, 0, 1);
        scheduler.doWork();
        clock.advanceMillis(1);
        scheduler.doWork();
        assertThat(ran).hasSize(2);
        assertThat(errors).hasSize(2).allMatch(error -> error.getMessage().equals("boom"));
    }

    @Test
    void boundedRunsPerCycle() {
        for (int i = 0; i < SchedulerAgent.MAX_RUNS_PER_CYCLE + 6; i++) {
            scheduler.execute(() -> ran.add("x"));
        }
        scheduler.doWork();
        assertThat(ran).hasSize(SchedulerAgent.MAX_RUNS_PER_CYCLE);
        scheduler.doWork();
        assertThat(ran).hasSize(SchedulerAgent.MAX_RUNS_PER_CYCLE + 6);
    }

    @Test
    void taskScheduledByATaskRunsOnALaterCycle() {
        scheduler.execute(() -> scheduler.execute(() -> ran.add("inner")));
        scheduler.doWork();
        assertThat(ran).isEmpty();
        scheduler.doWork();
        assertThat(ran).containsExactly("inner");
    }

    @Test
    void nanosToNextTaskGuidesTheIdleWait() {
        assertThat(scheduler.nanosToNextTask()).isEqualTo(Long.MAX_VALUE);
        scheduler.schedule(() -> ran.add("a"), 7);
        assertThat(scheduler.nanosToNextTask()).isZero(); // not taken in yet
        scheduler.doWork();
        assertThat(scheduler.nanosToNextTask()).isEqualTo(TimeUnit.MILLISECONDS.toNanos(7));
        clock.advanceMillis(3);
        assertThat(scheduler.nanosToNextTask()).isEqualTo(TimeUnit.MILLISECONDS.toNanos(4));
    }

    @Test
    void closedSchedulerDropsEverything() {
        scheduler.repeat(() -> ran.add("tick"), 0, 1);
        scheduler.doWork();
        scheduler.onClose();
        assertThat(scheduler.pending()).isZero();
        ScheduledTask late = scheduler.execute(() -> ran.add("late"));
        assertThat(late.isCancelled()).isTrue();
        clock.advanceMillis(10);
        scheduler.doWork();
        assertThat(ran).containsExactly("tick");
    }

    @Test
    void runsOnAnAgentRunnerWithTheDeadlineIdleStrategy() throws Exception {
        SchedulerAgent real = new SchedulerAgent("real-scheduler", io.apogee.common.time.SystemClock.INSTANCE,
            (role, error) -> errors.add(error));
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        AgentRunner runner = new AgentRunner(real, new DeadlineIdleStrategy(real, TimeUnit.SECONDS.toNanos(1)),
            (role, error) -> errors.add(error));
        runner.start();
        try {
            // parked for up to a second with nothing due: the scheduling wakes it
            real.schedule(done::countDown, 1);
            assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        } finally {
            runner.close();
        }
        assertThat(runner.hasStopped()).isTrue();
        assertThat(errors).isEmpty();
    }
}
