package io.apogee.streams.server;

import io.apogee.streams.log.StreamOptions;
import io.apogee.streams.log.StreamRegistry;
import io.apogee.streams.log.SuperStreams;
import io.apogee.streams.protocol.CommandKey;
import io.apogee.streams.protocol.FrameReader;
import io.apogee.streams.protocol.FrameWriter;
import io.apogee.streams.protocol.ResponseCode;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.List;

/**
 * The super stream commands: create and delete a super stream with its partitions and binding keys, route a routing key
 * to partitions, and list the partitions.
 *
 * <p>Not thread-safe: one per connection, on its event loop; the registry it shares is thread-safe.
 */
final class SuperStreamCommands {
    private static final int MAX_PARTITIONS = 1024;

    private final StreamRegistry registry;

    SuperStreamCommands(StreamRegistry registry) {
        this.registry = registry;
    }

    /** Whether {@code key} is one of its commands. */
    boolean handles(int key) {
        return key == CommandKey.CREATE_SUPER_STREAM || key == CommandKey.DELETE_SUPER_STREAM || key == CommandKey.ROUTE
            || key == CommandKey.PARTITIONS;
    }

    /** Handles a frame of one of its commands. */
    boolean on(int key, FrameReader reader, Responder out) {
        switch (key) {
            case CommandKey.CREATE_SUPER_STREAM -> onCreate(reader, out);
            case CommandKey.DELETE_SUPER_STREAM -> onDelete(reader, out);
            case CommandKey.ROUTE -> onRoute(reader, out);
            default -> onPartitions(reader, out);
        }
        return true;
    }

    private void onCreate(FrameReader reader, Responder out) {
        int correlationId = reader.int32("correlation id");
        String name = reader.requiredString("super stream", StreamConnection.MAX_STRING);
        List<String> streams = strings(reader, "partitions");
        List<String> keys = strings(reader, "binding keys");
        StreamOptions options = StreamCommands.readOptions(reader, registry.defaultSegmentSize());
        reader.end("create super stream");
        int code;
        if (options == null || streams.size() != keys.size()) {
            code = ResponseCode.PRECONDITION_FAILED;
        } else {
            List<SuperStreams.Partition> partitions = new ArrayList<>(streams.size());
            for (int i = 0; i < streams.size(); i++) {
                partitions.add(new SuperStreams.Partition(streams.get(i), keys.get(i)));
            }
            code = switch (registry.createSuperStream(name, partitions, options)) {
                case CREATED -> ResponseCode.OK;
                case EXISTS -> ResponseCode.STREAM_ALREADY_EXISTS;
                case INVALID -> ResponseCode.PRECONDITION_FAILED;
            };
        }
        out.respond(CommandKey.CREATE_SUPER_STREAM, correlationId, code);
    }

    private static List<String> strings(FrameReader reader, String field) {
        int count = reader.arrayLength(field, MAX_PARTITIONS);
        List<String> values = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            values.add(reader.requiredString(field, StreamConnection.MAX_STRING));
        }
        return values;
    }

    private void onDelete(FrameReader reader, Responder out) {
        int correlationId = reader.int32("correlation id");
        String name = reader.requiredString("super stream", StreamConnection.MAX_STRING);
        reader.end("delete super stream");
        int code = registry.deleteSuperStream(name) ? ResponseCode.OK : ResponseCode.STREAM_DOES_NOT_EXIST;
        out.respond(CommandKey.DELETE_SUPER_STREAM, correlationId, code);
    }

    private void onRoute(FrameReader reader, Responder out) {
        int correlationId = reader.int32("correlation id");
        String routingKey = reader.requiredString("routing key", StreamConnection.MAX_STRING);
        String name = reader.requiredString("super stream", StreamConnection.MAX_STRING);
        reader.end("route");
        respondWithStreams(out, CommandKey.ROUTE, correlationId, registry.superStreams().route(name, routingKey));
    }

    private void onPartitions(FrameReader reader, Responder out) {
        int correlationId = reader.int32("correlation id");
        String name = reader.requiredString("super stream", StreamConnection.MAX_STRING);
        reader.end("partitions");
        List<SuperStreams.Partition> partitions = registry.superStreams().partitions(name);
        List<String> streams = partitions == null ? null : partitions.stream().map(SuperStreams.Partition::stream).toList();
        respondWithStreams(out, CommandKey.PARTITIONS, correlationId, streams);
    }

    /** A response with a list of streams; STREAM_DOES_NOT_EXIST and no stream when {@code streams} is null. */
    private static void respondWithStreams(Responder out, int key, int correlationId, List<String> streams) {
        ByteBuf frame = out.alloc();
        int start = FrameWriter.beginResponse(frame, key, StreamConnection.VERSION_1, correlationId,
            streams == null ? ResponseCode.STREAM_DOES_NOT_EXIST : ResponseCode.OK);
        List<String> list = streams == null ? List.of() : streams;
        frame.writeInt(list.size());
        for (String stream : list) {
            FrameWriter.string(frame, stream);
        }
        out.send(frame, start);
    }
}
