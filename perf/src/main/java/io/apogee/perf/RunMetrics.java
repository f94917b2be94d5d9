package io.apogee.perf;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * The figures drivers update while a run goes: message counters, the times of the first and last delivery, and the
 * send and end-to-end latency recorders. Safe for any thread: counters are {@link LongAdder}s, the delivery times
 * atomics and an accumulator; see {@link LatencyRecorders} for the recorders.
 */
public final class RunMetrics {
    /** Messages handed to the client (each message of a batch counts). */
    public final LongAdder sent = new LongAdder();
    /** Messages the broker confirmed stored (oneway: written to the connection). */
    public final LongAdder confirmed = new LongAdder();
    /** Messages whose send failed. */
    public final LongAdder failed = new LongAdder();
    /** Messages of this run delivered to consumers (duplicates included). */
    public final LongAdder consumed = new LongAdder();
    /** Deliveries of timer messages before the time they asked for (end-to-end latency recorded as 0). */
    public final LongAdder early = new LongAdder();
    /** Send latency: from the call to the broker's answer (oneway: to the call's return), microseconds. */
    public final LatencyRecorders sendLatency = new LatencyRecorders();
    /** End-to-end latency: from the born time in the body to delivery, microseconds. */
    public final LatencyRecorders endToEndLatency = new LatencyRecorders();
    private final AtomicLong firstDeliveryNanos = new AtomicLong(Long.MIN_VALUE);
    /** Striped: every delivery moves it, from every consume thread. */
    private final LongAccumulator lastDeliveryNanos = new LongAccumulator(Math::max, Long.MIN_VALUE);

    /** Counts a delivery of this run's message at {@code nanos}. */
    public void delivered(long nanos) {
        consumed.increment();
        if (firstDeliveryNanos.get() == Long.MIN_VALUE) {
            firstDeliveryNanos.compareAndSet(Long.MIN_VALUE, nanos);
        }
        lastDeliveryNanos.accumulate(nanos);
    }

    /** Makes the next delivery the first one {@link #consumeSeconds()} counts from (the end of a warmup). */
    public void restartDeliveryClock() {
        firstDeliveryNanos.set(Long.MIN_VALUE);
    }

    /** Seconds from the first delivery to the last, 0 before two deliveries. */
    public double consumeSeconds() {
        long first = firstDeliveryNanos.get();
        long last = lastDeliveryNanos.get();
        return first == Long.MIN_VALUE ? 0 : (last - first) / 1e9;
    }
}
