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
    private long confirmedCount;
    private final LongAdder distinct = new LongAdder();
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
        int bit = Math.toIntExact(sequence);
        if (!confirmed.get(bit)) {
            confirmed.set(bit);
            confirmedCount++;
        }
    }

    /** Checks a delivered body; returns its verdict (the caller records latency only for intact ones). */
    public PerfPayload.Verdict received(ByteBuffer body) {
        PerfPayload.Verdict verdict = PerfPayload.check(body, runId, size);
        if (verdict == PerfPayload.Verdict.FOREIGN) {
            foreign.increment();
        } else if (verdict == PerfPayload.Verdict.CORRUPT) {
            corrupt.increment();
        } else if (received.add(Math.toIntExact(PerfPayload.sequence(body)))) {
            distinct.increment();
        } else {
            duplicates.increment();
        }
        return verdict;
    }

    /**
     * Whether every confirmed message has been received. Polled while consumers drain: the sets are compared only
     * once as many distinct messages arrived as were confirmed.
     */
    public synchronized boolean allConfirmedReceived() {
        return distinct.sum() >= confirmedCount && lost() == 0;
    }

    /** Confirmed messages not received (yet), compared 64 at a time. */
    public synchronized long lost() {
        long[] words = confirmed.toLongArray();
        long missing = 0;
        for (int w = 0; w < words.length; w++) {
            missing += Long.bitCount(words[w] & ~received.word(w));
        }
        return missing;
    }

    /** Distinct messages received intact. */
    public long receivedDistinct() {
        return distinct.sum();
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
