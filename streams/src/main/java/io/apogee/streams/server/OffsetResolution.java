package io.apogee.streams.server;

import io.apogee.streams.chunk.BloomMatcher;
import io.apogee.streams.chunk.ChunkLayout;
import io.apogee.streams.log.OffsetStart;
import io.apogee.streams.log.StreamLog;
import io.apogee.streams.log.StreamRegistry;
import io.apogee.streams.protocol.CommandKey;
import io.apogee.streams.protocol.FrameReader;
import io.apogee.streams.protocol.FrameWriter;
import io.apogee.streams.protocol.ResponseCode;
import io.apogee.streams.server.StreamPermissions.Operation;
import io.netty.buffer.ByteBuf;
import java.util.Map;

/**
 * Resolve offset spec (0x1f): the offset at which a subscription from an offset specification starts receiving. The
 * start comes from the same {@link StreamLog#startSlot} a subscribe uses; from there, as a subscription delivers, the
 * tracking chunks are passed over, and with {@code filter.N} properties so are the chunks whose bloom filter holds none
 * of the values. The answer is the chunk id found, or the next offset when no chunk is left; its offset type is always
 * 4 (offset), as RabbitMQ answers.
 *
 * <p>It needs what a subscription to the stream needs ({@link Operation#SUBSCRIBE}), and answers ACCESS_REFUSED
 * otherwise.
 *
 * <p>{@code chunk_selector=all} keeps the tracking chunks, as osiris's selector does; any other value is
 * {@code user_data}, the default.
 *
 * <p>Not thread-safe: one per connection, on its event loop; the registry it shares is thread-safe.
 */
final class OffsetResolution {
    /** The offset type of every answer: an offset. */
    static final int RESOLVED_TYPE_OFFSET = 4;
    private static final String CHUNK_SELECTOR = "chunk_selector";
    private static final String ALL_CHUNKS = "all";

    private final StreamRegistry registry;
    private final ConnectionAccess access;

    OffsetResolution(StreamRegistry registry, ConnectionAccess access) {
        this.registry = registry;
        this.access = access;
    }

    /** Whether {@code key} is its command. */
    boolean handles(int key) {
        return key == CommandKey.RESOLVE_OFFSET_SPEC;
    }

    /** Reads a resolve offset spec frame and answers it. */
    boolean on(FrameReader reader, Responder out) {
        int correlationId = reader.int32("correlation id");
        String stream = reader.requiredString("stream", StreamConnection.MAX_STRING);
        int type = reader.uint16("offset type");
        OffsetStart start = Subscriptions.offsetStart(type, "resolve offset spec");
        long value = Subscriptions.readOffsetValue(reader, type);
        Map<String, String> properties = Subscriptions.readProperties(reader);
        reader.end("resolve offset spec");
        if (!access.allows(stream, Operation.SUBSCRIBE)) {
            respond(out, correlationId, ResponseCode.ACCESS_REFUSED, 0); // a read, as a subscription from it would be
            return true;
        }
        StreamLog log = registry.get(stream);
        if (log == null) {
            respond(out, correlationId, ResponseCode.STREAM_DOES_NOT_EXIST, 0);
            return true;
        }
        if (Subscriptions.filterProblem(properties) != null) {
            respond(out, correlationId, ResponseCode.PRECONDITION_FAILED, 0); // as a subscribe with them is refused
            return true;
        }
        boolean allChunks = ALL_CHUNKS.equals(properties.get(CHUNK_SELECTOR));
        long offset = resolve(log, log.startSlot(start, value), Subscriptions.filterOf(properties), allChunks);
        respond(out, correlationId, ResponseCode.OK, offset);
        return true;
    }

    /**
     * The chunk id of the first chunk at or after {@code slot} that a reader with {@code filter} (null for none) is
     * sent, tracking chunks included when {@code allChunks}; the next offset when there is none.
     */
    static long resolve(StreamLog log, int slot, BloomMatcher filter, boolean allChunks) {
        for (int at = Math.max(slot, log.firstSlot()); at < log.chunkCount(); at++) {
            if (!allChunks && !log.isUserChunk(at)) {
                continue;
            }
            if (filter == null || !log.isUserChunk(at)) {
                return log.chunkId(at);
            }
            StreamLog.ChunkBytes chunk = log.retainChunk(at);
            if (chunk == null) {
                continue; // dropped by retention since the count was read
            }
            try {
                if (filter.matches(chunk.bytes(), ChunkLayout.HEADER_LENGTH, chunk.bloomSize())) {
                    return log.chunkId(at);
                }
            } finally {
                chunk.segment().release();
            }
        }
        return log.nextOffset();
    }

    private static void respond(Responder out, int correlationId, int code, long offset) {
        ByteBuf frame = out.alloc();
        int start = FrameWriter.beginResponse(frame, CommandKey.RESOLVE_OFFSET_SPEC, StreamConnection.VERSION_1,
            correlationId, code);
        frame.writeShort(RESOLVED_TYPE_OFFSET).writeLong(offset);
        out.send(frame, start);
    }
}
