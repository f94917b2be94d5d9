package io.apogee.common.agent;

import java.util.concurrent.locks.LockSupport;

/**
 * Spins, then yields, then parks for a time that doubles from a minimum to a maximum, so that an idle agent
 * costs almost nothing while a busy one reacts within a spin. This is the default for store agents on machines
 * with few cores.
 *
 * <p>Single-threaded: it counts idle cycles; one instance per runner thread.
 */
public final class BackoffIdleStrategy implements IdleStrategy {
    /** The phase the next {@link #idle()} is in, for tests and diagnostics. */
    public enum Phase {
        /** Spinning with {@link Thread#onSpinWait()}. */
        SPINNING,
        /** Yielding the core. */
        YIELDING,
        /** Parking for a growing time. */
        PARKING
    }

    private final long maxSpins;
    private final long maxYields;
    private final long minParkNanos;
    private final long maxParkNanos;
    private long spins;
    private long yields;
    private long parkNanos;

    /**
     * @param maxSpins     idle cycles spent spinning before yielding
     * @param maxYields    idle cycles spent yielding before parking
     * @param minParkNanos the first park time
     * @param maxParkNanos the longest park time
     */
    public BackoffIdleStrategy(long maxSpins, long maxYields, long minParkNanos, long maxParkNanos) {
        if (maxSpins < 0 || maxYields < 0 || minParkNanos < 1 || maxParkNanos < minParkNanos) {
            throw new IllegalArgumentException("bad backoff: spins " + maxSpins + ", yields " + maxYields
                + ", park " + minParkNanos + ".." + maxParkNanos);
        }
        this.maxSpins = maxSpins;
        this.maxYields = maxYields;
        this.minParkNanos = minParkNanos;
        this.maxParkNanos = maxParkNanos;
        this.parkNanos = minParkNanos;
    }

    @Override
    public void idle() {
        if (spins < maxSpins) {
            spins++;
            Thread.onSpinWait();
        } else if (yields < maxYields) {
            yields++;
            Thread.yield();
        } else {
            LockSupport.parkNanos(parkNanos);
            parkNanos = Math.min(parkNanos << 1, maxParkNanos);
        }
    }

    @Override
    public void reset() {
        spins = 0;
        yields = 0;
        parkNanos = minParkNanos;
    }

    /** The phase of the next idle cycle. */
    public Phase phase() {
        if (spins < maxSpins) {
            return Phase.SPINNING;
        }
        return yields < maxYields ? Phase.YIELDING : Phase.PARKING;
    }

    /** How long the next park would last. */
    public long nextParkNanos() {
        return parkNanos;
    }
}
