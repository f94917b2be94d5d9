package io.apogee.common.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.time.ManualClock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * An alarm on a scheduler driven by a manual clock: its task runs at the time last set and only then, a ring runs it at
 * once, and a task with nothing timed leaves nothing scheduled.
 */
class AlarmTest {
    private static final long START = 1_000;

    private final ManualClock clock = new ManualClock(START);
    private final SchedulerAgent scheduler = new SchedulerAgent("alarm", clock, (role, error) -> {
        throw new AssertionError(error);
    });
    private final List<Long> ranAt = new ArrayList<>();
    /** What the task sets the alarm for after each run, as its owner would from its next work. */
    private long next = Alarm.NEVER;
    private final Alarm alarm = new Alarm(scheduler, clock, () -> {
        ranAt.add(clock.millis());
        setNext();
    });

    private void setNext() {
        alarm.setFor(next);
    }

    @Test
    void theTaskRunsAtTheTimeSetAndNotBefore() {
        alarm.setFor(START + 50);
        runDue();
        assertThat(scheduler.nanosToNextTask()).isEqualTo(TimeUnit.MILLISECONDS.toNanos(50));
        clock.advanceMillis(49);
        runDue();
        assertThat(ranAt).isEmpty();
        clock.advanceMillis(1);
        runDue();
        assertThat(ranAt).containsExactly(START + 50);
        assertThat(scheduler.nanosToNextTask()).as("nothing timed: nothing scheduled").isEqualTo(Long.MAX_VALUE);
        assertThat(alarm.armedForMillis()).isEqualTo(Alarm.NEVER);
    }

    @Test
    void anEarlierTimeReplacesTheArmedRunAndTheSameTimeKeepsIt() {
        alarm.setFor(START + 500);
        alarm.setFor(START + 500);
        runDue();
        assertThat(scheduler.pending()).as("set twice for the same time: armed once").isEqualTo(1);
        alarm.setFor(START + 100);
        runDue();
        assertThat(scheduler.pending()).as("the later run was cancelled").isEqualTo(1);
        clock.advanceMillis(500);
        runDue();
        assertThat(ranAt).containsExactly(START + 500);
    }

    @Test
    void aRingRunsTheTaskAtOnceFromAnyThreadAndTheTaskSetsItsNextTime() throws InterruptedException {
        alarm.setFor(START + 10_000);
        runDue();
        next = START + 200;
        Thread other = Thread.ofPlatform().start(alarm::ringNow);
        other.join();
        assertThat(scheduler.nanosToNextTask()).isZero();
        runDue();
        assertThat(ranAt).containsExactly(START);
        assertThat(alarm.armedForMillis()).as("the task moved the alarm earlier").isEqualTo(START + 200);
        next = Alarm.NEVER;
        clock.advanceMillis(200);
        runDue();
        assertThat(ranAt).containsExactly(START, START + 200);
        clock.advanceMillis(10_000);
        runDue();
        assertThat(ranAt).as("the run first armed was replaced").hasSize(2);
        assertThat(scheduler.pending()).isZero();
    }

    @Test
    void aTimeAlreadyPastRunsAtOnce() {
        clock.advanceMillis(100);
        alarm.setFor(START);
        runDue();
        assertThat(ranAt).containsExactly(START + 100);
    }

    private void runDue() {
        while (scheduler.nanosToNextTask() == 0) {
            scheduler.doWork();
        }
    }
}
