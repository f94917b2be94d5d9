package io.apogee.perf;

import java.nio.ByteBuffer;
import java.util.BitSet;
import java.util.concurrent.atomic.LongAdder;

/**
 * Keeps which sequence numbers were confirmed sent and which were received intact, and counts corrupt, duplicate
 * and foreign (another run's) deliveries. Safe for any thread: a delivery takes no lock (its checksum, one atomic
 * bit and a striped counter), so that consumer threads do not queue on each other; the other methods hold this
 * object's lock.
 */
public final class DeliveryVerifier {
    private final long runId;
    private final int size;
    private final BitSet confirmed = new BitSet();
    private final ConcurrentBits received = new ConcurrentBits();
    private final LongAdder corrupt = new LongAdder();
    private final LongAdder duplicates = new LongAdder();
    private final LongAdder foreign = new LongAdder();

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
        if (verdict == PerfPayload.Verdict.FOREIGN) {
            foreign.increment();
        } else if (verdict == PerfPayload.Verdict.CORRUPT) {
            corrupt.increment();
        } else if (!received.add(Math.toIntExact(PerfPayload.sequence(body)))) {
            duplicates.increment();
        }
        return verdict;
    }

    /** Whether every confirmed message has been received. */
    public synchronized boolean allConfirmedReceived() {
        return lost() == 0;
    }

    /** Confirmed messages not received (yet). */
    public synchronized long lost() {
        long missing = 0;
        for (int sequence = confirmed.nextSetBit(0); sequence >= 0; sequence = confirmed.nextSetBit(sequence + 1)) {
            if (!received.contains(sequence)) {
                missing++;
            }
        }
        return missing;
    }

    /** Distinct messages received intact. */
    public long receivedDistinct() {
        return received.cardinality();
    }

    /** Deliveries with a wrong size or checksum. */
    public long corrupt() {
        return corrupt.sum();
    }

    /** Deliveries of a message already received. */
    public long duplicates() {
        return duplicates.sum();
    }

    /** Deliveries of earlier runs' messages, skipped. */
    public long foreign() {
        return foreign.sum();
    }
}
