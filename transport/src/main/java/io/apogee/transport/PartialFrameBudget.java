package io.apogee.transport;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes that a server's connections hold for frames not yet complete, against a limit per connection and a
 * limit for all together ({@link TransportConfig#maxPartialFrameBytesPerConnection()},
 * {@link TransportConfig#maxPartialFrameBytes()}). Each decoder reserves what its cumulation holds after a read
 * and gives it back as frames complete or the connection closes, so a client that declares a large frame and
 * trickles it pins at most its own limit, and all such clients together at most the total.
 *
 * <p>Thread-safe: every event loop reserves and releases.
 */
final class PartialFrameBudget {
    /** A budget that refuses nothing, for clients, whose peers are the servers they chose. */
    static final PartialFrameBudget UNLIMITED = new PartialFrameBudget(Integer.MAX_VALUE, Long.MAX_VALUE);

    private final int perConnection;
    private final long total;
    private final AtomicLong held = new AtomicLong();

    PartialFrameBudget(int perConnection, long total) {
        this.perConnection = perConnection;
        this.total = total;
    }

    /** The most one connection may hold. */
    int perConnection() {
        return perConnection;
    }

    /** The most all connections may hold together. */
    long total() {
        return total;
    }

    /** Reserves {@code bytes} more of the total; false, reserving nothing, when that would pass the total. */
    boolean tryReserve(long bytes) {
        while (true) {
            long current = held.get();
            if (current + bytes > total) {
                return false;
            }
            if (held.compareAndSet(current, current + bytes)) {
                return true;
            }
        }
    }

    /** Gives back {@code bytes} reserved before. */
    void release(long bytes) {
        held.addAndGet(-bytes);
    }

    /** The bytes reserved now, by every connection together. */
    long held() {
        return held.get();
    }
}
