package io.apogee.broker.timer;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.timer.TimerStore.StoredMessage;
import io.apogee.common.agent.SchedulerAgent;
import io.apogee.common.time.ManualClock;
import io.apogee.testsupport.Await;
import io.apogee.wire.message.PropertyNames;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The timer service driven tick by tick with a manual clock over a real store: each message is delivered at its time
 * and not before, in time order, with RocketMQ's properties; on a scheduler it sleeps until its earliest message, and a
 * new unit wakes it; a restart after a checkpoint neither loses nor repeats a delivery, a crash before one repeats but
 * does not lose; and with little memory every message still comes on time.
 */
class TimerServiceTest {
    private static final long START = 1_800_000_000_000L;
    private static final String TOPIC = "TimedTopic";
    /** How far the clock moves between the ticks a test runs itself. */
    private static final long STEP_MILLIS = 10;

    @TempDir
    Path dir;

    @Test
    void eachMessageIsDeliveredAtItsTimeInTimeOrder() throws Exception {
        ManualClock clock = new ManualClock(START);
        try (TimerStore timers = new TimerStore(dir)) {
            timers.park(TOPIC, "at+5s", START + 5_000);
            timers.park(TOPIC, "at+1s", START + 1_000);
            timers.park(TOPIC, "in-the-past", START - 1_000);
            timers.park(TOPIC, "at+3s", START + 3_000);
            timers.park(TOPIC, "beyond-the-window", START + 2 * TimerService.WINDOW_MILLIS + 500);
            TimerService service = new TimerService(timers.store, timers.timers, clock, TimerService.DEFAULT_CAPACITY);

            service.tick();
            timers.awaitDispatch(TOPIC, 1);
            assertThat(timers.bodies(TOPIC)).containsExactly("in-the-past");
            clock.advanceMillis(1_000);
            service.tick();
            assertThat(timers.bodies(TOPIC)).as("at its millisecond, which may not be whole yet")
                .containsExactly("in-the-past");
            clock.advanceMillis(1);
            service.tick();
            timers.awaitDispatch(TOPIC, 2);
            assertThat(timers.bodies(TOPIC)).containsExactly("in-the-past", "at+1s");
            long beyond = START + 2 * TimerService.WINDOW_MILLIS + 500;
            while (clock.millis() < beyond - STEP_MILLIS) {
                clock.advanceMillis(STEP_MILLIS);
                service.tick();
            }
            timers.awaitDispatch(TOPIC, 4);
            assertThat(timers.bodies(TOPIC)).containsExactly("in-the-past", "at+1s", "at+3s", "at+5s");
            clock.advanceMillis(STEP_MILLIS);
            service.tick();
            timers.awaitDispatch(TOPIC, 5);
            assertThat(timers.bodies(TOPIC)).containsExactly("in-the-past", "at+1s", "at+3s", "at+5s", "beyond-the-window");
            assertThat(service.loaded()).isZero();

            StoredMessage first = timers.delivered(TOPIC).get(1);
            assertThat(first.topic()).isEqualTo(TOPIC);
            assertThat(first.properties()).doesNotContainKeys(PropertyNames.REAL_TOPIC, PropertyNames.REAL_QUEUE_ID)
                .containsEntry(PropertyNames.TIMER_OUT_MS, Long.toString(START + 1_000))
                .containsEntry(PropertyNames.TIMER_DEQUEUE_MS, Long.toString(START + 1_001))
                .containsEntry(PropertyNames.KEYS, "at+1s")
                .containsKey(PropertyNames.TIMER_ENQUEUE_MS);
        }
    }

