package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.streams.protocol.CommandKey;
import io.apogee.streams.protocol.FrameWriter;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reader side of the heartbeat on one connection without a socket: the channel's clock is frozen and moved by hand,
 * and the scheduled checks run when the test says so. A client that tuned a heartbeat of one second is closed between
 * two and three seconds after the last byte it sent.
 */
class StreamHeartbeatTimeoutTest {
    @TempDir
    Path dir;
    private ConnectionScript script;
    private EmbeddedChannel channel;

    @BeforeEach
    void connect() {
        script = new ConnectionScript(dir);
        channel = script.channel;
        channel.freezeTime();
    }

    @AfterEach
    void close() {
        script.close();
    }

    @Test
    void aSilentClientIsClosedAfterTwoIntervalsWithoutAFrame() {
        script.handshake(1);
        drain();
        passSeconds(2);
        assertThat(channel.isOpen()).as("one check heard the handshake, one found nothing").isTrue();
        passSeconds(1);
        assertThat(channel.isOpen()).as("the second check in a row that found nothing").isFalse();
        assertThat(drain()).as("closed without a close frame, as RabbitMQ does").doesNotContain(CommandKey.CLOSE);
    }

    @Test
    void aClientSendingHeartbeatsStaysOpen() {
        script.handshake(1);
        for (int second = 0; second < 30; second++) {
            script.send(CommandKey.HEARTBEAT, 1, out -> { });
            passSeconds(1);
            assertThat(channel.isOpen()).as("after %d s", second + 1).isTrue();
        }
        passSeconds(3);
        assertThat(channel.isOpen()).as("silent since the last heartbeat").isFalse();
    }

    @Test
    void anyFrameCountsAsBeingHeardFrom() {
        script.handshake(1);
        script.registry.create("s");
        for (int second = 0; second < 10; second++) {
            int correlationId = second;
            script.send(CommandKey.QUERY_OFFSET, 1, out -> {
                out.writeInt(correlationId);
                FrameWriter.string(out, "reader");
                FrameWriter.string(out, "s");
            });
            passSeconds(1);
        }
        assertThat(channel.isOpen()).isTrue();
        assertThat(drain()).contains(CommandKey.QUERY_OFFSET | CommandKey.RESPONSE_FLAG);
    }

    @Test
    void theBytesOfAFrameStillArrivingCountAsBeingHeardFrom() {
        script.handshake(1);
        channel.writeInbound(Unpooled.buffer().writeInt(4));
        passSeconds(1);
        channel.writeInbound(Unpooled.buffer().writeShort(CommandKey.HEARTBEAT));
        passSeconds(1);
        channel.writeInbound(Unpooled.buffer().writeByte(0));
        passSeconds(1);
        assertThat(channel.isOpen()).as("a slow heartbeat frame, a part each second").isTrue();
        channel.writeInbound(Unpooled.buffer().writeByte(1));
        passSeconds(1);
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void aHeartbeatOfZeroNeverTimesOut() {
        script.handshake(0);
        passSeconds(3600);
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void nothingTimesOutBeforeTune() {
        script.peerProperties();
        passSeconds(3600);
        assertThat(channel.isOpen()).as("the heartbeat is agreed in tune").isTrue();
    }

    private void passSeconds(int seconds) {
        for (int i = 0; i < seconds; i++) {
            channel.advanceTimeBy(1, TimeUnit.SECONDS);
            channel.runScheduledPendingTasks();
        }
    }

    /** The keys of the frames waiting in the outbound queue, which is emptied. */
    private List<Integer> drain() {
        List<Integer> keys = new ArrayList<>();
        for (ByteBuf frame = channel.readOutbound(); frame != null; frame = channel.readOutbound()) {
            keys.add(frame.getShort(4) & 0xFFFF);
            frame.release();
        }
        return keys;
    }
}
