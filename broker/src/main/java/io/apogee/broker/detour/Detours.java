package io.apogee.broker.detour;

import io.apogee.broker.topic.TopicRegistry;

/**
 * The detours a single send may take, tried in RocketMQ's order: a send to a retry topic first meets the dead-letter
 * rule; a send it passes (or any other) with a DELAY level goes to the schedule topic; one asking for a delivery time
 * goes to the timer topic. A transactional half message or a batch takes none: the send processor does not ask.
 *
 * <p>Immutable, but its detours are not thread-safe: one per sending thread. Allocates nothing for a send that takes
 * no detour.
 */
public final class Detours {
    /** No detours at all: every send goes where it names. */
    public static final Detours NONE = new Detours(Detour.NONE, Detour.NONE, Detour.NONE);

    private final Detour deadLetters;
    private final Detour delayLevels;
    private final Detour timers;

    /** The detours to the dead letters, the schedule topic and the timer topic. */
    public Detours(Detour deadLetters, Detour delayLevels, Detour timers) {
        this.deadLetters = deadLetters;
        this.delayLevels = delayLevels;
        this.timers = timers;
    }

    /** Offers {@code send} to the detours it asks for, in turn; what the first that takes it did, or PASSED. */
    public DetourOutcome route(DetourRequest send) {
        if (send.topic().startsWith(TopicRegistry.RETRY_PREFIX)) {
            DetourOutcome outcome = deadLetters.take(send);
            if (outcome.taken()) {
                return outcome;
            }
        }
        if (send.delayLevel() > 0) {
            return delayLevels.take(send);
        }
        if (send.timed()) {
            return timers.take(send);
        }
        return DetourOutcome.PASSED;
    }
}
