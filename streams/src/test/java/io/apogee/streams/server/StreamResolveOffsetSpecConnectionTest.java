package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.streams.chunk.BloomWriter;
import io.apogee.streams.chunk.ChunkBloom;
import io.apogee.streams.log.StreamLog;
import io.apogee.streams.protocol.CommandKey;
import io.apogee.streams.protocol.FrameWriter;
import io.apogee.streams.protocol.ResponseCode;
import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Resolve offset spec (0x1f) on one connection without a socket: each offset specification, the filter properties and
 * the chunk selector against the subscriptions they describe, and the malformed frames that close the connection.
 *
 * <p>The stream "s" holds four chunks (all written at the same time): slot 0 two "texas" records (offsets 0 and 1),
 * slot 1 a tracking chunk (id 2, no record), slot 2 one "nevada" record (offset 2), slot 3 one record without a filter
 * (offset 3). The next offset is 4.
 */
class StreamResolveOffsetSpecConnectionTest {
    private static final int FIRST = 1;
    private static final int LAST = 2;
    private static final int NEXT = 3;
    private static final int OFFSET = 4;
    private static final int TIMESTAMP = 5;
    private static final int DELIVER_V1_HEADER = 9;
    private static final int CHUNK_ID_IN_HEADER = 24;

    @TempDir
    Path dir;
    private ConnectionScript script;
    private EmbeddedChannel channel;
    private int nextCorrelationId = 100;
    private int nextSubscriptionId;

    @BeforeEach
    void connect() {
        script = new ConnectionScript(dir);
        channel = script.channel;
        script.handshake();
        drain();
        script.registry.create("s");
        StreamLog log = script.registry.get("s");
        BloomWriter bloom = new BloomWriter();
        bloom.reset(ChunkBloom.DEFAULT_SIZE);
        bloom.add(utf8("texas"), 0, 5);
        log.append(ByteBuffer.allocate(10).putInt(1).put((byte) 't').putInt(1).put((byte) 'u').flip(), 2, 2, null, 0, bloom);
        log.storeOffset("reader", 1);
        bloom.reset(ChunkBloom.DEFAULT_SIZE);
        bloom.add(utf8("nevada"), 0, 6);
        log.append(ByteBuffer.allocate(5).putInt(1).put((byte) 'n').flip(), 1, 1, null, 0, bloom);
        log.append(ByteBuffer.allocate(5).putInt(1).put((byte) 'x').flip(), 1, 1);
        assertThat(log.chunkCount()).isEqualTo(4);
        assertThat(log.nextOffset()).isEqualTo(4);
    }

    @AfterEach
    void close() {
        script.close();
    }

    @Test
    void eachSpecificationResolvesToTheChunkASubscriptionFromItIsSentFirst() {
        assertThat(resolvedAndDelivered(FIRST, 0, Map.of())).containsExactly(0L, 0L);
        assertThat(resolvedAndDelivered(LAST, 0, Map.of())).as("the last user chunk").containsExactly(3L, 3L);
        assertThat(resolvedAndDelivered(OFFSET, 1, Map.of())).as("the chunk holding 1").containsExactly(0L, 0L);
        assertThat(resolvedAndDelivered(OFFSET, 2, Map.of())).containsExactly(2L, 2L);
        assertThat(resolvedAndDelivered(TIMESTAMP, 0, Map.of())).containsExactly(0L, 0L);
        assertThat(resolve("s", NEXT, 0, Map.of())).isEqualTo(4);
        assertThat(resolve("s", OFFSET, 99, Map.of())).as("past the end: the next offset").isEqualTo(4);
        assertThat(resolve("s", OFFSET, -1, Map.of())).as("an uint64 past the long range").isEqualTo(4);
        assertThat(resolve("s", TIMESTAMP, 2, Map.of())).as("nothing written since").isEqualTo(4);
    }

