package io.apogee.transport;

import io.apogee.common.time.Clock;
import java.util.Set;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fails the requests whose deadline has passed, on a one-shot timer armed only while requests wait. A request sent
 * arms it for its deadline unless a firing at or before that is armed already. A firing sweeps every peer, then arms
 * the timer again for the earliest deadline left, so an endpoint with nothing pending never wakes for timeouts.
 * Firings that follow one another are at least {@code minGapNanos} apart, which bounds the sweeps when many
 * requests time out in turn.
 *
 * <p>Thread-safe: any thread arms it; firings run on the {@link OneShot} given (the event loop group). A firing
 * disarms before it sweeps, so a request added meanwhile is either seen by the sweep or arms the timer itself.
 */
final class RequestTimeouts {
    /** How the timer runs a task once, later. */
    @FunctionalInterface
    interface OneShot {
        /** Runs {@code task} once, {@code delayNanos} from now. */
        void schedule(Runnable task, long delayNanos);
    }

    private static final Logger LOG = LoggerFactory.getLogger(RequestTimeouts.class);
    /** {@link #armedAt} when no firing is armed. */
    private static final long DISARMED = Long.MAX_VALUE;

    private final Set<Peer> peers;
    private final Clock clock;
    private final OneShot timer;
    private final long minGapNanos;
    /** The clock nanos of the armed firing, or {@link #DISARMED}. */
    private final AtomicLong armedAt = new AtomicLong(DISARMED);
    private volatile boolean closed;

    RequestTimeouts(Set<Peer> peers, Clock clock, OneShot timer, long minGapNanos) {
        this.peers = peers;
        this.clock = clock;
        this.timer = timer;
        this.minGapNanos = minGapNanos;
    }

    /** A request due by {@code deadlineNanos} waits: makes sure a firing comes by then. Any thread, after adding it. */
    void armFor(long deadlineNanos) {
        while (true) {
            long armed = armedAt.get();
            if (armed != DISARMED && armed - deadlineNanos <= 0) {
                return;
            }
            if (armedAt.compareAndSet(armed, deadlineNanos)) {
                // a firing displaced here finds another armed time and does nothing
                schedule(deadlineNanos);
                return;
            }
        }
    }

    /** Whether a firing is armed; for tests. */
    boolean isArmed() {
        return armedAt.get() != DISARMED;
    }

    /** No firing is armed any more; one already armed does nothing. */
    void close() {
        closed = true;
        armedAt.set(DISARMED);
    }

    private void schedule(long atNanos) {
        if (closed) {
            return;
        }
        try {
            timer.schedule(() -> fire(atNanos), Math.max(0, atNanos - clock.nanos()));
        } catch (RejectedExecutionException stopping) {
            // the event loops are shutting down: their connections' requests fail as they close
        }
    }

    /** The firing armed for {@code atNanos}: sweeps and arms again, unless an earlier arming displaced it. */
    void fire(long atNanos) {
        if (closed || !armedAt.compareAndSet(atNanos, DISARMED)) {
            return;
        }
        long now = clock.nanos();
        long nanosToNext = Long.MAX_VALUE;
        for (Peer peer : peers) {
            PendingRequests pending = peer.pending();
            try {
                pending.expire(now);
            } catch (RuntimeException e) {
                // a callback failed: the peer's other requests still get their turn, now or at the next firing
                LOG.warn("failing the timed-out requests of {} failed", peer.address(), e);
            }
            nanosToNext = Math.min(nanosToNext, pending.nanosToEarliestDeadline(now));
        }
        if (nanosToNext != Long.MAX_VALUE) {
            armFor(now + Math.max(nanosToNext, minGapNanos));
        }
    }
}