    @Test
    void startedOnASchedulerItSleepsUntilItsEarliestMessageAndAnEarlierOneWakesIt() throws Exception {
        ManualClock clock = new ManualClock(START);
        SchedulerAgent scheduler = new SchedulerAgent("timer", clock, (role, error) -> {
            throw new AssertionError(error);
        });
        try (TimerStore timers = new TimerStore(dir)) {
            timers.park(TOPIC, "at+5s", START + 5_000);
            new TimerService(timers.store, timers.timers, clock, TimerService.DEFAULT_CAPACITY).start(scheduler);
            assertThat(scheduler.nanosToNextTask()).as("the first tick runs at once").isZero();
            runDue(scheduler);
            // the status report of the first tick is followed by one that shows the rates back at zero
            assertThat(scheduler.nanosToNextTask()).isEqualTo(TimeUnit.MILLISECONDS.toNanos(1_000));
            clock.advanceMillis(1_000);
            runDue(scheduler);
            clock.advanceMillis(1_000);
            assertThat(scheduler.nanosToNextTask()).as("asleep until the message's millisecond has passed")
                .isEqualTo(TimeUnit.MILLISECONDS.toNanos(3_001));

            timers.park(TOPIC, "at+2.5s", START + 2_500);
            Await.until("the new unit wakes the service", Duration.ofSeconds(10), () -> scheduler.nanosToNextTask() == 0);
            runDue(scheduler);
            assertThat(scheduler.nanosToNextTask()).as("asleep until the earlier message")
                .isEqualTo(TimeUnit.MILLISECONDS.toNanos(501));
            clock.advanceMillis(500);
            assertThat(scheduler.nanosToNextTask()).isPositive();
            assertThat(timers.bodies(TOPIC)).isEmpty();
            clock.advanceMillis(1);
            runDue(scheduler);
            timers.awaitDispatch(TOPIC, 1);
            assertThat(timers.bodies(TOPIC)).containsExactly("at+2.5s");
            clock.advanceMillis(2_500);
            runDue(scheduler);
            timers.awaitDispatch(TOPIC, 2);
            assertThat(timers.bodies(TOPIC)).containsExactly("at+2.5s", "at+5s");
        }
    }

    @Test
    void withNothingLoadedItWakesOnlyToMoveItsWindow() throws Exception {
        ManualClock clock = new ManualClock(START);
        SchedulerAgent scheduler = new SchedulerAgent("timer", clock, (role, error) -> {
            throw new AssertionError(error);
        });
        try (TimerStore timers = new TimerStore(dir)) {
            new TimerService(timers.store, timers.timers, clock, TimerService.DEFAULT_CAPACITY).start(scheduler);
            runDue(scheduler);
            assertThat(scheduler.nanosToNextTask()).as("half a window, then the window moves")
                .isEqualTo(TimeUnit.MILLISECONDS.toNanos(TimerService.WINDOW_MILLIS / 2 + 1));
        }
    }

    /** Runs the scheduler until nothing is due now. */
    private static void runDue(SchedulerAgent scheduler) {
        while (scheduler.nanosToNextTask() == 0) {
            scheduler.doWork();
        }
    }

    @Test
    void aRestartAfterACheckpointNeitherLosesNorRepeats() throws Exception {
        ManualClock clock = new ManualClock(START);
        try (TimerStore timers = new TimerStore(dir)) {
            timers.park(TOPIC, "soon", START + 1_000);
            timers.park(TOPIC, "later", START + 2_000);
            timers.park(TOPIC, "much-later", START + 90_000);
            TimerService before = new TimerService(timers.store, timers.timers, clock, TimerService.DEFAULT_CAPACITY);
            clock.advanceMillis(1_500);
            before.tick();
            before.close();
            timers.awaitDispatch(TOPIC, 1);
            assertThat(timers.bodies(TOPIC)).containsExactly("soon");

            clock.advanceMillis(100_000); // down for a while: both are overdue when it comes back
            TimerService after = new TimerService(timers.store, timers.timers, clock, TimerService.DEFAULT_CAPACITY);
            after.tick();
            after.tick();
            timers.awaitDispatch(TOPIC, 3);
            assertThat(timers.bodies(TOPIC)).containsExactly("soon", "later", "much-later");
        }
    }

