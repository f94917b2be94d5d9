package io.apogee.broker.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.detour.CopyAppend;
import io.apogee.broker.detour.MessageCopy;
import io.apogee.broker.metadata.BrokerMetadata;
import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.metadata.MetadataFiles;
import io.apogee.common.agent.BackoffIdleStrategy;
import io.apogee.common.agent.DistinctErrorLog;
import io.apogee.common.agent.SchedulerAgent;
import io.apogee.common.time.ManualClock;
import io.apogee.common.time.SystemClock;
import io.apogee.store.MessageStore;
import io.apogee.store.StoreConfig;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.commitlog.FlushMode;
import io.apogee.store.file.NioFileIo;
import io.apogee.testsupport.Await;
import io.apogee.wire.message.HostAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The schedule service on a scheduler driven by a manual clock over a real store: it sleeps until a level's first
 * message is due and moves it to its real topic then, not before; a level read to its end waits for an arrival, which
 * wakes the service, so a message due sooner on another level is delivered first.
 */
class ScheduleServiceTest {
    private static final HostAddress HOST = HostAddress.of(new byte[] {127, 0, 0, 1}, 10911);
    private static final DelayLevels LEVELS = DelayLevels.parse("1s 5s");
    private static final String TOPIC = "DelayedTopic";

    @TempDir
    Path dir;

    private MessageStore store;
    private ConsumerOffsetTable offsets;

    @AfterEach
    void closeStore() {
        if (store != null) {
            store.close();
        }
    }

