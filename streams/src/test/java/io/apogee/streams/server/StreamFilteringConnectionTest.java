package io.apogee.streams.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.streams.chunk.BloomWriter;
import io.apogee.streams.chunk.ChunkBloom;
import io.apogee.streams.chunk.ChunkLayout;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stream filtering on the wire, on one connection without a socket: publish v2 frames write chunks with osiris's bloom
 * filter, and a subscription with {@code filter.N} properties is sent only the chunks that may hold its values.
 *
 * <p>The stream holds four chunks: 0 has two "california" messages, 1 one "texas", 2 one message published in v1
 * (no filter value), and 3 a "california" message and one without a value.
 */
class StreamFilteringConnectionTest {
    private static final int DELIVER_V1_HEADER = 9;
    private static final int CHUNK_ID_IN_HEADER = 24;

    @TempDir
    Path dir;
    private ConnectionScript script;
    private EmbeddedChannel channel;

    @BeforeEach
    void connect() {
        script = new ConnectionScript(dir);
        channel = script.channel;
        script.handshake();
        drain();
        script.registry.create("s");
        script.send(CommandKey.DECLARE_PUBLISHER, 1, out -> {
            out.writeInt(10).writeByte(0).writeShort(-1);
            FrameWriter.string(out, "s");
        });
        publishV2("california", "california");
        publishV2("texas");
        script.send(CommandKey.PUBLISH, 1, out -> out.writeByte(0).writeInt(1).writeLong(4).writeInt(1).writeByte('x'));
        publishV2("california", null);
        List<Integer> codes = responseCodes();
        assertThat(codes).as("declared, then four confirms").containsExactly(ResponseCode.OK);
    }

    @AfterEach
    void close() {
        script.close();
    }

    @Test
    void chunksOfPublishV2CarryTheBloomFilterOfTheirValues() {
        StreamLog log = script.registry.get("s");
        assertThat(log.chunkCount()).isEqualTo(4);
        ByteBuffer expected = ByteBuffer.allocate(ChunkBloom.DEFAULT_SIZE);
        // make_hash(<<"california">>, 128) = {83, 49} in osiris; chunk 3 also has bit 0 for its message without a value
        ChunkBloom.set(expected, 0, 83);
        ChunkBloom.set(expected, 0, 49);
        assertThat(bloomOf(log, 0)).containsExactly(expected.array());
        assertThat(bloomOf(log, 2)).as("published in v1: no filter").isEmpty();
        ChunkBloom.set(expected, 0, ChunkBloom.UNFILTERED_BIT);
        assertThat(bloomOf(log, 3)).containsExactly(expected.array());
    }

    @Test
    void aFilteringSubscriptionIsSentOnlyTheChunksOfItsValuesAndSpendsNoCreditOnTheOthers() {
        subscribe(20, 1, 2, Map.of("filter.0", "california"));
        List<Long> delivered = deliveredChunkIds(1);
        assertThat(delivered).as("two credits are enough for chunks 0 and 3").containsExactly(0L, 4L);

        subscribe(21, 2, 10, Map.of("filter.0", "texas"));
        assertThat(deliveredChunkIds(2)).containsExactly(2L);

        subscribe(22, 3, 10, Map.of("filter.0", "texas", "match-unfiltered", "true"));
        assertThat(deliveredChunkIds(3)).as("texas, the v1 chunk and the mixed one").containsExactly(2L, 3L, 4L);

        subscribe(23, 4, 10, Map.of());
        assertThat(deliveredChunkIds(4)).as("no filter: every chunk").containsExactly(0L, 2L, 3L, 4L);
    }

    @Test
    void aDeliveredChunkWithAFilterIsItsHeaderAndDataWithoutTheFilter() {
        subscribe(20, 1, 1, Map.of("filter.0", "california"));
        ByteBuf deliver = nextDeliver();
        try {
            int chunk = DELIVER_V1_HEADER;
            assertThat(deliver.getByte(chunk + 44)).as("the bloom size stays in the header").isEqualTo((byte) 16);
            assertThat(deliver.readableBytes()).as("frame header, chunk header, two entries of 5 bytes")
                .isEqualTo(DELIVER_V1_HEADER + ChunkLayout.HEADER_LENGTH + 10);
            assertThat(deliver.getInt(chunk + ChunkLayout.HEADER_LENGTH)).as("the first entry follows the header").isEqualTo(1);
            assertThat(deliver.getByte(chunk + ChunkLayout.HEADER_LENGTH + 4)).isEqualTo((byte) 'c');
        } finally {
            deliver.release();
        }
    }

    @Test
    void aLongRunOfUnwantedChunksIsSkippedAcrossSeveralPumps() {
        StreamLog log = script.registry.get("s");
        BloomWriter bloom = new BloomWriter();
        ByteBuffer texas = ByteBuffer.wrap("texas".getBytes(StandardCharsets.UTF_8));
        ByteBuffer entry = ByteBuffer.allocate(5).putInt(0, 1).put(4, (byte) 't');
        for (int i = 0; i < Subscription.MAX_SKIPS_PER_PUMP * 2 + 10; i++) {
            bloom.reset(ChunkBloom.DEFAULT_SIZE).add(texas, 0, 5);
            log.append(entry.duplicate(), 1, 1, null, 0, bloom);
        }
        long last = log.nextOffset();
        publishV2("california");
        assertThat(responseCodes()).as("confirmed").containsExactly(ResponseCode.OK);
        subscribe(20, 1, 10, Map.of("filter.0", "california"));
        channel.runPendingTasks();
        channel.runPendingTasks();
        channel.runPendingTasks();
        assertThat(deliveredChunkIds(1)).containsExactly(0L, 4L, last);
    }

