package io.apogee.broker.timer;

import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * GET_TIMER_CHECK_POINT (60): the timer service's progress in Apache RocketMQ's {@code TimerCheckpoint} layout, which a
 * RocketMQ 5.x slave asks its master for every 3 s and copies ({@code SlaveSynchronize#syncTimerCheckPoint}). Seven
 * big-endian longs: {@code lastReadTimeMs} (Apogee's delivered-up-to time), {@code lastTimerLogFlushPos} (0: Apogee
 * keeps no timer log), {@code lastTimerQueueOffset} and {@code masterTimerQueueOffset} (both the timer-queue offset
 * scanned), then the data version: state version 0, the time of the checkpoint's write and the count of writes.
 * The slave takes the read time and the master's queue offset, so its own timer reads no further than Apogee's.
 *
 * <p>Runs on the admin executor thread; reads the service's last written checkpoint.
 */
public final class TimerCheckpointProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.GET_TIMER_CHECK_POINT};
    /** RocketMQ's encoded checkpoint: seven longs. */
    static final int ENCODED_LENGTH = 7 * Long.BYTES;

    private final TimerService timers;

    /** Answers with {@code timers}' last written checkpoint. */
    public TimerCheckpointProcessor(TimerService timers) {
        this.timers = timers;
    }

    @Override
    public void process(Exchange exchange) {
        exchange.responseHeader(ResponseCode.SUCCESS, null);
        exchange.replyWith(encode(timers.written()));
    }

    /** RocketMQ's 56 bytes for {@code written}. */
    static ByteBuf encode(TimerService.Written written) {
        TimerCheckpoint checkpoint = written.checkpoint();
        return Unpooled.buffer(ENCODED_LENGTH).writeLong(checkpoint.delivered()).writeLong(0)
            .writeLong(checkpoint.scanned()).writeLong(checkpoint.scanned())
            .writeLong(0).writeLong(written.atMillis()).writeLong(written.count());
    }
}