    @Test
    void filterValuesSkipTheChunksAFilteringSubscriptionIsNotSent() {
        assertThat(resolvedAndDelivered(FIRST, 0, Map.of("filter.0", "nevada"))).containsExactly(2L, 2L);
        assertThat(resolvedAndDelivered(FIRST, 0, Map.of("filter.0", "california", "match-unfiltered", "true")))
            .as("the chunk without a filter").containsExactly(3L, 3L);
        assertThat(resolve("s", FIRST, 0, Map.of("filter.0", "california"))).as("no chunk: the next offset").isEqualTo(4);
        assertThat(resolve("s", OFFSET, 2, Map.of("filter.0", "texas"))).isEqualTo(4);
    }

    @Test
    void theChunkSelectorAllStopsAtATrackingChunk() {
        assertThat(resolve("s", FIRST, 0, Map.of("filter.0", "california", "chunk_selector", "all")))
            .as("the tracking chunk after the texan one").isEqualTo(2);
        assertThat(resolve("s", FIRST, 0, Map.of("filter.0", "california", "chunk_selector", "user_data"))).isEqualTo(4);
        assertThat(resolve("s", FIRST, 0, Map.of("filter.0", "california", "chunk_selector", "other")))
            .as("any other selector is user_data").isEqualTo(4);
    }

    @Test
    void anUnknownStreamAndBadFilterPropertiesAreAnsweredWithTheirCodes() {
        int unknown = sendResolve("nowhere", FIRST, 0, Map.of());
        assertResponse(unknown, ResponseCode.STREAM_DOES_NOT_EXIST, 0);
        int badFlag = sendResolve("s", FIRST, 0, Map.of("filter.0", "texas", "match-unfiltered", "yes"));
        assertResponse(badFlag, ResponseCode.PRECONDITION_FAILED, 0);
        int tooLong = sendResolve("s", FIRST, 0, Map.of("filter.0", "x".repeat(Subscriptions.MAX_FILTER_VALUE_LENGTH + 1)));
        assertResponse(tooLong, ResponseCode.PRECONDITION_FAILED, 0);
        assertThat(channel.isOpen()).isTrue();
    }

    @Test
    void theCommandIsAdvertisedInVersionOneOnly() {
        script.send(CommandKey.EXCHANGE_COMMAND_VERSIONS, 1, out -> out.writeInt(21).writeInt(0));
        ByteBuf versions = channel.readOutbound();
        try {
            versions.readerIndex(14);
            List<String> commands = new ArrayList<>();
            for (int count = versions.readInt(); count > 0; count--) {
                commands.add(versions.readShort() + ":" + versions.readShort() + "-" + versions.readShort());
            }
            assertThat(commands).contains(CommandKey.RESOLVE_OFFSET_SPEC + ":1-1");
        } finally {
            versions.release();
        }
    }

    @Test
    void anUnknownOffsetTypeClosesTheConnection() {
        send(out -> {
            out.writeInt(1);
            FrameWriter.string(out, "s");
            out.writeShort(9);
        });
        StreamFrameDecoderTest.assertClosedWith(channel, ResponseCode.UNKNOWN_FRAME,
            "malformed frame: resolve offset spec: offset type 9");
    }

    @Test
    void aTruncatedOffsetClosesTheConnection() {
        send(out -> {
            out.writeInt(1);
            FrameWriter.string(out, "s");
            out.writeShort(OFFSET).writeInt(7);
        });
        StreamFrameDecoderTest.assertClosedWith(channel, ResponseCode.UNKNOWN_FRAME,
            "malformed frame: offset: 8 bytes needed, 4 left");
    }

    @Test
    void bytesAfterThePropertiesCloseTheConnection() {
        send(out -> {
            out.writeInt(1);
            FrameWriter.string(out, "s");
            out.writeShort(FIRST).writeInt(0).writeByte(1).writeShort(2);
        });
        StreamFrameDecoderTest.assertClosedWith(channel, ResponseCode.UNKNOWN_FRAME,
            "malformed frame: resolve offset spec: 3 bytes after the last field");
    }

    @Test
    void aMissingStreamNameClosesTheConnection() {
        send(out -> out.writeInt(1).writeShort(-1).writeShort(FIRST));
        StreamFrameDecoderTest.assertClosedWith(channel, ResponseCode.UNKNOWN_FRAME, "malformed frame: stream: null");
    }

