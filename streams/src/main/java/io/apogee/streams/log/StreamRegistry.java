package io.apogee.streams.log;

import io.apogee.common.time.Clock;
import io.apogee.store.file.FencedIo;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The streams of one broker, each in its own directory under {@code root} (named by the stream), opened at start and
 * created and deleted by clients. Names are checked where they enter: 1 to 255 characters, none of them a path
 * separator, and neither "." nor "..".
 *
 * <p>Thread-safe: creation and deletion take this registry's monitor; lookups take no lock.
 */
public final class StreamRegistry implements AutoCloseable {
    private static final Pattern BAD_NAME = Pattern.compile("[/\\\\\\x00-\\x1F]|^\\.{1,2}$");
    private static final int MAX_NAME_LENGTH = 255;

    private final FencedIo io;
    private final Path root;
    private final int segmentSize;
    private final Clock clock;
    private final Map<String, StreamLog> streams = new ConcurrentHashMap<>();

    private StreamRegistry(FencedIo io, Path root, int segmentSize, Clock clock) {
        this.io = io;
        this.root = root;
        this.segmentSize = segmentSize;
        this.clock = clock;
    }

    /** Opens every stream directory under {@code root}. */
    public static StreamRegistry open(FencedIo io, Path root, int segmentSize, Clock clock) {
        StreamRegistry registry = new StreamRegistry(io, root, segmentSize, clock);
        io.createDirectories(root);
        for (Path directory : io.subdirectories(root)) {
            String name = directory.getFileName().toString();
            registry.streams.put(name, StreamLog.open(io, directory, name, segmentSize, clock));
        }
        return registry;
    }

    /** Whether {@code name} may name a stream. */
    public static boolean isValidName(String name) {
        return name != null && !name.isEmpty() && name.length() <= MAX_NAME_LENGTH && !BAD_NAME.matcher(name).find();
    }

    /** The stream {@code name}, or null. */
    public StreamLog get(String name) {
        return streams.get(name);
    }

    /** Creates the stream {@code name} (a valid name); false when it exists. */
    public synchronized boolean create(String name) {
        if (streams.containsKey(name)) {
            return false;
        }
        streams.put(name, StreamLog.open(io, root.resolve(name), name, segmentSize, clock));
        return true;
    }

    /** Deletes the stream {@code name} and its files; false when there is none. */
    public synchronized boolean delete(String name) {
        StreamLog log = streams.remove(name);
        if (log == null) {
            return false;
        }
        log.delete();
        io.delete(root.resolve(name));
        return true;
    }

    /** Flushes and closes every stream. */
    @Override
    public synchronized void close() {
        streams.values().forEach(StreamLog::close);
        streams.clear();
    }
}