    @Test
    void badFilterPropertiesArePreconditionFailed() {
        Map<String, String> tooMany = new LinkedHashMap<>();
        for (int i = 0; i <= Subscriptions.MAX_FILTER_VALUES; i++) {
            tooMany.put("filter." + i, "v" + i);
        }
        subscribe(30, 1, 1, tooMany);
        subscribe(31, 2, 1, Map.of("filter.0", "x".repeat(Subscriptions.MAX_FILTER_VALUE_LENGTH + 1)));
        subscribe(32, 3, 1, Map.of("filter.0", "texas", "match-unfiltered", "yes"));
        subscribe(33, 4, 1, Map.of("filter.0", "x".repeat(Subscriptions.MAX_FILTER_VALUE_LENGTH)));
        List<Integer> codes = new ArrayList<>();
        for (ByteBuf frame = channel.readOutbound(); frame != null; frame = channel.readOutbound()) {
            if ((frame.getShort(4) & 0xFFFF) == (CommandKey.SUBSCRIBE | CommandKey.RESPONSE_FLAG)) {
                codes.add(frame.getInt(8) * 100 + frame.getShort(12));
            }
            frame.release();
        }
        assertThat(codes).containsExactly(3000 + ResponseCode.PRECONDITION_FAILED, 3100 + ResponseCode.PRECONDITION_FAILED,
            3200 + ResponseCode.PRECONDITION_FAILED, 3300 + ResponseCode.OK);
        assertThat(channel.isOpen()).isTrue();
    }

    /** One publish v2 frame, a message of one byte (the value's first letter, or 'n') per filter value (null: none). */
    private void publishV2(String... values) {
        script.send(CommandKey.PUBLISH, 2, out -> {
            out.writeByte(0).writeInt(values.length);
            for (String value : values) {
                out.writeLong(System.nanoTime());
                if (value == null) {
                    out.writeShort(-1);
                } else {
                    FrameWriter.string(out, value);
                }
                out.writeInt(1).writeByte(value == null ? 'n' : value.charAt(0));
            }
        });
    }

    private void subscribe(int correlationId, int subscriptionId, int credit, Map<String, String> properties) {
        script.send(CommandKey.SUBSCRIBE, 1, out -> {
            out.writeInt(correlationId).writeByte(subscriptionId);
            FrameWriter.string(out, "s");
            out.writeShort(1).writeShort(credit).writeInt(properties.size());
            properties.forEach((key, value) -> {
                FrameWriter.string(out, key);
                FrameWriter.string(out, value);
            });
        });
    }

    /** The chunk ids of the deliver frames for {@code subscriptionId} waiting in the outbound queue; the rest is dropped. */
    private List<Long> deliveredChunkIds(int subscriptionId) {
        List<Long> ids = new ArrayList<>();
        for (ByteBuf frame = channel.readOutbound(); frame != null; frame = channel.readOutbound()) {
            if (frame.getShort(4) == CommandKey.DELIVER && frame.getByte(8) == subscriptionId) {
                ids.add(frame.getLong(DELIVER_V1_HEADER + CHUNK_ID_IN_HEADER));
            }
            frame.release();
        }
        return ids;
    }

    private ByteBuf nextDeliver() {
        for (ByteBuf frame = channel.readOutbound(); frame != null; frame = channel.readOutbound()) {
            if (frame.getShort(4) == CommandKey.DELIVER) {
                return frame;
            }
            frame.release();
        }
        throw new AssertionError("no deliver frame");
    }

    /** The distinct response codes waiting in the outbound queue, publish confirms counting as OK. */
    private List<Integer> responseCodes() {
        List<Integer> codes = new ArrayList<>();
        for (ByteBuf frame = channel.readOutbound(); frame != null; frame = channel.readOutbound()) {
            int key = frame.getShort(4) & 0xFFFF;
            int code = key == CommandKey.PUBLISH_CONFIRM ? ResponseCode.OK
                : key == CommandKey.PUBLISH_ERROR ? -1 : frame.getShort(12);
            if (!codes.contains(code)) {
                codes.add(code);
            }
            frame.release();
        }
        return codes;
    }

    private static byte[] bloomOf(StreamLog log, int slot) {
        StreamLog.ChunkBytes chunk = log.retainChunk(slot);
        try {
            byte[] bloom = new byte[chunk.bloomSize()];
            chunk.bytes().get(ChunkLayout.HEADER_LENGTH, bloom);
            return bloom;
        } finally {
            chunk.segment().release();
        }
    }

    private void drain() {
        for (ByteBuf frame = channel.readOutbound(); frame != null; frame = channel.readOutbound()) {
            frame.release();
        }
    }
}
