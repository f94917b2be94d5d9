package io.apogee.perf;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntervalHistogramProvider;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.SingleWriterRecorder;
import org.HdrHistogram.ValueRecorder;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One latency distribution in microseconds, written through per-thread HdrHistogram {@link Recorder}s and read by
 * one sampling thread. {@link #newRecorder()} and {@link #newSingleWriterRecorder()} are safe for any thread; a
 * recorder of the first kind takes values from any thread (wait-free), one of the second from its owner only (no
 * atomic per value); {@link #sampleInterval()} and {@link #total()} belong to the sampling thread alone.
 *
 * <p>Each sample swaps every recorder's interval histogram, merges them into the second's histogram and adds that
 * to the run's total, so the total seen at the end is every recorder merged.
 */
public final class LatencyRecorders {
    /** The largest latency tracked: one hour, in microseconds; larger values are clamped to it. */
    public static final long HIGHEST_MICROS = 3_600_000_000L;
    private static final int SIGNIFICANT_DIGITS = 3;

    private final List<IntervalHistogramProvider<Histogram>> recorders = new CopyOnWriteArrayList<>();
    private final Histogram total = newHistogram();

    /** A recorder for one thread, included in every later sample. */
    public Recorder newRecorder() {
        Recorder recorder = new Recorder(HIGHEST_MICROS, SIGNIFICANT_DIGITS);
        recorders.add(recorder);
        return recorder;
    }

    /** A recorder that only the calling thread writes to, included in every later sample. */
    public SingleWriterRecorder newSingleWriterRecorder() {
        SingleWriterRecorder recorder = new SingleWriterRecorder(HIGHEST_MICROS, SIGNIFICANT_DIGITS);
        recorders.add(recorder);
        return recorder;
    }

    /** Records {@code micros} into {@code recorder}, clamped to 0 .. {@link #HIGHEST_MICROS}. */
    public static void record(ValueRecorder recorder, long micros) {
        recorder.recordValue(Math.clamp(micros, 0, HIGHEST_MICROS));
    }

    /** What was recorded since the previous sample, all recorders merged; also added to {@link #total()}. */
    public Histogram sampleInterval() {
        Histogram interval = newHistogram();
        for (IntervalHistogramProvider<Histogram> recorder : recorders) {
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
