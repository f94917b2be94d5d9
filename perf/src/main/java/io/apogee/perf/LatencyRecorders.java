package io.apogee.perf;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One latency distribution in microseconds, written through per-thread HdrHistogram {@link Recorder}s and read by
 * one sampling thread. {@link #newRecorder()} is safe for any thread; each recorder takes values from any thread
 * (wait-free); {@link #sampleInterval()} and {@link #total()} belong to the sampling thread alone.
 *
 * <p>Each sample swaps every recorder's interval histogram, merges them into the second's histogram and adds that
 * to the run's total, so the total seen at the end is every recorder merged.
 */
public final class LatencyRecorders {
    /** The largest latency tracked: one hour, in microseconds; larger values are clamped to it. */
    public static final long HIGHEST_MICROS = 3_600_000_000L;
    private static final int SIGNIFICANT_DIGITS = 3;

    private final List<Recorder> recorders = new CopyOnWriteArrayList<>();
    private final Histogram total = newHistogram();

    /** A recorder for one thread, included in every later sample. */
    public Recorder newRecorder() {
        Recorder recorder = new Recorder(HIGHEST_MICROS, SIGNIFICANT_DIGITS);
        recorders.add(recorder);
        return recorder;
    }

    /** Records {@code micros} into {@code recorder}, clamped to 0 .. {@link #HIGHEST_MICROS}. */
    public static void record(Recorder recorder, long micros) {
        recorder.recordValue(Math.clamp(micros, 0, HIGHEST_MICROS));
    }

    /** What was recorded since the previous sample, all recorders merged; also added to {@link #total()}. */
    public Histogram sampleInterval() {
        Histogram interval = newHistogram();
        for (Recorder recorder : recorders) {
            interval.add(recorder.getIntervalHistogram());
        }
        total.add(interval);
        return interval;
    }

    /** Forgets what was sampled so far (the end of a warmup). */
    public void resetTotal() {
        total.reset();
    }

    /** Everything sampled so far. */
    public Histogram total() {
        return total;
    }

    private static Histogram newHistogram() {
        return new Histogram(HIGHEST_MICROS, SIGNIFICANT_DIGITS);
    }
}
