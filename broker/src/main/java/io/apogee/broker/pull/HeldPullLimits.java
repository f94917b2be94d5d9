package io.apogee.broker.pull;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many long-polling pulls may be held: at most {@code perConnection} by one connection, and at most
 * {@code total} by the whole broker, however many connections a client opens. One instance is shared by the pull
 * processors of every I/O thread; the total is one atomic count, touched once when a pull is held and once when it
 * ends, never per message.
 *
 * <p>Safe for any thread.
 */
public final class HeldPullLimits {
    /** The setting of the most held pulls per connection. */
    public static final String PER_CONNECTION_SETTING = "maxHeldPullsPerConnection";
    /** The setting of the most held pulls of the broker. */
    public static final String TOTAL_SETTING = "maxHeldPulls";
    /** The default of {@link #PER_CONNECTION_SETTING}. */
    public static final int DEFAULT_PER_CONNECTION = 1_024;
    /** The default of {@link #TOTAL_SETTING}: what a thousand push consumers of a hundred queues each hold. */
    public static final int DEFAULT_TOTAL = 100_000;

    private final int perConnection;
    private final int total;
    private final AtomicInteger held = new AtomicInteger();

    /** At most {@code perConnection} held pulls per connection and {@code total} in all. */
    public HeldPullLimits(int perConnection, int total) {
        if (perConnection < 1 || total < 1) {
            throw new IllegalArgumentException("limits must be positive: " + perConnection + ", " + total);
        }
        this.perConnection = perConnection;
        this.total = total;
    }

    /** The most pulls one connection may hold. */
    public int perConnection() {
        return perConnection;
    }

    /** The most pulls the broker may hold. */
    public int total() {
        return total;
    }

    /** Counts one more held pull, unless the broker holds {@link #total()} already. */
    boolean tryHold() {
        int now;
        do {
            now = held.get();
            if (now >= total) {
                return false;
            }
        } while (!held.compareAndSet(now, now + 1));
        return true;
    }

    /** Counts a held pull as ended; once for each successful {@link #tryHold()}. */
    void release() {
        held.decrementAndGet();
    }

    /** The pulls held now across the broker. */
    public int held() {
        return held.get();
    }
}
