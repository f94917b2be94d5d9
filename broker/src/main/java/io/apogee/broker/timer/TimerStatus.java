package io.apogee.broker.timer;

/**
 * What the timer service reports to mqadmin's {@code brokerStatus}, under RocketMQ's keys. Immutable.
 *
 * @param readBehindSeconds how far delivery lags behind the clock, whole seconds ({@code timerReadBehind})
 * @param offsetBehind      timer-queue units not read yet ({@code timerOffsetBehind})
 * @param loaded            messages held in memory, due within the loaded window ({@code timerCongestNum})
 * @param enqueueTps        messages taken into memory per second, over the last second ({@code timerEnqueueTps})
 * @param dequeueTps        messages delivered per second, over the last second ({@code timerDequeueTps})
 */
public record TimerStatus(long readBehindSeconds, long offsetBehind, long loaded, double enqueueTps, double dequeueTps) {
    /** Before the first report. */
    static final TimerStatus IDLE = new TimerStatus(0, 0, 0, 0, 0);
}
