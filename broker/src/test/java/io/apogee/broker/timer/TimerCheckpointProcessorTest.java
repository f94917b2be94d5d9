package io.apogee.broker.timer;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import org.apache.rocketmq.store.timer.TimerCheckpoint;
import org.junit.jupiter.api.Test;

/**
 * The answer to GET_TIMER_CHECK_POINT read back by Apache RocketMQ 5.4.0's own {@code TimerCheckpoint.decode}, as its
 * slave reads it: the read time is Apogee's delivered-up-to time, and the master's timer-queue offset its scanned one.
 */
class TimerCheckpointProcessorTest {
    @Test
    void rocketMqDecodesTheProgressAsItsSlaveUsesIt() {
        TimerService.Written written = new TimerService.Written(
            new io.apogee.broker.timer.TimerCheckpoint(1_234, 1_764_000_123_456L, 1_200), 1_764_000_124_000L, 7);
        ByteBuf encoded = TimerCheckpointProcessor.encode(written);
        assertThat(encoded.readableBytes()).isEqualTo(56);
        byte[] bytes = new byte[encoded.readableBytes()];
        encoded.readBytes(bytes);

        TimerCheckpoint decoded = TimerCheckpoint.decode(ByteBuffer.wrap(bytes));

        assertThat(decoded.getLastReadTimeMs()).isEqualTo(1_764_000_123_456L);
        assertThat(decoded.getMasterTimerQueueOffset()).isEqualTo(1_234);
        assertThat(decoded.getLastTimerQueueOffset()).isEqualTo(1_234);
        assertThat(decoded.getLastTimerLogFlushPos()).isZero();
        assertThat(decoded.getDataVersion().getTimestamp()).isEqualTo(1_764_000_124_000L);
        assertThat(decoded.getDataVersion().getCounter().get()).isEqualTo(7);
    }
}
