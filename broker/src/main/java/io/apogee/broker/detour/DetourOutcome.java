package io.apogee.broker.detour;

/** What a {@link Detour} did with a send. Immutable. */
public enum DetourOutcome {
    /** Not taken: the send goes to the topic it names, and its exchange is untouched. */
    PASSED,
    /** Taken and answered with a refusal; nothing was stored. */
    REFUSED,
    /** Taken and handed to the store, whose completion answers the producer (a refusal too). */
    SUBMITTED;

    /** Whether the detour took the send, so that the caller must not touch its exchange again. */
    public boolean taken() {
        return this != PASSED;
    }
}
