package io.apogee.perf;

import io.apogee.common.time.Clock;
import io.apogee.perf.process.BrokerMonitor;
import io.apogee.perf.process.ProcessActivityMonitor;

/**
 * Where the measured part of a run begins (its start, or the end of the warmup): the counters, the client JVM's
 * usage, the threads of the processes watched and the broker monitors (the broker's, and a slave's) then, so that the
 * final figures cover only what came after. Not thread-safe: the run's sampling thread owns it.
 */
final class MeasuredWindow {
    private static final double NANOS_PER_SECOND = 1e9;

    private final long startNanos;
    private final long sent;
    private final long confirmed;
    private final long failed;
    private final long consumed;
    private final JvmUsage client;
    private final ProcessActivityMonitor clientActivity;
    private final BrokerMonitor broker;
    private final BrokerMonitor slave;

    private MeasuredWindow(RunMetrics metrics, Clock clock, Long brokerPid, Long slavePid, boolean afterWarmup) {
        // the monitors first: their system call counters take a while to attach, and the window starts once they have
        this.clientActivity = ProcessActivityMonitor.start(ProcessHandle.current().pid());
        this.broker = brokerPid == null ? null : BrokerMonitor.start(brokerPid);
        this.slave = slavePid == null ? null : BrokerMonitor.start(slavePid);
        if (afterWarmup) {
            metrics.sendLatency.resetTotal();
            metrics.endToEndLatency.resetTotal();
            metrics.restartDeliveryClock();
        }
        this.startNanos = clock.nanos();
        this.sent = metrics.sent.sum();
        this.confirmed = metrics.confirmed.sum();
        this.failed = metrics.failed.sum();
        this.consumed = metrics.consumed();
        this.client = JvmUsage.now();
    }

    /** A window starting now, watching the broker process {@code brokerPid} and its slave {@code slavePid} if not null. */
    static MeasuredWindow begin(RunMetrics metrics, Clock clock, Long brokerPid, Long slavePid) {
        return new MeasuredWindow(metrics, clock, brokerPid, slavePid, false);
    }

    /**
     * A window starting now after a warmup: the latency totals and the delivery clock start over too.
     */
    static MeasuredWindow afterWarmup(RunMetrics metrics, Clock clock, Long brokerPid, Long slavePid) {
        return new MeasuredWindow(metrics, clock, brokerPid, slavePid, true);
    }

    /** Notes the brokers' memory and the threads of every process watched once a second. */
    void sample() {
        clientActivity.sample();
        if (broker != null) {
            broker.sample();
        }
        if (slave != null) {
            slave.sample();
        }
    }

    /** Ends the window without figures (the warmup's), stopping its system call counters. */
    void abandon() {
        clientActivity.finish();
        if (broker != null) {
            broker.abandon();
        }
        if (slave != null) {
            slave.abandon();
        }
    }

    /** Seconds from the window's start to {@code nanos}. */
    double secondsTo(long nanos) {
        return (nanos - startNanos) / NANOS_PER_SECOND;
    }

    /** The final report of the window, ending now; sending ended at {@code sendEndNanos}. */
    FinalReport report(String label, long nowNanos, long sendEndNanos, RunMetrics metrics, FinalReport.Delivery delivery) {
        return new FinalReport(label, secondsTo(nowNanos), secondsTo(sendEndNanos), metrics.consumeSeconds(),
            metrics.sent.sum() - sent, metrics.confirmed.sum() - confirmed, metrics.failed.sum() - failed,
            metrics.consumed() - consumed, delivery, metrics.sendLatency.total(), metrics.endToEndLatency.total(),
            JvmUsage.now().since(client), clientActivity.finish(), broker == null ? null : broker.finish(),
            slave == null ? null : slave.finish());
    }
}
