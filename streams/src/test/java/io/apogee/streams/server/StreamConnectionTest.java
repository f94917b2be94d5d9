package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.streams.log.StreamRegistry;
import io.apogee.streams.protocol.CommandKey;
import io.apogee.streams.protocol.FrameWriter;
import io.apogee.streams.protocol.ResponseCode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One connection's handling of the handshake and of bad frames, without a socket. */
class StreamConnectionTest {
    @TempDir
    Path dir;
    private ConnectionScript script;
    private StreamRegistry registry;
    private EmbeddedChannel channel;

    @BeforeEach
    void connect() {
        script = new ConnectionScript(dir);
        registry = script.registry;
        channel = script.channel;
    }

    @AfterEach
    void close() {
        script.close();
    }

    @Test
    void theHandshakeEndsWithTheAdvertisedAddress() {
        handshake();
        send(CommandKey.CREATE, 1, out -> {
            out.writeInt(9);
            FrameWriter.string(out, "s1");
            out.writeInt(0);
        });
        assertResponse(CommandKey.CREATE, 9, ResponseCode.OK);
        assertThat(registry.get("s1")).isNotNull();
    }

    @Test
    void aCommandBeforeTheHandshakeClosesTheConnection() {
        send(CommandKey.CREATE, 1, out -> out.writeInt(1));
        StreamFrameDecoderTest.assertClosedWith(channel, ResponseCode.UNKNOWN_FRAME,
            "command 13 out of order before open (expected PEER_PROPERTIES)");
    }

    @Test
    void aWrongPasswordIsRefused() {
        peerProperties();
        saslHandshake();
        saslPlain("guest", "wrong");
        assertResponse(CommandKey.SASL_AUTHENTICATE, 3, ResponseCode.AUTHENTICATION_FAILURE);
        StreamFrameDecoderTest.assertClosedWith(channel, ResponseCode.AUTHENTICATION_FAILURE, "authentication failed");
    }

    @Test
    void aFrameOverTheInitialBoundBeforeOpenIsTooLarge() {
        channel.writeInbound(Unpooled.buffer().writeInt(9_000).writeShort(CommandKey.PEER_PROPERTIES).writeShort(1));
        StreamFrameDecoderTest.assertClosedWith(channel, ResponseCode.FRAME_TOO_LARGE, "frame of 9000 bytes, frame max 8192");
    }

    @Test
    void anUnknownCommandClosesTheConnection() {
        handshake();
        send(0x0777, 1, out -> out.writeInt(1));
        StreamFrameDecoderTest.assertClosedWith(channel, ResponseCode.UNKNOWN_FRAME, "unknown command key 1911");
    }

    @Test
    void anUnknownVersionClosesTheConnection() {
        handshake();
        send(CommandKey.CREATE, 7, out -> out.writeInt(1));
        StreamFrameDecoderTest.assertClosedWith(channel, ResponseCode.UNKNOWN_FRAME, "unsupported version 7 of command 13");
    }

    @Test
    void aStringPastTheFrameIsMalformed() {
        handshake();
        send(CommandKey.CREATE, 1, out -> out.writeInt(1).writeShort(200).writeByte('s'));
        StreamFrameDecoderTest.assertClosedWith(channel, ResponseCode.UNKNOWN_FRAME,
            "malformed frame: stream: 200 bytes needed, 1 left");
    }

    @Test
    void aStreamNameThatIsAPathIsRefused() {
        handshake();
        send(CommandKey.CREATE, 1, out -> {
            out.writeInt(4);
            FrameWriter.string(out, "../up");
            out.writeInt(0);
        });
        assertResponse(CommandKey.CREATE, 4, ResponseCode.PRECONDITION_FAILED);
    }

    @Test
    void anUnknownCreationArgumentIsRefused() {
        handshake();
        send(CommandKey.CREATE, 1, out -> {
            out.writeInt(5);
            FrameWriter.string(out, "s2");
            out.writeInt(1);
            FrameWriter.string(out, "x-unknown");
            FrameWriter.string(out, "1");
        });
        assertResponse(CommandKey.CREATE, 5, ResponseCode.PRECONDITION_FAILED);
        assertThat(registry.get("s2")).isNull();
    }

    private void handshake() {
        peerProperties();
        saslHandshake();
        saslPlain("guest", "guest");
        assertResponse(CommandKey.SASL_AUTHENTICATE, 3, ResponseCode.OK);
        ByteBuf tune = channel.readOutbound();
        assertThat(tune.getShort(4)).isEqualTo((short) CommandKey.TUNE);
        assertThat(tune.getInt(8)).as("frame max").isEqualTo(ConnectionScript.FRAME_MAX);
        tune.release();
        script.tuneAndOpen();
        ByteBuf open = channel.readOutbound();
        assertThat(open.toString(StandardCharsets.UTF_8)).contains("advertised_host").contains("127.0.0.1")
            .contains("advertised_port").contains("5552");
        assertThat(open.getShort(12)).isEqualTo((short) ResponseCode.OK);
        open.release();
    }

