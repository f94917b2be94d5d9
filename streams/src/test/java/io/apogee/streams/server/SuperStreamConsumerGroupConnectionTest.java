package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.streams.log.StreamLog;
import io.apogee.streams.log.StreamOptions;
import io.apogee.streams.log.SuperStreams;
import io.apogee.streams.protocol.CommandKey;
import io.apogee.streams.protocol.FrameLayout;
import io.apogee.streams.protocol.FrameWriter;
import io.apogee.streams.protocol.ResponseCode;
import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The single active consumer of a super stream's partition, on two connections without a socket: the member the
 * partition's index picks takes over from the active one once that one answered its inactive update, or once the
 * step-down bound passed when it never answers.
 */
class SuperStreamConsumerGroupConnectionTest {
    private static final Duration BOUND = Duration.ofSeconds(10);
    private static final int FIRST = 1;

    @TempDir
    Path dir;
    private ConnectionScript first;
    private ConnectionScript second;

    @BeforeEach
    void connectTwice() {
        first = new ConnectionScript(dir, new ConsumerGroups(BOUND));
        second = first.another();
        first.channel.freezeTime();
        second.channel.freezeTime();
        first.handshake();
        second.handshake();
        drain(first.channel);
        drain(second.channel);
        List<SuperStreams.Partition> partitions = List.of(new SuperStreams.Partition("inv-0", "0"),
            new SuperStreams.Partition("inv-1", "1"));
        first.registry.createSuperStream("inv", partitions, StreamOptions.defaults(StreamOptions.MIN_SEGMENT_SIZE));
    }

    @AfterEach
    void close() {
        second.close();
        first.close();
    }

    @Test
    void aMemberThatNeverAnswersItsInactiveUpdateHandsOverOnceTheBoundPassed() {
        subscribe(first, 1, 1, "inv-1", "inv");
        assertResponse(first.channel, CommandKey.SUBSCRIBE, 1, ResponseCode.OK);
        int activeUpdate = assertConsumerUpdate(first.channel, 1, true);
        answer(first, activeUpdate, FIRST);
        append("inv-1");
        assertDeliver(first.channel, 1);

        subscribe(second, 2, 7, "inv-1", "inv");
        assertResponse(second.channel, CommandKey.SUBSCRIBE, 2, ResponseCode.OK);
        first.channel.runPendingTasks();
        int inactiveUpdate = assertConsumerUpdate(first.channel, 1, false);
        append("inv-1");
        first.channel.runPendingTasks();
        assertThat((ByteBuf) first.channel.readOutbound()).as("a demoted member delivers nothing").isNull();

        first.channel.advanceTimeBy(BOUND.toMillis() - 1, TimeUnit.MILLISECONDS);
        first.channel.runScheduledPendingTasks();
        second.channel.runPendingTasks();
        assertThat((ByteBuf) second.channel.readOutbound()).as("the wanted member waits within the bound").isNull();

        first.channel.advanceTimeBy(1, TimeUnit.MILLISECONDS);
        first.channel.runScheduledPendingTasks();
        second.channel.runPendingTasks();
        int promoted = assertConsumerUpdate(second.channel, 7, true);
        answer(second, promoted, FIRST);
        assertDeliver(second.channel, 7);
        assertDeliver(second.channel, 7);

        answer(first, inactiveUpdate, FIRST); // too late: dropped
        second.channel.runPendingTasks();
        assertThat((ByteBuf) first.channel.readOutbound()).isNull();
        assertThat((ByteBuf) second.channel.readOutbound()).isNull();
    }

    @Test
    void anAnswerToTheInactiveUpdateHandsOverAtOnceAndTheFirstMemberKeepsPartitionZero() {
        subscribe(first, 1, 1, "inv-0", "inv");
        assertResponse(first.channel, CommandKey.SUBSCRIBE, 1, ResponseCode.OK);
        assertConsumerUpdate(first.channel, 1, true);
        subscribe(first, 2, 2, "inv-1", "inv");
        assertResponse(first.channel, CommandKey.SUBSCRIBE, 2, ResponseCode.OK);
        assertConsumerUpdate(first.channel, 2, true);

        subscribe(second, 3, 1, "inv-0", "inv");
        assertResponse(second.channel, CommandKey.SUBSCRIBE, 3, ResponseCode.OK);
        subscribe(second, 4, 2, "inv-1", "inv");
        assertResponse(second.channel, CommandKey.SUBSCRIBE, 4, ResponseCode.OK);
        first.channel.runPendingTasks();
        int inactive = assertConsumerUpdate(first.channel, 2, false);
        assertThat((ByteBuf) first.channel.readOutbound()).as("partition 0 stays with the first member").isNull();

        answer(first, inactive, 0);
        second.channel.runPendingTasks();
        assertConsumerUpdate(second.channel, 2, true);
        assertThat((ByteBuf) second.channel.readOutbound()).isNull();

        second.channel.close(); // its member leaves: partition 1 goes back to the first connection
        first.channel.runPendingTasks();
        assertConsumerUpdate(first.channel, 2, true);
    }

