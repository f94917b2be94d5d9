package io.apogee.streams.server;

import io.apogee.streams.chunk.TrackingLayout;
import io.apogee.streams.log.StreamLog;
import io.apogee.streams.log.StreamOptions;
import io.apogee.streams.log.StreamRegistry;
import io.apogee.streams.protocol.CommandKey;
import io.apogee.streams.protocol.FrameLayout;
import io.apogee.streams.protocol.FrameReader;
import io.apogee.streams.protocol.FrameWriter;
import io.apogee.streams.protocol.ResponseCode;
import io.apogee.streams.server.StreamPermissions.Operation;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The commands about streams as a whole: create, delete, metadata, the tracked offsets and publisher sequences, and
 * the exchange of command versions. Each command that names a stream asks the connection's {@link ConnectionAccess}
 * first, and a refusal is answered ACCESS_REFUSED, as RabbitMQ answers it: in metadata, for that stream only.
 *
 * <p>Not thread-safe: one per connection, on its event loop; the registry it shares is thread-safe.
 */
final class StreamCommands {
    /** The creation arguments taken; the leader locator and cluster size mean nothing to a single broker. */
    static final Set<String> CREATE_ARGUMENTS = Set.of("max-length-bytes", "max-age", "stream-max-segment-size-bytes",
        "stream-filter-size-bytes", "queue-leader-locator", "initial-cluster-size");
    private static final int MAX_STREAMS = 1024;
    private static final int MAX_ARGUMENTS = 64;
    private static final int BROKER_REFERENCE = 0;
    private static final int NO_LEADER = 0xFFFF;
    /** The commands and versions this server takes, as exchange command versions reports them. */
    private static final int[] SUPPORTED = {CommandKey.DECLARE_PUBLISHER, CommandKey.PUBLISH, CommandKey.QUERY_PUBLISHER_SEQUENCE,
        CommandKey.DELETE_PUBLISHER, CommandKey.SUBSCRIBE, CommandKey.DELIVER, CommandKey.CREDIT, CommandKey.STORE_OFFSET,
        CommandKey.QUERY_OFFSET, CommandKey.UNSUBSCRIBE, CommandKey.CREATE, CommandKey.DELETE, CommandKey.METADATA,
        CommandKey.METADATA_UPDATE, CommandKey.PEER_PROPERTIES, CommandKey.SASL_HANDSHAKE, CommandKey.SASL_AUTHENTICATE,
        CommandKey.TUNE, CommandKey.OPEN, CommandKey.CLOSE, CommandKey.HEARTBEAT, CommandKey.EXCHANGE_COMMAND_VERSIONS,
        CommandKey.STREAM_STATS, CommandKey.CONSUMER_UPDATE, CommandKey.ROUTE, CommandKey.PARTITIONS,
        CommandKey.CREATE_SUPER_STREAM, CommandKey.DELETE_SUPER_STREAM, CommandKey.RESOLVE_OFFSET_SPEC};
    private static final String FIRST_CHUNK_ID = "first_chunk_id";
    private static final String COMMITTED_CHUNK_ID = "committed_chunk_id";
    private static final String COMMITTED_OFFSET = "committed_offset";

    private final StreamRegistry registry;
    private final PeerVersions peer;
    private final ConnectionAccess access;
    private final String host;
    private final int port;

    StreamCommands(StreamRegistry registry, PeerVersions peer, ConnectionAccess access, String host, int port) {
        this.registry = registry;
        this.peer = peer;
        this.access = access;
        this.host = host;
        this.port = port;
    }

    /** Handles a frame of {@code key}; false when the key is not one of its commands. */
    boolean on(int key, FrameReader reader, Responder out) {
        switch (key) {
            case CommandKey.CREATE -> onCreate(reader, out);
            case CommandKey.DELETE -> onDelete(reader, out);
            case CommandKey.METADATA -> onMetadata(reader, out);
            case CommandKey.STORE_OFFSET -> onStoreOffset(reader);
            case CommandKey.QUERY_OFFSET -> onQueryOffset(reader, out);
            case CommandKey.QUERY_PUBLISHER_SEQUENCE -> onQuerySequence(reader, out);
            case CommandKey.EXCHANGE_COMMAND_VERSIONS -> onExchangeVersions(reader, out);
            case CommandKey.STREAM_STATS -> onStreamStats(reader, out);
            default -> {
                return false;
            }
        }
        return true;
    }