    @Test
    void aSecondVersionClosesTheConnection() {
        script.send(CommandKey.RESOLVE_OFFSET_SPEC, 2, out -> {
            out.writeInt(1);
            FrameWriter.string(out, "s");
            out.writeShort(FIRST);
        });
        StreamFrameDecoderTest.assertClosedWith(channel, ResponseCode.UNKNOWN_FRAME, "unsupported version 2 of command 31");
    }

    /** The offset resolved for the specification, then the chunk id of the first deliver to a subscription from it. */
    private List<Long> resolvedAndDelivered(int type, long value, Map<String, String> properties) {
        long resolved = resolve("s", type, value, properties);
        int correlationId = nextCorrelationId++;
        int subscriptionId = nextSubscriptionId++;
        script.send(CommandKey.SUBSCRIBE, 1, out -> {
            out.writeInt(correlationId).writeByte(subscriptionId);
            FrameWriter.string(out, "s");
            out.writeShort(type);
            if (type == OFFSET || type == TIMESTAMP) {
                out.writeLong(value);
            }
            out.writeShort(1);
            writeProperties(out, properties);
        });
        Long delivered = null;
        for (ByteBuf frame = channel.readOutbound(); frame != null; frame = channel.readOutbound()) {
            if (frame.getShort(4) == CommandKey.DELIVER && frame.getByte(8) == subscriptionId && delivered == null) {
                delivered = frame.getLong(DELIVER_V1_HEADER + CHUNK_ID_IN_HEADER);
            }
            frame.release();
        }
        assertThat(delivered).as("a chunk delivered").isNotNull();
        return List.of(resolved, delivered);
    }

    private long resolve(String stream, int type, long value, Map<String, String> properties) {
        int correlationId = sendResolve(stream, type, value, properties);
        ByteBuf response = channel.readOutbound();
        try {
            assertThat(response.getShort(4) & 0xFFFF).isEqualTo(CommandKey.RESOLVE_OFFSET_SPEC | CommandKey.RESPONSE_FLAG);
            assertThat(response.getInt(8)).isEqualTo(correlationId);
            assertThat(response.getShort(12)).isEqualTo((short) ResponseCode.OK);
            assertThat(response.getShort(14)).as("offset type").isEqualTo((short) OFFSET);
            assertThat(response.readableBytes()).isEqualTo(24);
            return response.getLong(16);
        } finally {
            response.release();
        }
    }

    private int sendResolve(String stream, int type, long value, Map<String, String> properties) {
        int correlationId = nextCorrelationId++;
        send(out -> {
            out.writeInt(correlationId);
            FrameWriter.string(out, stream);
            out.writeShort(type);
            if (type == OFFSET || type == TIMESTAMP) {
                out.writeLong(value);
            }
            if (!properties.isEmpty()) {
                writeProperties(out, properties);
            }
        });
        return correlationId;
    }

    private static void writeProperties(ByteBuf out, Map<String, String> properties) {
        out.writeInt(properties.size());
        properties.forEach((key, value) -> {
            FrameWriter.string(out, key);
            FrameWriter.string(out, value);
        });
    }

    private void assertResponse(int correlationId, int code, long offset) {
        ByteBuf response = channel.readOutbound();
        try {
            assertThat(response.getInt(8)).isEqualTo(correlationId);
            assertThat(response.getShort(12)).isEqualTo((short) code);
            assertThat(response.getShort(14)).as("offset type").isEqualTo((short) OFFSET);
            assertThat(response.getLong(16)).isEqualTo(offset);
        } finally {
            response.release();
        }
    }

    private void send(Consumer<ByteBuf> content) {
        script.send(CommandKey.RESOLVE_OFFSET_SPEC, 1, content);
    }

    private void drain() {
        for (ByteBuf frame = channel.readOutbound(); frame != null; frame = channel.readOutbound()) {
            frame.release();
        }
    }

    private static ByteBuffer utf8(String value) {
        return ByteBuffer.wrap(value.getBytes(StandardCharsets.UTF_8));
    }
}
