package io.apogee.broker.ha;

import io.apogee.store.commitlog.ReplicaGate;
import java.util.Objects;
import java.util.Set;

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
    /** allAckInSyncStateSet: the slaves that must all confirm, or null for the best slave of any. */
    private volatile Set<Long> members;

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
        Set<Long> required = members;
        // the master alone is the whole set: every record is confirmed as soon as it is written
        return required != null && required.isEmpty() ? Long.MAX_VALUE : confirmed;
    }

    @Override
    public int connectedSlaves() {
        return slaves;
    }

    /**
     * Controller mode's allAckInSyncStateSet: from now on a record is confirmed only once every slave of
     * {@code slaveMembers} (the sync-state set without the master) holds it; an empty set confirms every record at
     * once, as the master alone is the whole set. Null goes back to the best slave of any. Any thread.
     */
    public void requireAll(Set<Long> slaveMembers) {
        members = slaveMembers == null ? null : Set.copyOf(slaveMembers);
        onChange.run();
    }

    /** The slaves that must all confirm, or null for the best slave of any. Any thread. */
    Set<Long> members() {
        return members;
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
