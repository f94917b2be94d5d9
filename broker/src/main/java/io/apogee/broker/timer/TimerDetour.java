package io.apogee.broker.timer;

import io.apogee.broker.detour.Detour;
import io.apogee.broker.detour.DetourOutcome;
import io.apogee.broker.detour.DetourRequest;
import io.apogee.broker.detour.MessageCopy;
import io.apogee.broker.detour.SendCopies;
import io.apogee.common.time.Clock;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.message.PropertyNames;

/**
 * The send path's detour for timer messages: a single message with TIMER_DELAY_SEC, TIMER_DELAY_MS or TIMER_DELIVER_MS
 * (read in that order, as RocketMQ reads them) is parked on the {@link TimerTopic} until its delivery time, and the
 * producer is answered as for any send ({@link SendCopies}). A delivery time not in the future is stored on its topic
 * at once. Refused as RocketMQ refuses them: a value that is not a number, or a delay over {@code timerMaxDelaySec},
 * with MESSAGE_ILLEGAL; any timer message while {@code timerWheelEnable} is false, with SYSTEM_ERROR.
 *
 * <p>Unlike RocketMQ, which rounds the time down to its wheel's precision (up to a second early), the time is kept to
 * the millisecond and the message is never delivered before it.
 *
 * <p>Not thread-safe: one per sending thread, as its {@link SendCopies}; completions run on a store agent.
 */
public final class TimerDetour implements Detour {
    private final SendCopies copies;
    private final TimerTopic timers;
    private final Clock clock;
    private final long maxDelayMillis;
    private final boolean enabled;

    /**
     * Timer sends through {@code copies}; {@code clock} gives the epoch milliseconds, {@code maxDelayMillis} the
     * longest delay accepted, and {@code enabled} false refuses them all.
     */
    public TimerDetour(SendCopies copies, TimerTopic timers, Clock clock, long maxDelayMillis, boolean enabled) {
        this.copies = copies;
        this.timers = timers;
        this.clock = clock;
        this.maxDelayMillis = maxDelayMillis;
        this.enabled = enabled;
    }

    /**
     * Parks {@code send}, which asks for a delivery time, on the timer topic, to be delivered to the topic and queue it
     * names, and answers the producer; or refuses it. Passes a send that asks for no delivery time.
     */
    @Override
    public DetourOutcome take(DetourRequest send) {
        if (!send.timed()) {
            return DetourOutcome.PASSED;
        }
        if (!enabled) {
            send.exchange().reply(ResponseCode.SYSTEM_ERROR,
                "accurate timer message is not enabled, timerWheelEnable is false");
            return DetourOutcome.REFUSED;
        }
        MessageCopy message = copies.copyOf(send, send.topic(), send.queueId());
        long now = clock.millis();
        long deliveryTime;
        try {
            deliveryTime = deliveryTime(message, now);
        } catch (NumberFormatException | ArithmeticException e) {
            send.exchange().reply(ResponseCode.MESSAGE_ILLEGAL, "timer message illegal, its delivery time is not a "
                + "number of milliseconds or seconds: " + e.getMessage());
            return DetourOutcome.REFUSED;
        }
        if (deliveryTime <= now) {
            return copies.store(send, message, () -> copies.appendAsIs(message), "the timer message");
        }
        if (deliveryTime - now > maxDelayMillis) {
            send.exchange().reply(ResponseCode.MESSAGE_ILLEGAL, "timer message illegal, the delay time should not "
                + "be bigger than the max delay " + maxDelayMillis + "ms; this one is " + (deliveryTime - now) + "ms");
            return DetourOutcome.REFUSED;
        }
        return copies.store(send, message, () -> timers.park(message, deliveryTime), "the timer message");
    }

    /** When {@code message} is due, from the first TIMER_ property it has. */
    static long deliveryTime(MessageCopy message, long now) {
        String seconds = message.get(PropertyNames.TIMER_DELAY_SEC);
        if (seconds != null) {
            return Math.addExact(now, Math.multiplyExact(Long.parseLong(seconds.trim()), 1_000L));
        }
        String millis = message.get(PropertyNames.TIMER_DELAY_MS);
        if (millis != null) {
            return Math.addExact(now, Long.parseLong(millis.trim()));
        }
        return Long.parseLong(message.get(PropertyNames.TIMER_DELIVER_MS).trim());
    }
}
