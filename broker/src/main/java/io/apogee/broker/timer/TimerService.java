package io.apogee.broker.timer;

import io.apogee.broker.detour.ArrivalWatch;
import io.apogee.broker.detour.CopyAppend;
import io.apogee.broker.detour.Delivery;
import io.apogee.broker.detour.SkippedDeliveries;
import io.apogee.common.agent.Alarm;
import io.apogee.common.agent.Scheduler;
import io.apogee.common.time.Clock;
import io.apogee.store.MessageStore;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import io.apogee.wire.message.record.StoredRecord;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers timer messages when they are due. The timer queue's units are the durable record of what waits (each holds
 * its delivery time, {@link TimerUnits}); in memory only the messages due within the next {@link #WINDOW_MILLIS} are
 * held ({@link PendingTimers}, at most {@code capacity} of them), so memory stays bounded however many wait. Each tick:
 * <ol>
 *   <li>when the loaded window ends less than half a window ahead, a pass over the units not known delivered loads
 *       those due within the next window (a shorter one if they would not fit);</li>
 *   <li>new units are read: those due within the loaded window are loaded, later ones wait for their window;</li>
 *   <li>due messages are appended to their real topics, a batch at a time, each leaving memory once written; one
 *       that can never be delivered is logged once, counted and skipped ({@link SkippedDeliveries});</li>
 *   <li>once nothing due is left, the progress is checkpointed ({@link TimerCheckpoint}) about once a second.</li>
 * </ol>
 * After a restart the checkpoint says which units were seen and up to when every seen message was delivered; what
 * came after is read and delivered again, so a crash may repeat a delivery but never loses one.
 *
 * <p>Between ticks the service sleeps until its next work ({@link #nextTickMillis}): the earliest loaded message's
 * time, the window's next move, a checkpoint or status report still owed. A new unit wakes it at once
 * ({@link ArrivalWatch}), since it may be due sooner than anything loaded. Only what cannot go on now (the store
 * defers an append, memory is full) is looked at again after {@link #RETRY_MILLIS}. An idle broker's timer thus
 * sleeps, and a message is delivered within about a millisecond of its time plus its append.
 *
 * <p>Runs on the thread of the {@link Scheduler} it is started on (or a test's, through {@link #tick()} or a
 * scheduler driven by a manual clock), which waits for each batch's appends. Its owner stops that scheduler, then
 * calls {@link #close()}, which writes the checkpoint.
 */
public final class TimerService implements AutoCloseable {
    /** How soon the service looks again at work that could not go on (a deferred append, memory full). */
    static final long RETRY_MILLIS = 10;
    /** How far ahead messages are loaded. */
    static final long WINDOW_MILLIS = 60_000;
    /** The most messages held in memory by default (16 bytes each). */
    public static final int DEFAULT_CAPACITY = 1 << 20;
    private static final Logger LOG = LoggerFactory.getLogger(TimerService.class);
    private static final int DELIVERY_BATCH = 64;
    private static final long PERSIST_INTERVAL_MILLIS = 1_000;
    private static final long REPORT_INTERVAL_MILLIS = 1_000;
    private static final long APPEND_WAIT_SECONDS = 10;
    private static final long READ_BYTES = 8L << 20;

    private final MessageStore store;
    private final TimerTopic timers;
    private final TimerUnits units;
    private final Clock clock;
    private final int capacity;
    private final PendingTimers pending = new PendingTimers();
    private final ReadResult result = new ReadResult(1);
    private final StoredRecord record = new StoredRecord();
    private final SkippedDeliveries skipped = new SkippedDeliveries("timer delivery");
    private final List<CopyAppend> batch = new ArrayList<>(DELIVERY_BATCH);
    private final long[] batchTimes = new long[DELIVERY_BATCH];
    private final long[] batchOffsets = new long[DELIVERY_BATCH];
    private long scanned;
    private long delivered;
    private long lowWater;
    private long loadedUpTo;
    /** The latest delivery time taken out of memory to be delivered. */
    private long latestTaken;
    private TimerCheckpoint persisted;
    private long persistedAt;
    private long enqueued;
    private long dequeued;
    private long reportedAt;
    private long enqueuedAtReport;
    private long dequeuedAtReport;
    /** The clock when the last tick began. */
    private long tickedAt;
    /** Whether the last tick left units unread (memory full). */
    private boolean unitsLeft;
    private Alarm alarm;
    private ArrivalWatch arrivals;
    private volatile TimerStatus status = TimerStatus.IDLE;
    /** The checkpoint last written, for a slave that asks (GET_TIMER_CHECK_POINT) on another thread. */
    private volatile Written written;

    /** A checkpoint as written: when, and the how-many-th write since start it was. */
    record Written(TimerCheckpoint checkpoint, long atMillis, long count) {
    }

    /** A service delivering {@code store}'s timer messages, holding at most {@code capacity} in memory. */
    public TimerService(MessageStore store, TimerTopic timers, Clock clock, int capacity) {
        this.store = store;
        this.timers = timers;
        this.units = new TimerUnits(store);
        this.clock = clock;
        this.capacity = capacity;
        this.persisted = TimerCheckpoint.read(store);
        this.written = new Written(persisted, clock.millis(), 0);
        // a log cut short by recovery may end below what was seen: those units are read again when rewritten
        this.scanned = Math.min(persisted.scanned(), units.maxOffset());
        this.delivered = persisted.delivered();
        this.lowWater = Math.min(persisted.lowWater(), scanned);
        this.loadedUpTo = delivered;
    }

    /** Ticks on {@code scheduler}'s thread, now and then whenever there is work ({@link #nextTickMillis}). */
    public TimerService start(Scheduler scheduler) {
        alarm = new Alarm(scheduler, clock, this::wake);
        arrivals = new ArrivalWatch(store, TimerTopic.NAME, TimerTopic.QUEUE_ID, alarm::ringNow);
        alarm.ringNow();
        return this;
    }

    /** A tick, then the alarm set for the next one; a new unit that arrived since the tick read the queue wakes it now. */
    private void wake() {
        long next;
        try {
            tick();
            next = nextTickMillis();
            if (!unitsLeft && !arrivals.watchFrom(scanned)) {
                next = clock.millis();
            }
        } catch (RuntimeException e) {
            LOG.warn("delivering timer messages failed; retrying", e);
            next = clock.millis() + RETRY_MILLIS;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            next = clock.millis() + RETRY_MILLIS;
        }
        alarm.setFor(next);
    }

    /**
     * When the next tick is due, new units aside: the earliest loaded message once its millisecond has passed, the
     * window's next move, the checkpoint a second after progress it does not hold, the status report a second after
     * one that moved. Work already due at the last tick that it could not do is looked at {@link #RETRY_MILLIS} later.
     */
    long nextTickMillis() {
        long next = loadedUpTo - WINDOW_MILLIS / 2 + 1;
        if (!pending.isEmpty()) {
            next = Math.min(next, pending.firstTime() + 1);
        }
        if (unitsLeft) {
            next = tickedAt;
        }
        if (latestTaken > persisted.delivered() || scanned != persisted.scanned() || lowWater != persisted.lowWater()) {
            next = Math.min(next, persistedAt + PERSIST_INTERVAL_MILLIS);
        }
        if (enqueued != enqueuedAtReport || dequeued != dequeuedAtReport || status.enqueueTps() > 0
            || status.dequeueTps() > 0) {
            next = Math.min(next, reportedAt + REPORT_INTERVAL_MILLIS);
        }
        return next > tickedAt ? next : tickedAt + RETRY_MILLIS;
    }

    /** One duty cycle: load, read new units, deliver what is due, checkpoint. */
    void tick() throws InterruptedException {
        long now = clock.millis();
        tickedAt = now;
        if (loadedUpTo < now + WINDOW_MILLIS / 2) {
            loadWindow(now + WINDOW_MILLIS);
        }
        unitsLeft = false;
        scanned = units.scan(scanned, Long.MAX_VALUE, this::takeNew);
        if (deliverDue(now)) {
            delivered = Math.max(delivered, Math.min(now - 1, loadedUpTo));
            if (now - persistedAt >= PERSIST_INTERVAL_MILLIS) {
                persist(now);
            }
        }
        if (now - reportedAt >= REPORT_INTERVAL_MILLIS) {
            report(now);
        }
    }

    /** What mqadmin's brokerStatus shows of the service, as of its last report (once a second). Any thread. */
    public TimerStatus status() {
        return status;
    }

    private void report(long now) {
        double seconds = Math.max(1, now - reportedAt) / (double) REPORT_INTERVAL_MILLIS;
        status = new TimerStatus(Math.max(0, now - 1 - delivered) / REPORT_INTERVAL_MILLIS, units.maxOffset() - scanned,
            pending.size(), (enqueued - enqueuedAtReport) / seconds, (dequeued - dequeuedAtReport) / seconds);
        reportedAt = now;
        enqueuedAtReport = enqueued;
        dequeuedAtReport = dequeued;
    }

    /** The checkpoint last written. Any thread. */
    Written written() {
        return written;
    }

    /** How many due messages were skipped because they can never be delivered. Any thread. */
    public long skipped() {
        return skipped.count();
    }

    /** How many messages are held in memory now. */
    int loaded() {
        return pending.size();
    }

    private boolean takeNew(long queueOffset, long deliveryTime) {
        if (deliveryTime > loadedUpTo) {
            return true; // loaded when its window comes
        }
        if (pending.size() >= capacity && !madeRoom()) {
            unitsLeft = true;
            return false; // read again once deliveries have made room
        }
        if (deliveryTime > loadedUpTo) {
            return true; // the window shrank past it
        }
        pending.add(deliveryTime, queueOffset);
        enqueued++;
        return true;
    }

    /**
     * Makes room when memory is full and new messages keep coming: the later half of what is loaded is dropped (it is
     * loaded again when its window comes) and the window ends before it, so a message due soon is never stuck behind
     * ones due later. Never drops a message due at or before {@link #delivered} (the checkpoint counts on those) or
     * {@link #latestTaken} (loading those again could repeat a delivery).
     */
    private boolean madeRoom() {
        long end = Math.max(pending.timeAtRank(pending.size() / 2), Math.max(delivered, latestTaken));
        if (end >= loadedUpTo || pending.dropAfter(end) == 0) {
            return false;
        }
        LOG.warn("{} timer messages fill the memory given them; those due after {} are loaded later", capacity, end);
        loadedUpTo = end;
        return pending.size() < capacity;
    }

    /**
     * Loads the seen messages due after {@link #loadedUpTo} and at most at {@code horizon}, or at a nearer horizon
     * when they would not all fit, and moves {@link #lowWater} past the messages known delivered.
     */
    private void loadWindow(long horizon) {
        long room = capacity - pending.size();
        if (room <= 0) {
            return; // full: the window moves on once deliveries make room
        }
        long end = horizon;
        if (count(end) > room) {
            // the latest end that fits, by bisection
            long fits = loadedUpTo;
            long over = end;
            while (over - fits > 1) {
                long middle = fits + (over - fits) / 2;
                if (count(middle) <= room) {
                    fits = middle;
                } else {
                    over = middle;
                }
            }
            // with nothing loaded, one millisecond's messages are taken even if they overfill: progress over the bound
            end = fits > loadedUpTo || !pending.isEmpty() ? fits : loadedUpTo + 1;
            LOG.warn("more timer messages are due soon than {} can be held; loading those due up to {}", capacity, end);
        }
        long from = loadedUpTo;
        long to = end;
        units.scan(lowWater, scanned, (queueOffset, deliveryTime) -> {
            if (deliveryTime > from && deliveryTime <= to) {
                pending.add(deliveryTime, queueOffset);
                enqueued++;
            }
            return true;
        });
        loadedUpTo = end;
    }

    /** How many seen messages are due after {@link #loadedUpTo} and at most at {@code end}; also raises the low water. */
    private long count(long end) {
        long[] found = {0};
        long[] firstUndelivered = {-1};
        long from = loadedUpTo;
        long known = delivered;
        units.scan(lowWater, scanned, (queueOffset, deliveryTime) -> {
            if (deliveryTime > from && deliveryTime <= end) {
                found[0]++;
            }
            if (deliveryTime > known && firstUndelivered[0] < 0) {
                firstUndelivered[0] = queueOffset;
            }
            return true;
        });
        lowWater = Math.max(lowWater, firstUndelivered[0] < 0 ? scanned : firstUndelivered[0]);
        return found[0];
    }

    /**
     * Delivers every loaded message due before {@code now}; whether none due is left. A message due at millisecond
     * {@code t} goes once the clock has passed {@code t}: both its time and the clock are whole milliseconds, so at
     * {@code t} itself up to a millisecond of its delay may still be left.
     */
    private boolean deliverDue(long now) throws InterruptedException {
        while (!pending.isEmpty() && pending.firstTime() < now) {
            int taken = 0;
            boolean refused = false;
            while (taken < DELIVERY_BATCH && !pending.isEmpty() && pending.firstTime() < now && !refused) {
                long time = pending.firstTime();
                long offset = pending.firstOffset();
                pending.removeFirst();
                latestTaken = Math.max(latestTaken, time);
                CopyAppend append = appendOf(offset, now);
                if (append == null) {
                    continue;
                }
                AppendStatus submitted = append.submitTo(store);
                if (submitted != AppendStatus.ACCEPTED) {
                    if (Delivery.of(submitted) == Delivery.REFUSED) {
                        skipped.skip("timer offset " + offset, "the store refused it: " + submitted);
                    } else {
                        pending.add(time, offset);
                        refused = true;
                    }
                    continue;
                }
                batch.add(append);
                batchTimes[taken] = time;
                batchOffsets[taken] = offset;
                taken++;
            }
            boolean allWritten = awaitBatch();
            if (refused || !allWritten) {
                return false;
            }
        }
        return true;
    }

    /**
     * Waits for the batch's appends; those the store could not take now go back to be tried again, those it refuses
     * for good are skipped.
     */
    private boolean awaitBatch() throws InterruptedException {
        boolean allWritten = true;
        for (int i = 0; i < batch.size(); i++) {
            Delivery delivery = batch.get(i).awaitDelivery(APPEND_WAIT_SECONDS);
            if (delivery == Delivery.WRITTEN) {
                dequeued++;
            } else if (delivery == Delivery.REFUSED) {
                skipped.skip("timer offset " + batchOffsets[i], "the store refused it");
            } else {
                pending.add(batchTimes[i], batchOffsets[i]);
                allWritten = false;
            }
        }
        batch.clear();
        return allWritten;
    }

    /** The delivery of the timer message at {@code queueOffset}; null when it is gone or names no real topic. */
    private CopyAppend appendOf(long queueOffset, long now) {
        ReadStatus status = store.read(TimerTopic.NAME, TimerTopic.QUEUE_ID, queueOffset, 1, READ_BYTES, TagFilter.ANY,
            result);
        try {
            if (status != ReadStatus.FOUND || result.queueOffset(0) != queueOffset) {
                LOG.warn("the timer message at offset {} is no longer held ({}); skipped", queueOffset, status);
                return null;
            }
            record.wrap(result.buffer(0), result.position(0));
            CopyAppend append = timers.deliver(record, now);
            if (append == null) {
                skipped.skip("timer offset " + queueOffset, "no deliverable REAL_TOPIC and REAL_QID");
            }
            return append;
        } catch (IllegalArgumentException tooLarge) {
            skipped.skip("timer offset " + queueOffset, tooLarge.getMessage());
            return null;
        } finally {
            result.release();
        }
    }

    private void persist(long now) {
        TimerCheckpoint progress = new TimerCheckpoint(scanned, delivered, lowWater);
        if (!progress.equals(persisted)) {
            progress.write(store);
            persisted = progress;
            written = new Written(progress, now, written.count() + 1);
        }
        persistedAt = now;
    }

    /** Writes the checkpoint; call it once no tick runs any more (its scheduler is stopped). */
    @Override
    public void close() {
        if (pending.isEmpty() || pending.firstTime() > delivered) {
            persist(clock.millis());
        }
    }
}
