package io.apogee.streams.server;

import io.apogee.streams.log.StreamOptions;
import io.apogee.streams.log.StreamRegistry;
import io.apogee.streams.log.SuperStreams;
import io.apogee.streams.protocol.CommandKey;
import io.apogee.streams.protocol.FrameReader;
import io.apogee.streams.protocol.FrameWriter;
import io.apogee.streams.protocol.ResponseCode;
import io.apogee.streams.server.StreamPermissions.Operation;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.List;

/**
 * The super stream commands: create and delete a super stream with its partitions and binding keys, route a routing key
 * to partitions, and list the partitions. The connection's user needs the operation on the super stream's name and on
 * each partition, as RabbitMQ checks the super stream's exchange and each partition; a refusal is answered
 * ACCESS_REFUSED, with no stream for route and partitions.
 *
 * <p>Not thread-safe: one per connection, on its event loop; the registry it shares is thread-safe.
 */
final class SuperStreamCommands {
    private static final int MAX_PARTITIONS = 1024;

    private final StreamRegistry registry;
    private final ConnectionAccess access;

    SuperStreamCommands(StreamRegistry registry, ConnectionAccess access) {
        this.registry = registry;
        this.access = access;
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
        } else if (!allowed(name, streams, Operation.CREATE)) {
            code = ResponseCode.ACCESS_REFUSED;
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
        List<String> partitions = streamsOf(registry.superStreams().partitions(name));
        int code = !allowed(name, partitions == null ? List.of() : partitions, Operation.DELETE) ? ResponseCode.ACCESS_REFUSED
            : registry.deleteSuperStream(name) ? ResponseCode.OK : ResponseCode.STREAM_DOES_NOT_EXIST;
        out.respond(CommandKey.DELETE_SUPER_STREAM, correlationId, code);
    }

    private void onRoute(FrameReader reader, Responder out) {
        int correlationId = reader.int32("correlation id");
        String routingKey = reader.requiredString("routing key", StreamConnection.MAX_STRING);
        String name = reader.requiredString("super stream", StreamConnection.MAX_STRING);
        reader.end("route");
        if (!access.allows(name, Operation.DESCRIBE)) {
            respondRefused(out, CommandKey.ROUTE, correlationId);
            return;
        }
        List<String> streams = registry.superStreams().route(name, routingKey);
        if (streams != null && !allowed(streams, Operation.DESCRIBE)) {
            respondRefused(out, CommandKey.ROUTE, correlationId);
            return;
        }
        respondWithStreams(out, CommandKey.ROUTE, correlationId, streams);
    }

    private void onPartitions(FrameReader reader, Responder out) {
        int correlationId = reader.int32("correlation id");
        String name = reader.requiredString("super stream", StreamConnection.MAX_STRING);
        reader.end("partitions");
        if (!access.allows(name, Operation.DESCRIBE)) {
            respondRefused(out, CommandKey.PARTITIONS, correlationId);
            return;
        }
        List<String> streams = streamsOf(registry.superStreams().partitions(name));
        if (streams != null && !allowed(streams, Operation.DESCRIBE)) {
            respondRefused(out, CommandKey.PARTITIONS, correlationId);
            return;
        }
        respondWithStreams(out, CommandKey.PARTITIONS, correlationId, streams);
    }

    private static List<String> streamsOf(List<SuperStreams.Partition> partitions) {
        return partitions == null ? null : partitions.stream().map(SuperStreams.Partition::stream).toList();
    }

    /** Whether the user may do {@code operation} to the super stream {@code name} and each of its {@code partitions}. */
    private boolean allowed(String name, List<String> partitions, Operation operation) {
        return access.allows(name, operation) && allowed(partitions, operation);
    }

    /** Whether the user may do {@code operation} to each of {@code streams}; stops at the first refusal. */
    private boolean allowed(List<String> streams, Operation operation) {
        for (String stream : streams) {
            if (!access.allows(stream, operation)) {
                return false;
            }
        }
        return true;
    }

    /** ACCESS_REFUSED with no stream, as RabbitMQ answers a refused route or partitions. */
    private static void respondRefused(Responder out, int key, int correlationId) {
        ByteBuf frame = out.alloc();
        int start = FrameWriter.beginResponse(frame, key, StreamConnection.VERSION_1, correlationId,
            ResponseCode.ACCESS_REFUSED);
        frame.writeInt(0);
        out.send(frame, start);
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
