package io.apogee.broker.timer;

import io.apogee.broker.detour.CopyAppend;
import io.apogee.broker.detour.MessageCopy;
import io.apogee.store.queue.TagsCodeRule;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.record.StoredRecord;

/**
 * RocketMQ's timer topic: a timer message waits on queue 0 of {@code rmq_sys_wheel_timer} with its delivery time
 * (epoch milliseconds) in TIMER_OUT_MS and its real topic and queue in REAL_TOPIC and REAL_QID. Its consume-queue unit
 * holds the delivery time where other topics hold the tag hash, so the timer service finds what is due by reading
 * units alone. Immutable; safe for any thread.
 */
public final class TimerTopic {
    /** The topic's name ({@code TimerMessageStore.TIMER_TOPIC}). */
    public static final String NAME = "rmq_sys_wheel_timer";
    /** Its only queue. */
    public static final int QUEUE_ID = 0;

    private final HostAddress storeHost;

    /** The timer topic written with {@code storeHost}. */
    public TimerTopic(HostAddress storeHost) {
        this.storeHost = storeHost;
    }

    /**
     * {@code otherTopics} with the timer topic's rule in front: a timer-topic unit holds the record's TIMER_OUT_MS (0
     * when it has none or it is not a number), every other unit what {@code otherTopics} says. Reads the record's
     * properties in place; allocates nothing.
     */
    public static TagsCodeRule tagsCodeRule(TagsCodeRule otherTopics) {
        return (record, tagHash) -> record.topicEquals(NAME) ? deliveryTime(record) : otherTopics.tagsCode(record, tagHash);
    }

    /** The TIMER_OUT_MS of {@code record}; 0 when missing or not a number (delivered at once). */
    static long deliveryTime(StoredRecord record) {
        PropertiesReader properties = record.properties();
        if (!properties.find(PropertyNames.TIMER_OUT_MS)) {
            return 0;
        }
        try {
            return properties.valueAsLong();
        } catch (RuntimeException notANumber) {
            return 0;
        }
    }

    /**
     * The append that parks {@code message} (its topic and queue the real ones) on the timer topic until
     * {@code deliveryTime}.
     */
    public CopyAppend park(MessageCopy message, long deliveryTime) {
        message.put(PropertyNames.TIMER_OUT_MS, Long.toString(deliveryTime)).parkOn(NAME, QUEUE_ID);
        return new CopyAppend(message, storeHost);
    }

    /**
     * The append that delivers the parked {@code record} to its real topic and queue at {@code now}: REAL_TOPIC and
     * REAL_QID removed, TIMER_ENQUEUE_MS (when it was parked) and TIMER_DEQUEUE_MS (now) added, as RocketMQ's timer
     * store delivers it; null when the record lacks a real topic or queue, or names a topic no client may send to
     * (it is skipped).
     */
    public CopyAppend deliver(StoredRecord record, long now) {
        MessageCopy message = MessageCopy.of(record);
        if (!message.moveToRealTarget()) {
            return null;
        }
        message.remove(PropertyNames.REAL_TOPIC).remove(PropertyNames.REAL_QUEUE_ID)
            .put(PropertyNames.TIMER_ENQUEUE_MS, Long.toString(record.storeTimestamp()))
            .put(PropertyNames.TIMER_DEQUEUE_MS, Long.toString(now));
        return new CopyAppend(message, storeHost);
    }
}
