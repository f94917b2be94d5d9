package io.apogee.perf;

import io.apogee.common.time.Clock;
import org.HdrHistogram.Histogram;

import java.util.Locale;

/**
 * Turns the run's figures into one line per sample: elapsed seconds, sent/s, confirmed/s, failed/s, consumed/s and
 * that interval's send p50 and p99 in microseconds. Rates divide by the time since the previous sample, read from
 * an injected clock. Not thread-safe: one sampling thread calls {@link #sample()}.
 */
public final class SecondReporter {
    /** The column names, printed once before the first line. */
    public static final String HEADER = String.format(Locale.ROOT, "%8s %10s %12s %9s %11s %13s %13s",
        "elapsed", "sent/s", "confirmed/s", "failed/s", "consumed/s", "send_p50_us", "send_p99_us");
    private static final double NANOS_PER_SECOND = 1e9;

    private final RunMetrics metrics;
    private final Clock clock;
    private final long startNanos;
    private long previousNanos;
    private long previousSent;
    private long previousConfirmed;
    private long previousFailed;
    private long previousConsumed;

    /** A reporter whose run started now. */
    public SecondReporter(RunMetrics metrics, Clock clock) {
        this.metrics = metrics;
        this.clock = clock;
        this.startNanos = clock.nanos();
        this.previousNanos = startNanos;
    }

    /** One interval's figures. */
    public record Line(double elapsedSeconds, double sentPerSecond, double confirmedPerSecond, double failedPerSecond,
                       double consumedPerSecond, long sendP50Micros, long sendP99Micros) {
        /** The line as printed, under {@link #HEADER}. */
        public String format() {
            return String.format(Locale.ROOT, "%8.1f %10.0f %12.0f %9.0f %11.0f %13d %13d", elapsedSeconds, sentPerSecond,
                confirmedPerSecond, failedPerSecond, consumedPerSecond, sendP50Micros, sendP99Micros);
        }
    }

    /** The figures since the previous sample (or the start); also folds the interval into the run's totals. */
    public Line sample() {
        long now = clock.nanos();
        double seconds = Math.max(1, now - previousNanos) / NANOS_PER_SECOND;
        long sent = metrics.sent.sum();
        long confirmed = metrics.confirmed.sum();
        long failed = metrics.failed.sum();
        long consumed = metrics.consumed();
        Histogram send = metrics.sendLatency.sampleInterval();
        metrics.endToEndLatency.sampleInterval();
        Line line = new Line((now - startNanos) / NANOS_PER_SECOND, (sent - previousSent) / seconds,
            (confirmed - previousConfirmed) / seconds, (failed - previousFailed) / seconds,
            (consumed - previousConsumed) / seconds, send.getValueAtPercentile(50), send.getValueAtPercentile(99));
        previousNanos = now;
        previousSent = sent;
        previousConfirmed = confirmed;
        previousFailed = failed;
        previousConsumed = consumed;
        return line;
    }

    /** Seconds since the run started. */
    public double elapsedSeconds() {
        return (clock.nanos() - startNanos) / NANOS_PER_SECOND;
    }
}
