package io.apogee.broker.schedule;

import io.apogee.broker.detour.ArrivalWatch;
import io.apogee.broker.detour.CopyAppend;
import io.apogee.broker.detour.Delivery;
import io.apogee.broker.detour.SkippedDeliveries;
import io.apogee.broker.metadata.ConsumerOffsetTable;
import io.apogee.broker.topic.Names;
import io.apogee.common.agent.Alarm;
import io.apogee.common.agent.Scheduler;
import io.apogee.common.time.Clock;
import io.apogee.store.MessageStore;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import io.apogee.wire.message.record.StoredRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers delayed messages when they are due: each walk goes through each level's schedule queue from that level's
 * offset, and for each message whose delivery time has passed appends it to its real topic and moves the level's
 * offset past it; the first message not yet due ends that level's walk (a level's messages are due in the order they
 * were stored). A message that can never be delivered is logged once, counted and skipped ({@link SkippedDeliveries});
 * one the store cannot take now ends the walk, to be tried again {@link #RETRY_MILLIS} later. The per-level offsets
 * are committed in the consumer-offset table as the reserved group {@link #OFFSET_GROUP}, which clients may not name
 * ({@link Names#groupProblem}); RocketMQ keeps them apart in {@code delayOffset.json}. So they are persisted with the
 * other offsets and survive a restart; after a crash a message may be delivered twice, never lost.
 *
 * <p>Between walks the service sleeps until the earliest time a level's first message is due. A level read to its
 * end waits for its next message ({@link ArrivalWatch}), which wakes the service at once; a message stored later on a
 * level is never due before the ones already there, so no other arrival needs a look. An idle broker's schedule
 * thread thus sleeps, and a message is delivered within about a millisecond of its time plus its append.
 *
 * <p>Runs on the thread of the {@link Scheduler} it is started on, which waits for each delivery's append; the
 * scheduler's owner stops it by closing the scheduler. A test drives the walks with a manual clock and the
 * scheduler's {@code doWork()}, or one level's walk through {@link #deliverDue}.
 */
public final class ScheduleService {
    /** The reserved group whose offsets in the schedule topic are the per-level progress. */
    public static final String OFFSET_GROUP = Names.SCHEDULE_PROGRESS_GROUP;
    /** How soon a level is walked again after its walk could not go on (a deferred append, a failure). */
    static final long RETRY_MILLIS = 10;
    private static final Logger LOG = LoggerFactory.getLogger(ScheduleService.class);
    private static final int BATCH = 32;
    private static final long BATCH_BYTES = 4L << 20;
    private static final long APPEND_WAIT_SECONDS = 10;

    private final MessageStore store;
    private final ScheduleTopic schedule;
    private final ConsumerOffsetTable offsets;
    private final Clock clock;
    private final ReadResult result = new ReadResult(BATCH);
    private final StoredRecord record = new StoredRecord();
    private final SkippedDeliveries skipped = new SkippedDeliveries("delayed delivery");
    private Alarm alarm;
    /** One per level, by queue id; empty until started. */
    private ArrivalWatch[] arrivals = new ArrivalWatch[0];

    /** A service moving due messages of {@code store}'s schedule topic, its progress committed in {@code offsets}. */
    public ScheduleService(MessageStore store, ConsumerOffsetTable offsets, ScheduleTopic schedule, Clock clock) {
        this.store = store;
        this.schedule = schedule;
        this.offsets = offsets;
        this.clock = clock;
    }

    /** Walks the levels on {@code scheduler}'s thread, now and then whenever a level's first message is due. */
    public ScheduleService start(Scheduler scheduler) {
        alarm = new Alarm(scheduler, clock, this::walk);
        arrivals = new ArrivalWatch[schedule.levels().count()];
        for (int queueId = 0; queueId < arrivals.length; queueId++) {
            arrivals[queueId] = new ArrivalWatch(store, ScheduleTopic.NAME, queueId, alarm::ringNow);
        }
        alarm.ringNow();
        return this;
    }

    /** Walks every level, then sets the alarm for the earliest time one of them has a message due. */
    private void walk() {
        long next = Alarm.NEVER;
        try {
            for (int queueId = 0; queueId < schedule.levels().count(); queueId++) {
                next = Math.min(next, deliverDue(queueId));
            }
        } catch (RuntimeException e) {
            LOG.warn("delivering delayed messages failed; retrying", e);
            next = clock.millis() + RETRY_MILLIS;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            next = clock.millis() + RETRY_MILLIS;
        }
        alarm.setFor(next);
    }

    /**
     * Delivers the due messages of one level's queue; returns when the level next has a message due: the time of
     * its first message not yet due, {@link Alarm#NEVER} when it waits for an arrival, or a retry's time.
     */
    long deliverDue(int queueId) throws InterruptedException {
        long offset = Math.max(0, offsets.offset(OFFSET_GROUP, ScheduleTopic.NAME, queueId));
        while (true) {
            ReadStatus status = store.read(ScheduleTopic.NAME, queueId, offset, BATCH, BATCH_BYTES, TagFilter.ANY, result);
            try {
                if (status != ReadStatus.FOUND) {
                    if (status == ReadStatus.OFFSET_TOO_SMALL || status == ReadStatus.MESSAGE_REMOVED) {
                        commit(queueId, result.nextOffset()); // retention removed them: skip to what is left
                        return clock.millis();
                    }
                    return awaitArrival(queueId, offset);
                }
                int count = result.count();
                for (int i = 0; i < count; i++) {
                    record.wrap(result.buffer(i), result.position(i));
                    long due = schedule.deliveryTime(record);
                    if (due > clock.millis()) {
                        return due;
                    }
                    if (!deliver(record, queueId, result.queueOffset(i))) {
                        return clock.millis() + RETRY_MILLIS;
                    }
                    offset = result.queueOffset(i) + 1;
                    commit(queueId, offset);
                }
                if (count < BATCH) {
                    return awaitArrival(queueId, offset);
                }
            } finally {
                result.release();
            }
        }
    }

    /** {@link Alarm#NEVER} once the level's watch waits for a message at {@code offset}; now when one came meanwhile. */
    private long awaitArrival(int queueId, long offset) {
        if (queueId >= arrivals.length || arrivals[queueId].watchFrom(offset)) {
            return Alarm.NEVER;
        }
        return clock.millis();
    }

    /**
     * Delivers one due message; whether the level may move past it. A message the store will never take (no valid real
     * topic or queue, too large) is skipped and counted, so that it cannot hold back the rest of its level.
     */
    private boolean deliver(StoredRecord parked, int queueId, long queueOffset) throws InterruptedException {
        CopyAppend append;
        try {
            append = schedule.deliver(parked);
        } catch (IllegalArgumentException doesNotFit) {
            skip(queueId, queueOffset, doesNotFit.getMessage());
            return true;
        }
        if (append == null) {
            skip(queueId, queueOffset, "no deliverable REAL_TOPIC and REAL_QID");
            return true;
        }
        Delivery delivery = append.storeAndWait(store, APPEND_WAIT_SECONDS);
        if (delivery == Delivery.REFUSED) {
            skip(queueId, queueOffset, "the store refused " + append.message().topic() + "-" + append.message().queueId());
        }
        return delivery != Delivery.DEFERRED;
    }

    private void skip(int queueId, long queueOffset, String reason) {
        skipped.skip("level " + (queueId + 1) + " offset " + queueOffset, reason);
    }

    /** How many due messages were skipped because they can never be delivered. Any thread. */
    public long skipped() {
        return skipped.count();
    }

    private void commit(int queueId, long offset) {
        offsets.commit(OFFSET_GROUP, ScheduleTopic.NAME, queueId, offset);
    }
}