    @Test
    void aStreamThatIsNoPartitionOfTheNamedSuperStreamIsRefused() {
        first.registry.create("plain");
        subscribe(first, 1, 1, "plain", "inv");
        assertResponse(first.channel, CommandKey.SUBSCRIBE, 1, ResponseCode.PRECONDITION_FAILED);
        subscribe(first, 2, 1, "inv-0", "nowhere");
        assertResponse(first.channel, CommandKey.SUBSCRIBE, 2, ResponseCode.PRECONDITION_FAILED);
    }

    private static void subscribe(ConnectionScript script, int correlationId, int subscriptionId, String stream,
        String superStream) {
        script.send(CommandKey.SUBSCRIBE, 1, out -> {
            out.writeInt(correlationId).writeByte(subscriptionId);
            FrameWriter.string(out, stream);
            out.writeShort(FIRST).writeShort(10).writeInt(3);
            FrameWriter.string(out, "single-active-consumer");
            FrameWriter.string(out, "true");
            FrameWriter.string(out, "name");
            FrameWriter.string(out, "app");
            FrameWriter.string(out, "super-stream");
            FrameWriter.string(out, superStream);
        });
    }

    private static void answer(ConnectionScript script, int correlationId, int offsetType) {
        script.send(CommandKey.CONSUMER_UPDATE | CommandKey.RESPONSE_FLAG, 1,
            out -> out.writeInt(correlationId).writeShort(ResponseCode.OK).writeShort(offsetType));
    }

    private void append(String stream) {
        StreamLog log = first.registry.get(stream);
        log.append(ByteBuffer.allocate(5).putInt(1).put((byte) 'x').flip(), 1, 1);
        first.channel.runPendingTasks();
        second.channel.runPendingTasks();
    }

    /** Reads a consumer update for {@code subscriptionId}; returns its correlation id. */
    private static int assertConsumerUpdate(EmbeddedChannel channel, int subscriptionId, boolean active) {
        ByteBuf update = channel.readOutbound();
        assertThat(update).as("a consumer update").isNotNull();
        try {
            assertThat(update.getShort(4) & 0xFFFF).isEqualTo(CommandKey.CONSUMER_UPDATE);
            assertThat(update.getByte(12)).as("subscription id").isEqualTo((byte) subscriptionId);
            assertThat(update.getByte(13)).as("active").isEqualTo((byte) (active ? 1 : 0));
            return update.getInt(8);
        } finally {
            update.release();
        }
    }

    private static void assertDeliver(EmbeddedChannel channel, int subscriptionId) {
        ByteBuf deliver = channel.readOutbound();
        assertThat(deliver).as("a deliver").isNotNull();
        try {
            assertThat(deliver.getShort(4) & 0xFFFF).isEqualTo(CommandKey.DELIVER);
            assertThat(deliver.getByte(FrameLayout.SIZE_LENGTH + FrameLayout.COMMAND_HEADER_LENGTH))
                .isEqualTo((byte) subscriptionId);
        } finally {
            deliver.release();
        }
    }

    private static void assertResponse(EmbeddedChannel channel, int key, int correlationId, int code) {
        ByteBuf response = channel.readOutbound();
        try {
            assertThat(response.getShort(4) & 0xFFFF).isEqualTo(key | CommandKey.RESPONSE_FLAG);
            assertThat(response.getInt(8)).isEqualTo(correlationId);
            assertThat(response.getShort(12)).isEqualTo((short) code);
        } finally {
            response.release();
        }
    }

    private static void drain(EmbeddedChannel channel) {
        for (Object message = channel.readOutbound(); message != null; message = channel.readOutbound()) {
            ((ByteBuf) message).release();
        }
    }
}
