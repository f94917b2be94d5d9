package io.apogee.bench;

import java.util.concurrent.locks.LockSupport;

/**
 * How a benchmark producer waits for the store: spin briefly, then yield, then park a few microseconds, so that
 * waiting producers leave the cores to the store's agents on a small machine.
 *
 * <p>Stateless; the caller keeps the count of idle rounds.
 */
final class IdleWait {
    private static final int SPINS = 32;
    /** Few: with 32 producers on two cores, yielding in turn costs the store more CPU than parking does. */
    private static final int YIELDS = 2;
    private static final long PARK_NANOS = 20_000;

    private IdleWait() {
    }

    /** Waits one round after {@code rounds} idle rounds; returns the new count. */
    static int backOff(int rounds) {
        if (rounds < SPINS) {
            Thread.onSpinWait();
        } else if (rounds < SPINS + YIELDS) {
            Thread.yield();
        } else {
            LockSupport.parkNanos(PARK_NANOS);
        }
        return rounds + 1;
    }
}
