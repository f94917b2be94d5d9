package io.apogee.broker.send;

import io.apogee.broker.timer.TimerTopic;
import io.apogee.wire.header.Utf8Bytes;
import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.PropertyNames;

/**
 * What the send path needs from a single message's properties, read in one pass over the request's bytes: its
 * UNIQ_KEY, the DELAY level it asks for, and whether it asks for a delivery time (a TIMER_DELIVER_MS, TIMER_DELAY_SEC
 * or TIMER_DELAY_MS, and no TIMER_OUT_MS: a message already through the timer is not timed again). A DELAY that is not
 * a number counts as none, as RocketMQ stores such a message as given.
 *
 * <p>Not thread-safe: one per send processor, reused for every send; allocates only the UNIQ_KEY string.
 */
final class SendProperties {
    private final PropertiesReader reader = new PropertiesReader();
    private String uniqueKey;
    private int delayLevel;
    private boolean timeAsked;
    private boolean timedAlready;

    /** Reads {@code properties} (null or empty for none). */
    SendProperties scan(Utf8Bytes properties) {
        uniqueKey = null;
        delayLevel = 0;
        timeAsked = false;
        timedAlready = false;
        if (properties.isNull() || properties.length() == 0) {
            return this;
        }
        reader.wrap(properties.buffer(), 0, properties.length());
        while (reader.next()) {
            if (reader.nameEquals(PropertyNames.UNIQ_KEY)) {
                uniqueKey = reader.value();
            } else if (reader.nameEquals(PropertyNames.DELAY)) {
                delayLevel = level();
            } else if (reader.nameEquals(PropertyNames.TIMER_DELIVER_MS) || reader.nameEquals(PropertyNames.TIMER_DELAY_SEC)
                || reader.nameEquals(PropertyNames.TIMER_DELAY_MS)) {
                timeAsked = true;
            } else if (reader.nameEquals(PropertyNames.TIMER_OUT_MS)) {
                timedAlready = true;
            }
        }
        return this;
    }

    private int level() {
        try {
            return Math.clamp(reader.valueAsLong(), 0, Integer.MAX_VALUE);
        } catch (RuntimeException notANumber) {
            return 0;
        }
    }

    /** The producer's UNIQ_KEY, or null. */
    String uniqueKey() {
        return uniqueKey;
    }

    /** The delay level asked for (0 for none). */
    int delayLevel() {
        return delayLevel;
    }

    /** Whether the message asks for a delivery time and no delay level (a level wins, as in RocketMQ). */
    boolean isTimed(String topic) {
        return timeAsked && !timedAlready && delayLevel == 0 && !TimerTopic.NAME.equals(topic);
    }
}
