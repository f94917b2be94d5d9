package io.apogee.broker.ha;

/**
 * What a master's slaves have acknowledged: the offset a SYNC_MASTER waits on before it answers a send.
 *
 * <p>Implementations are safe for any thread.
 */
public interface ReplicaAcks {
    /** The highest commit-log offset a connected slave has reported holding; -1 when no slave has reported. */
    long ackedOffset();

    /** How many slaves are connected now. */
    int connectedSlaves();
}
