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
import io.apogee.wire.message.HostAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The schedule service on a scheduler driven by a manual clock over a real store: a delayed message stays parked
 * through every walk before its level's delay has passed and moves to its real topic on the first walk after.
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
    void aDelayedMessageMovesOnTheFirstWalkAfterItsDelay() throws Exception {
        openStore();
        ScheduleTopic schedule = new ScheduleTopic(LEVELS, HOST);
        // the store stamps with the system clock: the manual clock starts no later than the store time
        ManualClock clock = new ManualClock(SystemClock.INSTANCE.millis());
        long start = clock.millis();
        CopyAppend park = schedule.park(MessageCopy.to(TOPIC, 0).born(start, HOST)
            .body("late".getBytes(StandardCharsets.UTF_8)), 1);
        assertThat(park.submitTo(store)).isEqualTo(AppendStatus.ACCEPTED);
        assertThat(park.awaitWritten(10)).isTrue();
        awaitUnit(ScheduleTopic.NAME, 0);

        SchedulerAgent scheduler = new SchedulerAgent("schedule", clock, (role, error) -> {
            throw new AssertionError(error);
        });
        new ScheduleService(store, offsets, schedule, clock).start(scheduler);
        assertThat(scheduler.doWork()).as("taken in; the first walk is a tick away").isEqualTo(1);
        long walks = 0;
        while (clock.millis() < start + LEVELS.millis(1) - ScheduleService.TICK_MILLIS) {
            clock.advanceMillis(ScheduleService.TICK_MILLIS);
            walks += scheduler.doWork();
            assertThat(progress()).as("parked at %d ms", clock.millis() - start).isLessThan(1);
        }
        assertThat(walks).isEqualTo(LEVELS.millis(1) / ScheduleService.TICK_MILLIS - 1);
        // due at the store time plus a second: a little later than start plus a second
        for (int tick = 0; tick < 100 && progress() < 1; tick++) {
            clock.advanceMillis(ScheduleService.TICK_MILLIS);
            assertThat(scheduler.doWork()).isEqualTo(1);
        }
        assertThat(progress()).isEqualTo(1);
        awaitUnit(TOPIC, 0);
        assertThat(store.maxOffset(TOPIC, 0)).isEqualTo(1);
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
        CopyAppend park = schedule.park(message.born(clock.millis(), HOST).body(body.getBytes(StandardCharsets.UTF_8)), 1);
        assertThat(park.submitTo(store)).isEqualTo(AppendStatus.ACCEPTED);
        assertThat(park.awaitWritten(10)).isTrue();
    }

    private long progress() {
        return offsets.offset(ScheduleService.OFFSET_GROUP, ScheduleTopic.NAME, 0);
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