    @Test
    void aDelayedMessageMovesOnTheWalkAtItsTimeAndTheServiceSleepsUntilThen() throws Exception {
        openStore();
        ScheduleTopic schedule = new ScheduleTopic(LEVELS, HOST);
        // the store stamps with the system clock: the manual clock starts no later than the store time
        ManualClock clock = new ManualClock(SystemClock.INSTANCE.millis());
        long start = clock.millis();
        park(schedule, MessageCopy.to(TOPIC, 0), "late", clock, 1);
        awaitUnit(ScheduleTopic.NAME, 0);

        SchedulerAgent scheduler = scheduler(clock);
        new ScheduleService(store, offsets, schedule, clock).start(scheduler);
        runDue(scheduler);
        long sleep = TimeUnit.NANOSECONDS.toMillis(scheduler.nanosToNextTask());
        // due at the store time plus a second: a little later than start plus a second
        assertThat(start + sleep).as("asleep until the message is due").isBetween(start + LEVELS.millis(1),
            start + LEVELS.millis(1) + 5_000);
        clock.advanceMillis(sleep - 1);
        runDue(scheduler);
        assertThat(progress(0)).as("parked a millisecond before its time").isLessThan(1);
        clock.advanceMillis(1);
        runDue(scheduler);
        assertThat(progress(0)).isEqualTo(1);
        awaitUnit(TOPIC, 0);
        assertThat(store.maxOffset(TOPIC, 0)).isEqualTo(1);
        assertThat(scheduler.nanosToNextTask()).as("every level read to its end: asleep until an arrival")
            .isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void aMessageDueEarlierOnAnotherLevelWakesTheServiceAndIsDeliveredFirst() throws Exception {
        openStore();
        ScheduleTopic schedule = new ScheduleTopic(LEVELS, HOST);
        ManualClock clock = new ManualClock(SystemClock.INSTANCE.millis());
        SchedulerAgent scheduler = scheduler(clock);
        new ScheduleService(store, offsets, schedule, clock).start(scheduler);
        runDue(scheduler);
        assertThat(scheduler.nanosToNextTask()).as("nothing parked: asleep").isEqualTo(Long.MAX_VALUE);

        park(schedule, MessageCopy.to(TOPIC, 0), "in-5s", clock, 2);
        Await.until("the level-2 arrival wakes the service", Duration.ofSeconds(10), () -> scheduler.nanosToNextTask() == 0);
        runDue(scheduler);
        long later = TimeUnit.NANOSECONDS.toMillis(scheduler.nanosToNextTask());
        assertThat(later).as("asleep until the 5 s level's message").isGreaterThan(LEVELS.millis(1));
        park(schedule, MessageCopy.to(TOPIC, 0), "in-1s", clock, 1);
        Await.until("the level-1 arrival wakes the service", Duration.ofSeconds(10), () -> scheduler.nanosToNextTask() == 0);
        runDue(scheduler);
        long sleep = TimeUnit.NANOSECONDS.toMillis(scheduler.nanosToNextTask());
        assertThat(sleep).as("asleep until the earlier message only").isLessThan(later - 1_000);
        clock.advanceMillis(sleep);
        runDue(scheduler);
        awaitUnit(TOPIC, 0);
        assertThat(progress(0)).isEqualTo(1);
        assertThat(progress(1)).as("the 5 s level's message still waits").isLessThan(1);
    }

    @Test
    void aParkedMessageThatCanNeverBeDeliveredDoesNotHoldBackItsLevel() throws Exception {
        openStore();
        ScheduleTopic schedule = new ScheduleTopic(LEVELS, HOST);
        ManualClock clock = new ManualClock(SystemClock.INSTANCE.millis());
        // parked as an older store, or a client sending to the schedule topic, could have left them
        park(schedule, MessageCopy.to("x/y", 0), "illegal-topic", clock);
        park(schedule, MessageCopy.to(TOPIC, 70_000), "queue-out-of-range", clock);
        park(schedule, MessageCopy.to("RMQ_SYS_TRANS_HALF_TOPIC", 0), "system-topic", clock);
        park(schedule, MessageCopy.to(TOPIC, 0), "good", clock);
        awaitUnit(ScheduleTopic.NAME, 3);

        ScheduleService service = new ScheduleService(store, offsets, schedule, clock);
        clock.advanceMillis(LEVELS.millis(2) + 1_000);
        service.deliverDue(0);
        awaitUnit(TOPIC, 0);
        assertThat(store.maxOffset(TOPIC, 0)).isEqualTo(1);
        assertThat(progress()).isEqualTo(4);
        assertThat(service.skipped()).isEqualTo(3);

        park(schedule, MessageCopy.to(TOPIC, 70_000), "poison-after-restart", clock);
        park(schedule, MessageCopy.to(TOPIC, 0), "good-after-restart", clock);
        awaitUnit(ScheduleTopic.NAME, 5);
        clock.advanceMillis(LEVELS.millis(2));
        ScheduleService restarted = new ScheduleService(store, offsets, schedule, clock);
        restarted.deliverDue(0);
        awaitUnit(TOPIC, 1);
        assertThat(store.maxOffset(TOPIC, 0)).isEqualTo(2);
        assertThat(progress()).isEqualTo(6);
        assertThat(restarted.skipped()).isEqualTo(1);
    }

    private void park(ScheduleTopic schedule, MessageCopy message, String body, ManualClock clock) throws Exception {
        park(schedule, message, body, clock, 1);
    }

    private void park(ScheduleTopic schedule, MessageCopy message, String body, ManualClock clock, int level)
        throws Exception {
        CopyAppend park = schedule.park(message.born(clock.millis(), HOST).body(body.getBytes(StandardCharsets.UTF_8)),
            level);
        assertThat(park.submitTo(store)).isEqualTo(AppendStatus.ACCEPTED);
        assertThat(park.awaitWritten(10)).isTrue();
    }

    private long progress() {
        return progress(0);
    }

    private long progress(int queueId) {
        return offsets.offset(ScheduleService.OFFSET_GROUP, ScheduleTopic.NAME, queueId);
    }

    private static SchedulerAgent scheduler(ManualClock clock) {
        return new SchedulerAgent("schedule", clock, (role, error) -> {
            throw new AssertionError(error);
        });
    }

    /** Runs the scheduler until nothing is due now. */
    private static void runDue(SchedulerAgent scheduler) {
        while (scheduler.nanosToNextTask() == 0) {
            scheduler.doWork();
        }
    }

    private void openStore() {
        DistinctErrorLog errors = new DistinctErrorLog(SystemClock.INSTANCE, 16, (role, error) -> error.printStackTrace());
        store = MessageStore.open(StoreConfig.defaults(dir, FlushMode.ASYNC).withSmallFiles(1 << 20, 1024),
            new NioFileIo(), SystemClock.INSTANCE, errors, ScheduleTopic.tagsCodeRule(LEVELS));
        store.start(() -> new BackoffIdleStrategy(20, 2, 1_000, 1_000_000));
        offsets = BrokerMetadata.open(MetadataFiles.of(store)).offsets();
    }

    /** Waits, without polling, until the store has dispatched the unit at {@code offset} of {@code topic}'s queue 0. */
    private void awaitUnit(String topic, long offset) throws InterruptedException {
        CountDownLatch arrived = new CountDownLatch(1);
        if (store.awaitArrival(topic, 0, offset, (name, queueId, maxOffset) -> arrived.countDown())) {
            assertThat(arrived.await(10, TimeUnit.SECONDS)).as("%s unit %d dispatched", topic, offset).isTrue();
        }
    }
}
