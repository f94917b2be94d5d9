package io.apogee.perf;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The figures drivers update while a run goes: message counters, the times of the first and last delivery, and the
 * send and end-to-end latency recorders. Safe for any thread: send counters are {@link LongAdder}s; deliveries are
 * counted by each consume thread in a tally of its own (no atomic instruction per message, which millions of
 * deliveries a second would feel), summed when read; see {@link LatencyRecorders} for the recorders.
 */
public final class RunMetrics {
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final int COUNT = 0;
    private static final int LAST_NANOS = 1;

    /** Messages handed to the client (each message of a batch counts). */
    public final LongAdder sent = new LongAdder();
    /** Messages the broker confirmed stored (oneway: written to the connection). */
    public final LongAdder confirmed = new LongAdder();
    /** Messages whose send failed. */
    public final LongAdder failed = new LongAdder();
    /** Deliveries of timer messages before the time they asked for (end-to-end latency recorded as 0). */
    public final LongAdder early = new LongAdder();
    /** Send latency: from the call to the broker's answer (oneway: to the call's return), microseconds. */
    public final LatencyRecorders sendLatency = new LatencyRecorders();
    /** End-to-end latency: from the born time in the body to delivery, microseconds. */
    public final LatencyRecorders endToEndLatency = new LatencyRecorders();
    private final AtomicLong firstDeliveryNanos = new AtomicLong(Long.MIN_VALUE);
    /** Per consume thread: {count, last delivery nanos}, written by that thread with opaque stores. */
    private final List<long[]> tallies = new CopyOnWriteArrayList<>();
    private final ThreadLocal<Tally> threadTally = ThreadLocal.withInitial(this::newTally);

    /** Counts a delivery of this run's message at {@code nanos}, on the delivering thread's tally. */
    public void delivered(long nanos) {
        threadTally.get().delivered(nanos);
    }

    /** A tally for one delivering thread, which only that thread may use; counted in every later read. */
    Tally newTally() {
        long[] counts = {0, Long.MIN_VALUE};
        tallies.add(counts);
        return new Tally(counts);
    }

    /** One thread's deliveries: written by that thread alone, summed by readers of the metrics. */
    final class Tally {
        private final long[] counts;

        private Tally(long[] counts) {
            this.counts = counts;
        }

        /** Counts a delivery of this run's message at {@code nanos}. */
        void delivered(long nanos) {
            LONGS.setOpaque(counts, COUNT, counts[COUNT] + 1);
            LONGS.setOpaque(counts, LAST_NANOS, nanos);
            if (firstDeliveryNanos.get() == Long.MIN_VALUE) {
                firstDeliveryNanos.compareAndSet(Long.MIN_VALUE, nanos);
            }
        }
    }

    /** Messages of this run delivered to consumers so far (duplicates included). */
    public long consumed() {
        long sum = 0;
        for (long[] t : tallies) {
            sum += (long) LONGS.getOpaque(t, COUNT);
        }
        return sum;
    }

    /** Makes the next delivery the first one {@link #consumeSeconds()} counts from (the end of a warmup). */
    public void restartDeliveryClock() {
        firstDeliveryNanos.set(Long.MIN_VALUE);
    }

    /** Seconds from the first delivery to the last, 0 before two deliveries. */
    public double consumeSeconds() {
        long first = firstDeliveryNanos.get();
        long last = Long.MIN_VALUE;
        for (long[] t : tallies) {
            last = Math.max(last, (long) LONGS.getOpaque(t, LAST_NANOS));
        }
        return first == Long.MIN_VALUE ? 0 : Math.max(0, last - first) / 1e9;
    }

}
