package io.apogee.perf;

import java.nio.ByteBuffer;
import java.util.BitSet;

/**
 * Keeps which sequence numbers were confirmed sent and which were received intact, and counts corrupt, duplicate
 * and foreign (another run's) deliveries. Safe for any thread: every method holds this object's lock; the work
 * under it is a checksum already done outside and a bit set update.
 */
public final class DeliveryVerifier {
    private final long runId;
    private final int size;
    private final BitSet confirmed = new BitSet();
    private final BitSet received = new BitSet();
    private long corrupt;
    private long duplicates;
    private long foreign;

    /** A verifier of run {@code runId}'s bodies of {@code size} bytes. */
    public DeliveryVerifier(long runId, int size) {
        this.runId = runId;
        this.size = size;
    }

    /** Notes that the broker confirmed message {@code sequence}. */
    public synchronized void confirmed(long sequence) {
        confirmed.set(Math.toIntExact(sequence));
    }

    /** Checks a delivered body; returns its verdict (the caller records latency only for intact ones). */
    public PerfPayload.Verdict received(ByteBuffer body) {
        PerfPayload.Verdict verdict = PerfPayload.check(body, runId, size);
        long sequence = verdict == PerfPayload.Verdict.INTACT ? PerfPayload.sequence(body) : -1;
        synchronized (this) {
            if (verdict == PerfPayload.Verdict.FOREIGN) {
                foreign++;
            } else if (verdict == PerfPayload.Verdict.CORRUPT) {
                corrupt++;
            } else if (received.get(Math.toIntExact(sequence))) {
                duplicates++;
            } else {
                received.set(Math.toIntExact(sequence));
            }
        }
        return verdict;
    }

    /** Whether every confirmed message has been received. */
    public synchronized boolean allConfirmedReceived() {
        return lost() == 0;
    }

    /** Confirmed messages not received (yet). */
    public synchronized long lost() {
        BitSet missing = (BitSet) confirmed.clone();
        missing.andNot(received);
        return missing.cardinality();
    }

    /** Distinct messages received intact. */
    public synchronized long receivedDistinct() {
        return received.cardinality();
    }

    /** Deliveries with a wrong size or checksum. */
    public synchronized long corrupt() {
        return corrupt;
    }

    /** Deliveries of a message already received. */
    public synchronized long duplicates() {
        return duplicates;
    }

    /** Deliveries of earlier runs' messages, skipped. */
    public synchronized long foreign() {
        return foreign;
    }
}
