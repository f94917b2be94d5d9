package io.apogee.broker.timer;

import io.apogee.broker.message.MessageCopy;
import io.apogee.broker.message.SendDetour;
import io.apogee.broker.request.Exchange;
import io.apogee.common.time.Clock;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.header.SendMessageRequestHeader;
import io.apogee.wire.message.PropertyNames;

/**
 * The send path's detour for timer messages: a single message with TIMER_DELAY_SEC, TIMER_DELAY_MS or TIMER_DELIVER_MS
 * (read in that order, as RocketMQ reads them) is parked on the {@link TimerTopic} until its delivery time, and the
 * producer is answered as for any send ({@link SendDetour}). A delivery time not in the future is stored on its topic
 * at once. Refused as RocketMQ refuses them: a value that is not a number, or a delay over {@code timerMaxDelaySec},
 * with MESSAGE_ILLEGAL; any timer message while {@code timerWheelEnable} is false, with SYSTEM_ERROR.
 *
 * <p>Unlike RocketMQ, which rounds the time down to its wheel's precision (up to a second early), the time is kept to
 * the millisecond and the message is never delivered before it.
 *
 * <p>Not thread-safe: one per sending thread, as its {@link SendDetour}; completions run on a store agent.
 */
public final class TimerSends {
    private final SendDetour detour;
    private final TimerTopic timers;
    private final Clock clock;
    private final long maxDelayMillis;
    private final boolean enabled;

    /**
     * Timer sends through {@code detour}; {@code clock} gives the epoch milliseconds, {@code maxDelayMillis} the
     * longest delay accepted, and {@code enabled} false refuses them all.
     */
    public TimerSends(SendDetour detour, TimerTopic timers, Clock clock, long maxDelayMillis, boolean enabled) {
        this.detour = detour;
        this.timers = timers;
        this.clock = clock;
        this.maxDelayMillis = maxDelayMillis;
        this.enabled = enabled;
    }

    /**
     * Parks the single message of {@code exchange} (decoded into {@code header}) on the timer topic, to be delivered
     * to {@code topic}/{@code queueId}, and answers the producer; or refuses it.
     */
    public void send(Exchange exchange, SendMessageRequestHeader header, String topic, int queueId) {
        if (!enabled) {
            exchange.reply(ResponseCode.SYSTEM_ERROR, "accurate timer message is not enabled, timerWheelEnable is false");
            return;
        }
        MessageCopy message = detour.copyOf(exchange, header, topic, queueId);
        long now = clock.millis();
        long deliveryTime;
        try {
            deliveryTime = deliveryTime(message, now);
        } catch (NumberFormatException | ArithmeticException e) {
            exchange.reply(ResponseCode.MESSAGE_ILLEGAL, "timer message illegal, its delivery time is not a "
                + "number of milliseconds or seconds: " + e.getMessage());
            return;
        }
        if (deliveryTime <= now) {
            detour.submit(exchange, message, () -> detour.appendAsIs(message), "the timer message");
        } else if (deliveryTime - now > maxDelayMillis) {
            exchange.reply(ResponseCode.MESSAGE_ILLEGAL, "timer message illegal, the delay time should not "
                + "be bigger than the max delay " + maxDelayMillis + "ms; this one is " + (deliveryTime - now) + "ms");
        } else {
            detour.submit(exchange, message, () -> timers.park(message, deliveryTime), "the timer message");
        }
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
