package io.apogee.perf;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;

/**
 * Keeps which sequence numbers were confirmed sent and which were received intact, and counts corrupt, duplicate
 * and foreign (another run's) deliveries. Safe for any thread. A delivery takes no lock and no atomic instruction:
 * each delivering thread keeps its own set of received sequences ({@link Receipts}), and the other methods, which
 * hold this object's lock, merge those sets. A message received by two threads counts once, the second time as a
 * duplicate.
 */
public final class DeliveryVerifier {
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    private final long runId;
    private final int size;
    private final BitSet confirmed = new BitSet();
    private long confirmedCount;
    private final List<Receipts> receipts = new CopyOnWriteArrayList<>();
    private final ThreadLocal<Receipts> mine = ThreadLocal.withInitial(this::newReceipts);
    private final LongAdder corrupt = new LongAdder();
    private final LongAdder foreign = new LongAdder();

    /** A verifier of run {@code runId}'s bodies of {@code size} bytes. */
    public DeliveryVerifier(long runId, int size) {
        this.runId = runId;
        this.size = size;
    }

    /** A verifier of the same confirmed messages that has received nothing yet: for a second read of them. */
    public synchronized DeliveryVerifier sameConfirmed() {
        DeliveryVerifier copy = new DeliveryVerifier(runId, size);
        copy.confirmed.or(confirmed);
        copy.confirmedCount = confirmedCount;
        return copy;
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
        return received(body, mine.get());
    }

    /**
     * Checks a body delivered to the thread that owns {@code receipts} (from {@link #newReceipts()}), saving the
     * thread-local lookup of {@link #received(ByteBuffer)}.
     */
    PerfPayload.Verdict received(ByteBuffer body, Receipts receipts) {
        PerfPayload.Verdict verdict = PerfPayload.check(body, runId, size);
        if (verdict == PerfPayload.Verdict.FOREIGN) {
            foreign.increment();
        } else if (verdict == PerfPayload.Verdict.CORRUPT) {
            corrupt.increment();
        } else {
            receipts.add(Math.toIntExact(PerfPayload.sequence(body)));
        }
        return verdict;
    }

    /** Receipts for one delivering thread, which only that thread may pass to {@link #received(ByteBuffer, Receipts)}. */
    Receipts newReceipts() {
        Receipts r = new Receipts();
        receipts.add(r);
        return r;
    }

    /**
     * Whether every confirmed message has been received. Polled while consumers drain: the sets are compared only
     * once the threads together received as many messages as were confirmed.
     */
    public synchronized boolean allConfirmedReceived() {
        long added = 0;
        for (Receipts r : receipts) {
            added += r.added();
        }
        return added >= confirmedCount && lost() == 0;
    }

    /** Confirmed messages not received (yet), compared 64 at a time. */
    public synchronized long lost() {
        long[] words = confirmed.toLongArray();
        long missing = 0;
        for (int w = 0; w < words.length; w++) {
            missing += Long.bitCount(words[w] & ~receivedWord(w));
        }
        return missing;
    }

    /** Distinct messages received intact. */
    public synchronized long receivedDistinct() {
        int words = 0;
        for (Receipts r : receipts) {
            words = Math.max(words, r.bits.wordsInUse());
        }
        long distinct = 0;
        for (int w = 0; w < words; w++) {
            distinct += Long.bitCount(receivedWord(w));
        }
        return distinct;
    }

    /** Deliveries with a wrong size or checksum. */
    public long corrupt() {
        return corrupt.sum();
    }

    /** Deliveries of a message already received, by the same thread or another. */
    public synchronized long duplicates() {
        long intact = 0;
        for (Receipts r : receipts) {
            intact += r.added() + r.repeated();
        }
        return intact - receivedDistinct();
    }

    /** Deliveries of earlier runs' messages, skipped. */
    public long foreign() {
        return foreign.sum();
    }

    private long receivedWord(int index) {
        long word = 0;
        for (Receipts r : receipts) {
            word |= r.bits.word(index);
        }
        return word;
    }

    /** What one delivering thread received; its counters are written by that thread alone. */
    static final class Receipts {
        final ReceivedBits bits = new ReceivedBits();
        /** [0]: sequences new to this thread's set; [1]: sequences it had already. Opaque writes, any reader. */
        private final long[] counts = new long[2];

        private void add(int sequence) {
            int slot = bits.add(sequence) ? 0 : 1;
            LONGS.setOpaque(counts, slot, counts[slot] + 1);
        }

        long added() {
            return (long) LONGS.getOpaque(counts, 0);
        }

        long repeated() {
            return (long) LONGS.getOpaque(counts, 1);
        }
    }
}