    @Test
    void streamStatsAnswerTheFirstChunkTheCommittedChunkAndOffsetOrMinusOne() {
        handshake();
        registry.create("s");
        send(CommandKey.STREAM_STATS, 1, out -> {
            out.writeInt(3);
            FrameWriter.string(out, "s");
        });
        assertThat(stats(3)).containsExactly("first_chunk_id", "-1", "committed_chunk_id", "-1", "committed_offset", "-1");
        ByteBuffer entries = ByteBuffer.allocate(16).putInt(1).put((byte) 'a').putInt(1).put((byte) 'b');
        registry.get("s").append(entries.flip(), 2, 2);
        registry.get("s").append(ByteBuffer.allocate(5).putInt(1).put((byte) 'c').flip(), 1, 1);
        send(CommandKey.STREAM_STATS, 1, out -> {
            out.writeInt(4);
            FrameWriter.string(out, "s");
        });
        assertThat(stats(4)).containsExactly("first_chunk_id", "0", "committed_chunk_id", "2", "committed_offset", "2");
        send(CommandKey.STREAM_STATS, 1, out -> {
            out.writeInt(5);
            FrameWriter.string(out, "nowhere");
        });
        assertResponse(CommandKey.STREAM_STATS, 5, ResponseCode.STREAM_DOES_NOT_EXIST);
    }

    @Test
    void aSingleActiveConsumerNeedsANameAndIsToldWhenItIsActive() {
        handshake();
        registry.create("s");
        subscribeSingleActive(6, 1, null);
        assertResponse(CommandKey.SUBSCRIBE, 6, ResponseCode.PRECONDITION_FAILED);
        subscribeSingleActive(7, 2, "app");
        assertResponse(CommandKey.SUBSCRIBE, 7, ResponseCode.OK);
        ByteBuf update = channel.readOutbound();
        try {
            assertThat(update.getShort(4) & 0xFFFF).isEqualTo(CommandKey.CONSUMER_UPDATE);
            assertThat(update.getByte(12)).as("subscription id").isEqualTo((byte) 2);
            assertThat(update.getByte(13)).as("active").isEqualTo((byte) 1);
            assertThat(update.readableBytes()).isEqualTo(14);
        } finally {
            update.release();
        }
        subscribeSingleActive(8, 3, "app");
        assertResponse(CommandKey.SUBSCRIBE, 8, ResponseCode.OK);
        ByteBuf none = channel.readOutbound();
        assertThat(none).as("the second member waits: no update").isNull();
        send(CommandKey.CONSUMER_UPDATE | CommandKey.RESPONSE_FLAG, 1, out -> out.writeInt(1).writeShort(ResponseCode.OK)
            .writeShort(9));
        StreamFrameDecoderTest.assertClosedWith(channel, ResponseCode.UNKNOWN_FRAME,
            "malformed frame: consumer update: offset type 9");
    }

    @Test
    void aSuperStreamIsCreatedOnceWithAsManyBindingKeysAsPartitions() {
        handshake();
        createSuperStream(11, List.of("p-0", "p-1"), List.of("0", "1"));
        assertResponse(CommandKey.CREATE_SUPER_STREAM, 11, ResponseCode.OK);
        createSuperStream(12, List.of("p-0", "p-1"), List.of("0", "1"));
        assertResponse(CommandKey.CREATE_SUPER_STREAM, 12, ResponseCode.STREAM_ALREADY_EXISTS);
        createSuperStream(13, List.of("q-0", "q-1"), List.of("0"));
        assertResponse(CommandKey.CREATE_SUPER_STREAM, 13, ResponseCode.PRECONDITION_FAILED);
        assertThat(registry.get("q-0")).isNull();
        send(CommandKey.DELETE_SUPER_STREAM, 1, out -> {
            out.writeInt(14);
            FrameWriter.string(out, "nowhere");
        });
        assertResponse(CommandKey.DELETE_SUPER_STREAM, 14, ResponseCode.STREAM_DOES_NOT_EXIST);
    }

    private void createSuperStream(int correlationId, List<String> partitions, List<String> keys) {
        send(CommandKey.CREATE_SUPER_STREAM, 1, out -> {
            out.writeInt(correlationId);
            FrameWriter.string(out, correlationId == 13 ? "q" : "p");
            out.writeInt(partitions.size());
            partitions.forEach(partition -> FrameWriter.string(out, partition));
            out.writeInt(keys.size());
            keys.forEach(key -> FrameWriter.string(out, key));
            out.writeInt(0);
        });
    }

