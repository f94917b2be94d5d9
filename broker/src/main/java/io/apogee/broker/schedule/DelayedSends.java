package io.apogee.broker.schedule;

import io.apogee.broker.message.MessageCopy;
import io.apogee.broker.message.SendDetour;
import io.apogee.broker.request.Exchange;
import io.apogee.wire.header.SendMessageRequestHeader;
import io.apogee.wire.message.PropertyNames;

/**
 * The send path's detour for delayed messages: a single message whose DELAY property is a level above 0 is stored on
 * the {@link ScheduleTopic} instead of its topic, and the producer is answered as for any send ({@link SendDetour}).
 * A delay level wins over a delivery time: the TIMER_ properties are dropped, as RocketMQ drops them.
 *
 * <p>Not thread-safe: one per sending thread, as its {@link SendDetour}; completions run on a store agent.
 */
public final class DelayedSends {
    private final SendDetour detour;
    private final ScheduleTopic schedule;

    /** Delayed sends through {@code detour} into its store's schedule topic. */
    public DelayedSends(SendDetour detour, ScheduleTopic schedule) {
        this.detour = detour;
        this.schedule = schedule;
    }

    /**
     * Stores the single message of {@code exchange} (decoded into {@code header}), which asks for delay
     * {@code level}, on the schedule topic, to be delivered to {@code topic}/{@code queueId}, and answers the producer.
     */
    public void send(Exchange exchange, SendMessageRequestHeader header, String topic, int queueId, int level) {
        MessageCopy message = detour.copyOf(exchange, header, topic, queueId).remove(PropertyNames.TIMER_DELIVER_MS)
            .remove(PropertyNames.TIMER_DELAY_SEC).remove(PropertyNames.TIMER_DELAY_MS);
        detour.submit(exchange, message, () -> schedule.park(message, level), "the delayed message");
    }
}
