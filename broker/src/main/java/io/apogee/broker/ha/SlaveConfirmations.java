package io.apogee.broker.ha;

import io.apogee.store.commitlog.ReplicaGate;
import java.util.Objects;

/**
 * What the master's slaves confirmed, as {@link HaMaster} last saw it: the gate a SYNC_MASTER's store waits on. It
 * exists before the master binds its port, because the store must know what it waits on before it starts.
 *
 * <p>Thread-safe: {@link HaMaster}'s thread publishes; any thread reads.
 */
public final class SlaveConfirmations implements ReplicaGate {
    private final Runnable onChange;
    private volatile long confirmed = -1;
    private volatile int slaves;

    /** @param onChange run on the master's thread whenever the confirmed offset or the number of slaves changes */
    public SlaveConfirmations(Runnable onChange) {
        this.onChange = Objects.requireNonNull(onChange, "onChange");
    }

    /** Confirmations nobody waits on (an ASYNC_MASTER). */
    public static SlaveConfirmations unwatched() {
        return new SlaveConfirmations(() -> { });
    }

    @Override
    public long confirmedPosition() {
        return confirmed;
    }

    @Override
    public int connectedSlaves() {
        return slaves;
    }

    /** Records a cycle's view; wakes the waiters only when it changed, so an idle pair costs nothing. Master's thread. */
    void publish(long ackedOffset, int connected) {
        if (ackedOffset != confirmed || connected != slaves) {
            confirmed = ackedOffset;
            slaves = connected;
            onChange.run();
        }
    }
}
