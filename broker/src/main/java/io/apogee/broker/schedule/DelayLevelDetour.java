package io.apogee.broker.schedule;

import io.apogee.broker.detour.Detour;
import io.apogee.broker.detour.DetourOutcome;
import io.apogee.broker.detour.DetourRequest;
import io.apogee.broker.detour.MessageCopy;
import io.apogee.broker.detour.SendCopies;
import io.apogee.wire.message.PropertyNames;

/**
 * The send path's detour for delayed messages: a single message whose DELAY property is a level above 0 is stored on
 * the {@link ScheduleTopic} instead of its topic, and the producer is answered as for any send ({@link SendCopies}).
 * A delay level wins over a delivery time: the TIMER_ properties are dropped, as RocketMQ drops them.
 *
 * <p>Not thread-safe: one per sending thread, as its {@link SendCopies}; completions run on a store agent.
 */
public final class DelayLevelDetour implements Detour {
    private final SendCopies copies;
    private final ScheduleTopic schedule;

    /** Delayed sends through {@code copies} into its store's schedule topic. */
    public DelayLevelDetour(SendCopies copies, ScheduleTopic schedule) {
        this.copies = copies;
        this.schedule = schedule;
    }

    /**
     * Stores {@code send}, which asks for a delay level, on the schedule topic, to be delivered to the topic and queue
     * it names, and answers the producer; passes a send that asks for no level.
     */
    @Override
    public DetourOutcome take(DetourRequest send) {
        int level = send.delayLevel();
        if (level <= 0) {
            return DetourOutcome.PASSED;
        }
        MessageCopy message = copies.copyOf(send, send.topic(), send.queueId()).remove(PropertyNames.TIMER_DELIVER_MS)
            .remove(PropertyNames.TIMER_DELAY_SEC).remove(PropertyNames.TIMER_DELAY_MS);
        return copies.store(send, message, () -> schedule.park(message, level), "the delayed message");
    }
}
