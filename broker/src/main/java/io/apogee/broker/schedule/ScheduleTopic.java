package io.apogee.broker.schedule;

import io.apogee.broker.detour.CopyAppend;
import io.apogee.broker.detour.MessageCopy;
import io.apogee.store.queue.TagsCodeRule;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.record.StoredRecord;

/**
 * RocketMQ's schedule topic: a delayed message waits on queue {@code level - 1} of {@code SCHEDULE_TOPIC_XXXX} with its
 * real topic and queue in REAL_TOPIC and REAL_QID, and its consume-queue unit holds the delivery time (store time plus
 * the level's delay) where other topics hold the tag hash. Immutable; safe for any thread.
 */
public final class ScheduleTopic {
    /** The topic's name ({@code TopicValidator.RMQ_SYS_SCHEDULE_TOPIC}). */
    public static final String NAME = "SCHEDULE_TOPIC_XXXX";

    private final DelayLevels levels;
    private final HostAddress storeHost;
    private final TagsCodeRule deliveryTimes;

    /** The schedule topic with {@code levels}, written with {@code storeHost}. */
    public ScheduleTopic(DelayLevels levels, HostAddress storeHost) {
        this.levels = levels;
        this.storeHost = storeHost;
        this.deliveryTimes = tagsCodeRule(levels);
    }

    /**
     * The store's tags-code rule for {@code levels}: a schedule-topic unit holds its delivery time, as RocketMQ's
     * schedule consume queue does; every other unit its tag hash.
     */
    public static TagsCodeRule tagsCodeRule(DelayLevels levels) {
        return (record, tagHash) -> record.topicEquals(NAME)
            ? record.storeTimestamp() + levels.millis(levels.cap(record.queueId() + 1)) : tagHash;
    }

    /** The delay levels. */
    public DelayLevels levels() {
        return levels;
    }

    /**
     * The append that parks {@code message} (its topic and queue the real ones) on the schedule topic for
     * {@code level} (capped at the highest), with DELAY set to the level used.
     */
    public CopyAppend park(MessageCopy message, int level) {
        int capped = levels.cap(level);
        message.put(PropertyNames.DELAY, Integer.toString(capped)).parkOn(NAME, capped - 1);
        return new CopyAppend(message, storeHost); // the store's rule puts the delivery time in the unit
    }

    /**
     * When the parked {@code record} is due: its store time plus its level's delay. Read from the record rather than
     * the unit, so that a unit rebuilt after a crash (with the tag hash) still yields the right time.
     */
    public long deliveryTime(StoredRecord record) {
        return deliveryTimes.tagsCode(record, 0);
    }

    /**
     * The append that delivers the parked {@code record} to its real topic and queue, without DELAY; null when the
     * record lacks them or names a topic no client may send to (it is skipped).
     */
    public CopyAppend deliver(StoredRecord record) {
        MessageCopy message = MessageCopy.of(record);
        if (!message.moveToRealTarget()) {
            return null;
        }
        message.remove(PropertyNames.DELAY);
        return new CopyAppend(message, storeHost);
    }
}
