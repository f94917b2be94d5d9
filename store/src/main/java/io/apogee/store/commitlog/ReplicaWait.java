package io.apogee.store.commitlog;

import java.util.Objects;

/**
 * A SYNC_MASTER's wait for its slaves: a written request is acknowledged once a slave confirmed every byte up to the
 * end of its records. It completes {@link AppendStatus#SLAVE_NOT_AVAILABLE} when no slave is connected or the best
 * one is {@code maxGapBytes} or more behind the request's end (RocketMQ's {@code haMaxGapNotInSync}), and
 * {@link AppendStatus#FLUSH_SLAVE_TIMEOUT} when no slave confirmed it within {@code timeoutMillis} of its write
 * (RocketMQ's {@code slaveTimeout}). The records stay in the log either way.
 *
 * <p>Immutable; safe for any thread.
 *
 * @param gate          the slaves' confirmations
 * @param timeoutMillis the longest wait for a confirmation, from the write
 * @param maxGapBytes   how far behind a request's end a slave may be and still be waited for
 */
public record ReplicaWait(ReplicaGate gate, long timeoutMillis, long maxGapBytes) {
    /** Checks ranges. */
    public ReplicaWait {
        Objects.requireNonNull(gate, "gate");
        if (timeoutMillis < 1 || maxGapBytes < 1) {
            throw new IllegalArgumentException("timeoutMillis and maxGapBytes must be positive");
        }
    }

    /**
     * What the request ending at {@code end}, written at {@code writtenMillis}, completes with at {@code nowMillis}:
     * {@link AppendStatus#APPENDED} once confirmed, null while it still waits, else why it will not be confirmed.
     */
    AppendStatus outcome(long end, long writtenMillis, long nowMillis) {
        long confirmed = gate.confirmedPosition();
        if (end <= confirmed) {
            return AppendStatus.APPENDED;
        }
        if (gate.connectedSlaves() == 0 || end - Math.max(confirmed, 0) >= maxGapBytes) {
            return AppendStatus.SLAVE_NOT_AVAILABLE;
        }
        return nowMillis - writtenMillis > timeoutMillis ? AppendStatus.FLUSH_SLAVE_TIMEOUT : null;
    }

    /** When the request written at {@code writtenMillis} stops waiting, in store millis. */
    long deadline(long writtenMillis) {
        return writtenMillis + timeoutMillis + 1;
    }
}
