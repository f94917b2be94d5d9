package io.apogee.perf;

import java.util.concurrent.atomic.LongAdder;

/**
 * The figures drivers update while a run goes: message counters and the send and end-to-end latency recorders.
 * Safe for any thread: counters are {@link LongAdder}s; see {@link LatencyRecorders} for the recorders.
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
    /** Send latency: from the call to the broker's answer (oneway: to the call's return), microseconds. */
    public final LatencyRecorders sendLatency = new LatencyRecorders();
    /** End-to-end latency: from the born time in the body to delivery, microseconds. */
    public final LatencyRecorders endToEndLatency = new LatencyRecorders();
}