    @Test
    void aClientTakingDeliverV2GetsTheCommittedChunkIdAndPublishV2CarriesFilterValues() {
        handshake();
        send(CommandKey.EXCHANGE_COMMAND_VERSIONS, 1, out -> out.writeInt(21).writeInt(1).writeShort(CommandKey.DELIVER)
            .writeShort(1).writeShort(2));
        ByteBuf versions = channel.readOutbound();
        try {
            versions.readerIndex(14);
            List<String> commands = new ArrayList<>();
            for (int count = versions.readInt(); count > 0; count--) {
                commands.add(versions.readShort() + ":" + versions.readShort() + "-" + versions.readShort());
            }
            assertThat(commands).contains(CommandKey.PUBLISH + ":1-2", CommandKey.DELIVER + ":1-2",
                CommandKey.STREAM_STATS + ":1-1");
        } finally {
            versions.release();
        }
        registry.create("s");
        send(CommandKey.DECLARE_PUBLISHER, 1, out -> {
            out.writeInt(22).writeByte(0);
            out.writeShort(-1);
            FrameWriter.string(out, "s");
        });
        assertResponse(CommandKey.DECLARE_PUBLISHER, 22, ResponseCode.OK);
        send(CommandKey.PUBLISH, 2, out -> {
            out.writeByte(0).writeInt(2);
            out.writeLong(1);
            FrameWriter.string(out, "california");
            out.writeInt(1).writeByte('a');
            out.writeLong(2);
            out.writeShort(-1);
            out.writeInt(1).writeByte('b');
        });
        ByteBuf confirm = channel.readOutbound();
        assertThat(confirm.getShort(4)).isEqualTo((short) CommandKey.PUBLISH_CONFIRM);
        assertThat(confirm.getInt(9)).as("both publishing ids").isEqualTo(2);
        confirm.release();
        send(CommandKey.SUBSCRIBE, 1, out -> {
            out.writeInt(23).writeByte(1);
            FrameWriter.string(out, "s");
            out.writeShort(1).writeShort(1);
        });
        assertResponse(CommandKey.SUBSCRIBE, 23, ResponseCode.OK);
        ByteBuf deliver = channel.readOutbound();
        try {
            assertThat(deliver.getShort(4)).isEqualTo((short) CommandKey.DELIVER);
            assertThat(deliver.getShort(6)).as("version").isEqualTo((short) 2);
            assertThat(deliver.getByte(8)).as("subscription id").isEqualTo((byte) 1);
            assertThat(deliver.getLong(9)).as("committed chunk id").isZero();
            assertThat(deliver.getInt(0)).isEqualTo(deliver.readableBytes() - Integer.BYTES);
            assertThat(deliver.readableBytes()).as("header, chunk header, two entries of 5 bytes")
                .isEqualTo(17 + io.apogee.streams.chunk.ChunkLayout.HEADER_LENGTH + 10);
        } finally {
            deliver.release();
        }
    }

    private void subscribeSingleActive(int correlationId, int subscriptionId, String name) {
        send(CommandKey.SUBSCRIBE, 1, out -> {
            out.writeInt(correlationId).writeByte(subscriptionId);
            FrameWriter.string(out, "s");
            out.writeShort(1).writeShort(10).writeInt(name == null ? 1 : 2);
            FrameWriter.string(out, "single-active-consumer");
            FrameWriter.string(out, "true");
            if (name != null) {
                FrameWriter.string(out, "name");
                FrameWriter.string(out, name);
            }
        });
    }

    /** The statistics of a stream stats response, as key, value, key, value. */
    private List<String> stats(int correlationId) {
        ByteBuf response = channel.readOutbound();
        try {
            assertThat(response.getShort(4) & 0xFFFF).isEqualTo(CommandKey.STREAM_STATS | CommandKey.RESPONSE_FLAG);
            assertThat(response.getInt(8)).isEqualTo(correlationId);
            assertThat(response.getShort(12)).isEqualTo((short) ResponseCode.OK);
            response.readerIndex(14);
            List<String> stats = new ArrayList<>();
            for (int count = response.readInt(); count > 0; count--) {
                stats.add(response.readCharSequence(response.readShort(), StandardCharsets.UTF_8).toString());
                stats.add(Long.toString(response.readLong()));
            }
            assertThat(response.isReadable()).isFalse();
            return stats;
        } finally {
            response.release();
        }
    }

    private void peerProperties() {
        script.peerProperties();
        assertResponse(CommandKey.PEER_PROPERTIES, 1, ResponseCode.OK);
    }

    private void saslHandshake() {
        script.saslHandshake();
        assertResponse(CommandKey.SASL_HANDSHAKE, 2, ResponseCode.OK);
    }

    private void saslPlain(String user, String password) {
        script.saslPlain(user, password);
    }

    private void send(int key, int version, Consumer<ByteBuf> content) {
        script.send(key, version, content);
    }

    private void assertResponse(int key, int correlationId, int code) {
        ByteBuf response = channel.readOutbound();
        assertThat(response.getShort(4) & 0xFFFF).isEqualTo(key | CommandKey.RESPONSE_FLAG);
        assertThat(response.getInt(8)).isEqualTo(correlationId);
        assertThat(response.getShort(12)).isEqualTo((short) code);
        response.release();
    }
}
