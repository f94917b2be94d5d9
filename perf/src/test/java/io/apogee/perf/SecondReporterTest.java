package io.apogee.perf;

import io.apogee.common.time.ManualClock;
import org.HdrHistogram.Recorder;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The per-second lines and the merged totals, driven by hand: a manual clock, and the test playing two producer
 * threads and a consumer by updating the run's counters and recorders.
 */
class SecondReporterTest {
    private final ManualClock clock = new ManualClock(1_000);
    private final RunMetrics metrics = new RunMetrics();
    private final SecondReporter reporter = new SecondReporter(metrics, clock);
    private final Recorder producerA = metrics.sendLatency.newRecorder();
    private final Recorder producerB = metrics.sendLatency.newRecorder();
    private final Recorder consumer = metrics.endToEndLatency.newRecorder();

    @Test
    void eachLineHasThatSecondsRatesAndPercentiles() {
        send(producerA, 90, 100);
        send(producerB, 10, 5_000);
        metrics.sent.add(3);
        metrics.failed.add(3);
        for (int i = 0; i < 60; i++) {
            metrics.delivered(clock.nanos());
        }
        clock.advance(1, TimeUnit.SECONDS);
        SecondReporter.Line first = reporter.sample();
        assertThat(first.elapsedSeconds()).isEqualTo(1.0);
        assertThat(first.sentPerSecond()).isEqualTo(103);
        assertThat(first.confirmedPerSecond()).isEqualTo(100);
        assertThat(first.failedPerSecond()).isEqualTo(3);
        assertThat(first.consumedPerSecond()).isEqualTo(60);
        assertThat(first.sendP50Micros()).isEqualTo(100);
        assertThat(first.sendP99Micros()).isBetween(4_995L, 5_005L);

        send(producerA, 50, 2_000);
        clock.advance(500, TimeUnit.MILLISECONDS);
        SecondReporter.Line second = reporter.sample();
        assertThat(second.elapsedSeconds()).isEqualTo(1.5);
        assertThat(second.sentPerSecond()).isEqualTo(100);
        assertThat(second.failedPerSecond()).isZero();
        assertThat(second.consumedPerSecond()).isZero();
        assertThat(second.sendP50Micros()).isBetween(1_999L, 2_001L);
        assertThat(second.format()).isEqualTo("     1.5        100          100         0           0          2000          2000");
    }

    @Test
    void theTotalMergesEveryRecorderOfEverySample() {
        send(producerA, 1_000, 100);
        clock.advance(1, TimeUnit.SECONDS);
        reporter.sample();
        send(producerB, 1_000, 300);
        LatencyRecorders.record(consumer, 700);
        LatencyRecorders.record(consumer, -5);
        LatencyRecorders.record(consumer, Long.MAX_VALUE);
        clock.advance(1, TimeUnit.SECONDS);
        reporter.sample();
        assertThat(metrics.sendLatency.total().getTotalCount()).isEqualTo(2_000);
        assertThat(metrics.sendLatency.total().getValueAtPercentile(50)).isEqualTo(100);
        assertThat(metrics.sendLatency.total().getMaxValue()).isBetween(300L, 301L);
        assertThat(metrics.endToEndLatency.total().getTotalCount()).isEqualTo(3);
        assertThat(metrics.endToEndLatency.total().getMinValue()).isZero();
        assertThat((double) metrics.endToEndLatency.total().getMaxValue())
            .isCloseTo(LatencyRecorders.HIGHEST_MICROS, within(LatencyRecorders.HIGHEST_MICROS / 1000.0));
        assertThat(reporter.sample().sentPerSecond()).as("no time passed, no division by zero").isZero();
    }

    private void send(Recorder recorder, int count, long micros) {
        for (int i = 0; i < count; i++) {
            metrics.sent.increment();
            metrics.confirmed.increment();
            LatencyRecorders.record(recorder, micros);
        }
    }
}