    private void onCreate(FrameReader reader, Responder out) {
        int correlationId = reader.int32("correlation id");
        String stream = reader.requiredString("stream", StreamConnection.MAX_STRING);
        StreamOptions options = readOptions(reader, registry.defaultSegmentSize());
        reader.end("create");
        int code = options == null || !StreamRegistry.isValidName(stream) ? ResponseCode.PRECONDITION_FAILED
            : !access.allows(stream, Operation.CREATE) ? ResponseCode.ACCESS_REFUSED
            : registry.create(stream, options) ? ResponseCode.OK : ResponseCode.STREAM_ALREADY_EXISTS;
        out.respond(CommandKey.CREATE, correlationId, code);
    }

    /** Reads the arguments of a create command; null when a key is unknown or a value not taken. */
    static StreamOptions readOptions(FrameReader reader, int defaultSegmentSize) {
        int count = reader.arrayLength("arguments", MAX_ARGUMENTS);
        boolean known = true;
        Map<String, String> arguments = new HashMap<>();
        for (int i = 0; i < count; i++) {
            String argument = reader.requiredString("argument key", StreamConnection.MAX_STRING);
            known &= CREATE_ARGUMENTS.contains(argument);
            arguments.put(argument, reader.string("argument value", StreamConnection.MAX_STRING));
        }
        StreamOptions options = StreamOptions.fromArguments(arguments, defaultSegmentSize);
        return known ? options : null;
    }

    private void onDelete(FrameReader reader, Responder out) {
        int correlationId = reader.int32("correlation id");
        String stream = reader.requiredString("stream", StreamConnection.MAX_STRING);
        reader.end("delete");
        int code = !access.allows(stream, Operation.DELETE) ? ResponseCode.ACCESS_REFUSED
            : registry.delete(stream) ? ResponseCode.OK : ResponseCode.STREAM_DOES_NOT_EXIST;
        out.respond(CommandKey.DELETE, correlationId, code);
    }