    @Test
    void aCrashBeforeTheNextCheckpointRepeatsButLosesNothing() throws Exception {
        ManualClock clock = new ManualClock(START);
        try (TimerStore timers = new TimerStore(dir)) {
            timers.park(TOPIC, "first", START + 100);
            TimerService crashed = new TimerService(timers.store, timers.timers, clock, TimerService.DEFAULT_CAPACITY);
            crashed.tick(); // checkpoints at once: "first" seen, nothing delivered yet
            timers.park(TOPIC, "second", START + 200);
            clock.advanceMillis(300);
            crashed.tick(); // delivers both; too soon after the last checkpoint to write another
            timers.awaitDispatch(TOPIC, 2);
            assertThat(timers.bodies(TOPIC)).containsExactly("first", "second");

            TimerService restarted = new TimerService(timers.store, timers.timers, clock, TimerService.DEFAULT_CAPACITY);
            restarted.tick();
            timers.awaitDispatch(TOPIC, 4);
            assertThat(timers.bodies(TOPIC)).containsExactly("first", "second", "first", "second");
        }
    }

    @Test
    void aMessageTheStoreRefusesIsSkippedAndTheNextStillComesAlsoAfterARestart() throws Exception {
        ManualClock clock = new ManualClock(START);
        try (TimerStore timers = new TimerStore(dir)) {
            // parked as an older store or a client writing to the timer topic could have left them
            timers.park("x/y", "illegal-topic", START + 1_000);
            timers.park(TOPIC, 70_000, "queue-out-of-range", START + 1_000);
            timers.park("SCHEDULE_TOPIC_XXXX", "system-topic", START + 1_000);
            timers.park(TOPIC, "good", START + 1_001);
            TimerService service = new TimerService(timers.store, timers.timers, clock, TimerService.DEFAULT_CAPACITY);
            clock.advanceMillis(1_100);
            service.tick();
            timers.awaitDispatch(TOPIC, 1);
            assertThat(timers.bodies(TOPIC)).containsExactly("good");
            assertThat(service.skipped()).isEqualTo(3);
            service.close();

            timers.park(TOPIC, 70_000, "poison-after-restart", START + 2_000);
            timers.park(TOPIC, "good-after-restart", START + 2_001);
            TimerService restarted = new TimerService(timers.store, timers.timers, clock, TimerService.DEFAULT_CAPACITY);
            clock.advanceMillis(1_000);
            restarted.tick();
            timers.awaitDispatch(TOPIC, 2);
            assertThat(timers.bodies(TOPIC)).containsExactly("good", "good-after-restart");
            assertThat(restarted.skipped()).isEqualTo(1);
        }
    }

    @Test
    void withRoomForFourEveryMessageStillComesOnTime() throws Exception {
        ManualClock clock = new ManualClock(START);
        try (TimerStore timers = new TimerStore(dir)) {
            TimerService service = new TimerService(timers.store, timers.timers, clock, 4);
            service.tick();
            // delivered once its millisecond has passed, at most one tick after (each tick's clock is the dequeue time)
            // stored latest first: the earliest are read last, when memory is already full of later ones
            List<String> expected = new ArrayList<>();
            for (int second = 20; second >= 1; second--) {
                timers.park(TOPIC, "at+" + second + "s", START + second * 1_000L);
                expected.add(0, "at+" + second + "s");
            }
            while (clock.millis() < START + 21_000) {
                clock.advanceMillis(STEP_MILLIS);
                service.tick();
                assertThat(service.loaded()).isLessThanOrEqualTo(4);
            }
            timers.awaitDispatch(TOPIC, 20);
            List<StoredMessage> delivered = timers.delivered(TOPIC);
            assertThat(delivered).extracting(StoredMessage::body).containsExactlyElementsOf(expected);
            for (StoredMessage message : delivered) {
                long late = Long.parseLong(message.properties().get(PropertyNames.TIMER_DEQUEUE_MS))
                    - Long.parseLong(message.properties().get(PropertyNames.TIMER_OUT_MS));
                assertThat(late).as(message.body()).isBetween(1L, STEP_MILLIS);
            }
        }
    }
}
