package io.apogee.broker.detour;

/**
 * One way a single send may be stored somewhere other than the topic it names: the dead letters, a delay level's
 * schedule queue, the timer topic. {@link Detours} tries each in its turn; a detour either passes the send on, taking
 * nothing, or takes it and from then on owns its exchange.
 *
 * <p>Implementations are not thread-safe: one per sending thread, as the {@link SendCopies} they store through;
 * completions run on a store agent.
 */
@FunctionalInterface
public interface Detour {
    /** The detour that takes nothing: every send goes its usual way. */
    Detour NONE = send -> DetourOutcome.PASSED;

    /**
     * Takes {@code send} when this detour applies to it: refuses it or stores it elsewhere, and says which; or
     * returns {@link DetourOutcome#PASSED} without touching its exchange.
     */
    DetourOutcome take(DetourRequest send);
}