    private void onMetadata(FrameReader reader, Responder out) {
        int correlationId = reader.int32("correlation id");
        int count = reader.arrayLength("streams", MAX_STREAMS);
        List<String> streams = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            streams.add(reader.requiredString("stream", StreamConnection.MAX_STRING));
        }
        reader.end("metadata");
        ByteBuf frame = out.alloc();
        int start = FrameLayout.begin(frame, CommandKey.METADATA | CommandKey.RESPONSE_FLAG,
            StreamConnection.VERSION_1);
        frame.writeInt(correlationId).writeInt(1).writeShort(BROKER_REFERENCE);
        FrameWriter.string(frame, host);
        frame.writeInt(port).writeInt(streams.size());
        for (String stream : streams) {
            boolean allowed = access.allows(stream, Operation.DESCRIBE);
            boolean exists = allowed && registry.get(stream) != null;
            FrameWriter.string(frame, stream);
            frame.writeShort(!allowed ? ResponseCode.ACCESS_REFUSED : exists ? ResponseCode.OK : ResponseCode.STREAM_DOES_NOT_EXIST)
                .writeShort(exists ? BROKER_REFERENCE : NO_LEADER)
                .writeInt(0);
        }
        out.send(frame, start);
    }

    private void onStoreOffset(FrameReader reader) {
        String reference = reader.requiredString("reference", StreamConnection.MAX_STRING);
        String stream = reader.requiredString("stream", StreamConnection.MAX_STRING);
        long offset = reader.int64("offset");
        reader.end("store offset");
        // no answer: the command has none; a refusal is only logged
        if (reference.isEmpty() || !TrackingLayout.fits(reference) || !access.allows(stream, reference, Operation.STORE_OFFSET)) {
            return;
        }
        StreamLog log = registry.get(stream);
        if (log != null) {
            log.storeOffset(reference, offset);
        }
    }

    private void onQueryOffset(FrameReader reader, Responder out) {
        int correlationId = reader.int32("correlation id");
        String reference = reader.requiredString("reference", StreamConnection.MAX_STRING);
        String stream = reader.requiredString("stream", StreamConnection.MAX_STRING);
        reader.end("query offset");
        if (!access.allows(stream, reference, Operation.QUERY_OFFSET)) {
            respondWithLong(out, CommandKey.QUERY_OFFSET, correlationId, ResponseCode.ACCESS_REFUSED, 0);
            return;
        }
        StreamLog log = registry.get(stream);
        long offset = log == null ? -1 : log.tracking().offset(reference);
        int code = log == null ? ResponseCode.STREAM_DOES_NOT_EXIST : offset < 0 ? ResponseCode.NO_OFFSET : ResponseCode.OK;
        respondWithLong(out, CommandKey.QUERY_OFFSET, correlationId, code, Math.max(offset, 0));
    }

    private void onQuerySequence(FrameReader reader, Responder out) {
        int correlationId = reader.int32("correlation id");
        String reference = reader.requiredString("publisher reference", StreamConnection.MAX_STRING);
        String stream = reader.requiredString("stream", StreamConnection.MAX_STRING);
        reader.end("query publisher sequence");
        if (!access.allows(stream, Operation.QUERY_PUBLISHER_SEQUENCE)) {
            respondWithLong(out, CommandKey.QUERY_PUBLISHER_SEQUENCE, correlationId, ResponseCode.ACCESS_REFUSED, 0);
            return;
        }
        StreamLog log = registry.get(stream);
        int code = log == null ? ResponseCode.STREAM_DOES_NOT_EXIST : ResponseCode.OK;
        respondWithLong(out, CommandKey.QUERY_PUBLISHER_SEQUENCE, correlationId, code,
            log == null ? 0 : log.tracking().sequence(reference));
    }

    /**
     * Answers osiris's statistics of a stream: the first chunk id kept, the committed chunk id and the committed offset
     * (the last record's), each -1 when the stream holds no record, as the Java client reads them.
     */
    private void onStreamStats(FrameReader reader, Responder out) {
        int correlationId = reader.int32("correlation id");
        String stream = reader.requiredString("stream", StreamConnection.MAX_STRING);
        reader.end("stream stats");
        boolean allowed = access.allows(stream, Operation.STREAM_STATS);
        StreamLog log = allowed ? registry.get(stream) : null;
        ByteBuf frame = out.alloc();
        int start = FrameWriter.beginResponse(frame, CommandKey.STREAM_STATS, StreamConnection.VERSION_1, correlationId,
            !allowed ? ResponseCode.ACCESS_REFUSED : log == null ? ResponseCode.STREAM_DOES_NOT_EXIST : ResponseCode.OK);
        if (log == null) {
            frame.writeInt(0);
            out.send(frame, start);
            return;
        }
        long next = log.nextOffset();
        boolean empty = log.firstOffset() >= next;
        frame.writeInt(3);
        FrameWriter.string(frame, FIRST_CHUNK_ID);
        frame.writeLong(empty ? -1 : log.firstOffset());
        FrameWriter.string(frame, COMMITTED_CHUNK_ID);
        frame.writeLong(empty ? -1 : log.lastChunkId());
        FrameWriter.string(frame, COMMITTED_OFFSET);
        frame.writeLong(empty ? -1 : next - 1);
        out.send(frame, start);
    }

    private static void respondWithLong(Responder out, int key, int correlationId, int code, long value) {
        ByteBuf frame = out.alloc();
        int start = FrameWriter.beginResponse(frame, key, StreamConnection.VERSION_1, correlationId, code);
        frame.writeLong(value);
        out.send(frame, start);
    }

    private void onExchangeVersions(FrameReader reader, Responder out) {
        int correlationId = reader.int32("correlation id");
        int count = reader.arrayLength("commands", CommandKey.RESPONSE_FLAG);
        for (int i = 0; i < count; i++) {
            int key = reader.uint16("command key");
            int min = reader.uint16("min version");
            int max = reader.uint16("max version");
            if (key == CommandKey.DELIVER) {
                peer.deliverRange(min, max);
            }
        }
        reader.end("exchange command versions");
        ByteBuf frame = out.alloc();
        int start = FrameWriter.beginResponse(frame, CommandKey.EXCHANGE_COMMAND_VERSIONS, StreamConnection.VERSION_1,
            correlationId, ResponseCode.OK);
        frame.writeInt(SUPPORTED.length);
        for (int key : SUPPORTED) {
            // publish v2 adds a filter value to each message; deliver v2 adds the committed chunk id
            int max = key == CommandKey.PUBLISH || key == CommandKey.DELIVER ? StreamConnection.VERSION_2
                : StreamConnection.VERSION_1;
            frame.writeShort(key).writeShort(StreamConnection.VERSION_1).writeShort(max);
        }
        out.send(frame, start);
    }
}
