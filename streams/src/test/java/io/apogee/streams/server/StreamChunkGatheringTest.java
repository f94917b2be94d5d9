package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.streams.log.StreamLog;
import io.apogee.streams.protocol.CommandKey;
import io.apogee.streams.protocol.FrameLayout;
import io.apogee.streams.protocol.FrameWriter;
import io.apogee.streams.protocol.ResponseCode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The publish frames a connection reads in one go become one chunk, as osiris gathers what reaches its writer together;
 * each frame is still confirmed on its own, in order. Without a socket: several frames in one inbound buffer are one
 * read.
 */
class StreamChunkGatheringTest {
    @TempDir
    Path dir;
    private ConnectionScript script;
    private EmbeddedChannel channel;
    private StreamLog log;

    @BeforeEach
    void connect() {
        script = new ConnectionScript(dir);
        channel = script.channel;
        script.handshake();
        drain();
        script.registry.create("s");
        log = script.registry.get("s");
    }

    @AfterEach
    void close() {
        script.close();
    }

    @Test
    void framesReadTogetherAreOneChunkAndEachIsConfirmed() {
        declare(0, null);
        declare(1, null);
        read(publish(0, 1, 2), publish(1, 7), publish(0, 3));

        assertThat(log.chunkCount()).isEqualTo(1);
        assertThat(log.nextOffset()).isEqualTo(4);
        assertThat(confirms()).containsExactly("0:[1, 2]", "1:[7]", "0:[3]");
    }

    @Test
    void framesReadApartAreChunksApart() {
        declare(0, null);
        read(publish(0, 1));
        read(publish(0, 2));

        assertThat(log.chunkCount()).isEqualTo(2);
        assertThat(confirms()).containsExactly("0:[1]", "0:[2]");
    }

    @Test
    void aNamedPublisherSharesNoChunkAndItsDuplicatesAreConfirmedNotStored() {
        declare(0, "orders");
        declare(1, null);
        read(publish(0, 1, 2), publish(0, 2, 3), publish(1, 9), publish(0, 4));

        assertThat(log.chunkCount()).as("orders 1-3, the unnamed one, orders 4").isEqualTo(3);
        assertThat(log.nextOffset()).as("id 2 of the second frame is a duplicate").isEqualTo(5);
        assertThat(log.tracking().lastWritten("orders")).isEqualTo(4);
        assertThat(confirms()).containsExactly("0:[1, 2]", "0:[2, 3]", "1:[9]", "0:[4]");
    }

    @Test
    void aChunkGathersNoMoreThanADeliverFrameHolds() {
        declare(0, null);
        int body = 30_000; // two fit in a frame max of 64 KiB, three do not
        read(publishBody(0, 1, body), publishBody(0, 2, body), publishBody(0, 3, body));

        assertThat(log.chunkCount()).isEqualTo(2);
        assertThat(confirms()).containsExactly("0:[1]", "0:[2]", "0:[3]");
    }

    @Test
    void theWholeFramesBeforeAMalformedOneAreStoredAndConfirmedBeforeTheClose() {
        declare(0, null);
        ByteBuf malformed = frame(CommandKey.PUBLISH, out -> {
            out.writeByte(0).writeInt(1).writeLong(2);
            out.writeInt(100).writeByte('x'); // 100 bytes announced, one sent
        });
        read(publish(0, 1), malformed);

        assertThat(log.chunkCount()).isEqualTo(1);
        assertThat(log.nextOffset()).isEqualTo(1);
        ByteBuf confirm = channel.readOutbound();
        assertThat(confirm.getShort(4)).isEqualTo((short) CommandKey.PUBLISH_CONFIRM);
        confirm.release();
        ByteBuf close = channel.readOutbound();
        assertThat(close.getShort(4)).isEqualTo((short) CommandKey.CLOSE);
        assertThat(close.getShort(12)).isEqualTo((short) ResponseCode.UNKNOWN_FRAME);
        close.release();
    }

    @Test
    void aCommandAfterPublishesSeesThemWritten() {
        declare(0, "orders");
        ByteBuf query = frame(CommandKey.QUERY_PUBLISHER_SEQUENCE, out -> {
            out.writeInt(30);
            FrameWriter.string(out, "orders");
            FrameWriter.string(out, "s");
        });
        read(publish(0, 5), query);

        assertThat(confirms()).containsExactly("0:[5]");
        ByteBuf answer = channel.readOutbound();
        assertThat(answer.getShort(4) & 0xFFFF).isEqualTo(CommandKey.QUERY_PUBLISHER_SEQUENCE | CommandKey.RESPONSE_FLAG);
        assertThat(answer.getLong(14)).isEqualTo(5);
        answer.release();
    }

    private void declare(int id, String reference) {
        read(frame(CommandKey.DECLARE_PUBLISHER, out -> {
            out.writeInt(20 + id).writeByte(id);
            if (reference == null) {
                out.writeShort(-1); // no reference: a null string
            } else {
                FrameWriter.string(out, reference);
            }
            FrameWriter.string(out, "s");
        }));
        ByteBuf response = channel.readOutbound();
        assertThat(response.getShort(12)).isEqualTo((short) ResponseCode.OK);
        response.release();
    }

    /** A publish v1 frame of publisher {@code id} with one-byte messages of these publishing ids. */
    private static ByteBuf publish(int id, long... publishingIds) {
        return frame(CommandKey.PUBLISH, out -> {
            out.writeByte(id).writeInt(publishingIds.length);
            for (long publishingId : publishingIds) {
                out.writeLong(publishingId).writeInt(1).writeByte('m');
            }
        });
    }

    private static ByteBuf publishBody(int id, long publishingId, int bodyLength) {
        return frame(CommandKey.PUBLISH, out -> {
            out.writeByte(id).writeInt(1).writeLong(publishingId).writeInt(bodyLength).writeZero(bodyLength);
        });
    }

    private static ByteBuf frame(int key, Consumer<ByteBuf> content) {
        ByteBuf out = Unpooled.buffer();
        int start = FrameLayout.begin(out, key, StreamConnection.VERSION_1);
        content.accept(out);
        return FrameLayout.finish(out, start);
    }

    /** Hands the frames to the connection in one inbound buffer: one read. */
    private void read(ByteBuf... frames) {
        channel.writeInbound(Unpooled.wrappedBuffer(frames));
    }

    /** The confirms sent before any other frame, each as "publisher:[ids]". */
    private List<String> confirms() {
        List<String> confirms = new ArrayList<>();
        while (channel.outboundMessages().peek() instanceof ByteBuf next && next.getShort(4) == CommandKey.PUBLISH_CONFIRM) {
            ByteBuf frame = channel.readOutbound();
            List<Long> ids = new ArrayList<>();
            for (int i = 0; i < frame.getInt(9); i++) {
                ids.add(frame.getLong(13 + i * Long.BYTES));
            }
            confirms.add(frame.getByte(8) + ":" + ids);
            frame.release();
        }
        return confirms;
    }

    private void drain() {
        for (ByteBuf frame = channel.readOutbound(); frame != null; frame = channel.readOutbound()) {
            frame.release();
        }
    }
}
