package io.apogee.streams.log;

import io.apogee.store.file.FencedIo;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The super streams of a broker: each a name, its partition streams in order, and the binding key of each partition.
 * A route sends a routing key to the partitions bound with that key, as RabbitMQ's direct exchange of a super stream
 * does. The definitions are kept in one file, rewritten atomically on each change:
 *
 * <pre>
 *  count (int32), then per super stream: name (UTF), partitions (int32), then per partition: stream (UTF), key (UTF)
 * </pre>
 *
 * <p>Thread-safe: changes and lookups take this object's monitor; they are rare admin commands.
 */
public final class SuperStreams {
    /** A partition stream and its binding key. */
    public record Partition(String stream, String bindingKey) {
    }

    private final FencedIo io;
    private final Path file;
    private final Map<String, List<Partition>> superStreams = new LinkedHashMap<>();

    private SuperStreams(FencedIo io, Path file) {
        this.io = io;
        this.file = file;
    }

    /** Reads the definitions in {@code file}, if it exists. */
    static SuperStreams open(FencedIo io, Path file) {
        SuperStreams streams = new SuperStreams(io, file);
        byte[] content = io.readAll(file);
        if (content != null) {
            streams.read(content);
        }
        return streams;
    }

    private void read(byte[] content) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(content))) {
            int count = in.readInt();
            for (int i = 0; i < count; i++) {
                String name = in.readUTF();
                int partitions = in.readInt();
                List<Partition> list = new ArrayList<>(partitions);
                for (int p = 0; p < partitions; p++) {
                    list.add(new Partition(in.readUTF(), in.readUTF()));
                }
                superStreams.put(name, List.copyOf(list));
            }
        } catch (IOException e) {
            throw new IllegalStateException("unreadable super stream definitions in " + file, e);
        }
    }

    /** Whether {@code name} is a super stream. */
    public synchronized boolean exists(String name) {
        return superStreams.containsKey(name);
    }

    /** The partitions of {@code name} in order, or null when it is not a super stream. */
    public synchronized List<Partition> partitions(String name) {
        return superStreams.get(name);
    }

    /** The partition streams of {@code name} bound with {@code routingKey}, or null when it is not a super stream. */
    public synchronized List<String> route(String name, String routingKey) {
        List<Partition> partitions = superStreams.get(name);
        if (partitions == null) {
            return null;
        }
        List<String> streams = new ArrayList<>();
        for (Partition partition : partitions) {
            if (partition.bindingKey().equals(routingKey)) {
                streams.add(partition.stream());
            }
        }
        return streams;
    }

    /** Records the super stream {@code name}, which must not exist. */
    synchronized void add(String name, List<Partition> partitions) {
        superStreams.put(name, List.copyOf(partitions));
        write();
    }

    /** Forgets {@code name}; returns its partitions, or null when there was none. */
    synchronized List<Partition> remove(String name) {
        List<Partition> partitions = superStreams.remove(name);
        if (partitions != null) {
            write();
        }
        return partitions;
    }

    private void write() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(superStreams.size());
            for (Map.Entry<String, List<Partition>> entry : superStreams.entrySet()) {
                out.writeUTF(entry.getKey());
                out.writeInt(entry.getValue().size());
                for (Partition partition : entry.getValue()) {
                    out.writeUTF(partition.stream());
                    out.writeUTF(partition.bindingKey());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        io.writeAtomically(file, ByteBuffer.wrap(bytes.toByteArray()));
    }
}
